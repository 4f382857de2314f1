import { Countdown } from './countdown';
import { useLocale } from './i18n/locale';
import { PublicLayout, usePublicActions } from './public-layout';
import { useEvent, useRegistrationClosed } from './site-data';
import { NextEdition } from './registration/next-edition';
import { usePageMeta } from './use-page-meta';

import { LandingSections } from './landing-sections';
import { NextSteps } from './next-steps';

/** Each card opens the visitor form with its interest chosen (`?interest=`: a choice of the event's questions, decision 079). */
const PROMO_CARDS = [
  ['Villas', 'Gated community villas', 'villa'],
  ['Flats', 'Ready-to-move flats', 'flat'],
  ['Plots', 'Approved open plots', 'plot'],
] as const;

export function HomePage() {
  usePageMeta('/');
  return (
    <PublicLayout className="site--home">
      <main id="main">
        <HomeHero />
        <PromoBanner />
        <div className="section">
          <NextSteps />
        </div>
        <AwardsBanner />
        <LandingSections />
      </main>
    </PublicLayout>
  );
}

function HomeHero() {
  const event = useEvent();
  const { t, href, dateRange } = useLocale();
  // After the event's end (or the organiser's close) the home says so, in the API's words, before any script.
  const closed = useRegistrationClosed();
  return (
    <section className="hero hero--home" aria-labelledby="home-title">
      <div className="hero__inner">
        <p className="hero__eyebrow">{t('Property Expo & Builders Awards')}</p>
        <h1 id="home-title" className="hero__title">
          {event.eventName}
        </h1>
        <p className="hero__dates">{dateRange(event.startDateTime, event.endDateTime)}</p>
        <p className="hero__venue">{event.venue}</p>
        {closed ? (
          <>
            <p className="form__message form__message--info hero__closed" role="status">
              {t(closed)}
            </p>
            <NextEdition />
          </>
        ) : null}
        <div className="hero__actions">
          <a href={href('/visitor-registration')} className="button button--primary">
            {t('Visitor Registration')} <span className="tag">{t('Free')}</span>
          </a>
          <a href={href('/stall-registration')} className="button button--secondary">
            {t('Book a Stall')}
          </a>
        </div>
        <Countdown startIso={event.startDateTime} endIso={event.endDateTime} />
      </div>
    </section>
  );
}

function PromoBanner() {
  const { t, href } = useLocale();
  return (
    <section className="promo" aria-labelledby="promo-title">
      <div className="promo__text">
        <p className="promo__eyebrow">{t('Diwali offers')}</p>
        <h2 id="promo-title" className="promo__title">
          {t('Up to 90% loan assistance')}
        </h2>
        <p className="promo__claim">{t('100+ best projects in Hyderabad')}</p>
      </div>
      <ul className="promo__cards">
        {PROMO_CARDS.map(([title, text, interest]) => (
          <li key={title}>
            <a href={`${href('/visitor-registration')}?interest=${interest}`} className={`promo__card promo__card--${title.toLowerCase()}`}>
              <span className="promo__card-title">{t(title)}</span>
              <span className="promo__card-text">{t(text)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The lower banner: goes to /awards-registration (top of page), or opens the popup when already there. */
export function AwardsBanner({ onAwardsPage = false }: { onAwardsPage?: boolean }) {
  const event = useEvent();
  const { openPopup } = usePublicActions();
  const { t, href, day } = useLocale();
  return (
    <section className="awards-banner" aria-labelledby="awards-banner-title">
      <h2 id="awards-banner-title">{t('Biggest Awards for Builders and Developers')}</h2>
      <p>{day(event.endDateTime)}</p>
      {onAwardsPage ? (
        <button type="button" className="button button--primary" onClick={() => openPopup('Awards Registration')}>
          {t('REGISTER FOR AWARDS')}
        </button>
      ) : (
        // A new location starts at the top (the router resets scroll on navigation).
        <a href={href('/awards-registration')} className="button button--primary">
          {t('REGISTER FOR AWARDS')}
        </a>
      )}
    </section>
  );
}
