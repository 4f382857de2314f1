import type { RegistrationType } from './registration/registration-types';
import { FounderProfile } from './founder-profile';
import { PackagesSection } from './packages-section';
import { PeopleList, PeopleSection } from './people-section';
import { Programme } from './programme';
import { usePublicActions } from './public-layout';
import { useLocale } from './i18n/locale';
import { useSite } from './site-data';

const NETWORK_STATS = [
  ['10 crore', 'views per day'],
  ['10 crore', 'subscribers and followers'],
  ['100+', 'awards'],
  ['150+', 'branches'],
  ['500+', 'channels'],
  ['1000+', 'team members'],
] as const;

const EVENT_STATS = [
  ['15+', 'award categories'],
  ['10+', 'speakers'],
  ['10,000+', 'expected attendees'],
  ['2', 'days'],
] as const;

const REGISTRATION_CARDS: ReadonlyArray<readonly [RegistrationType, string]> = [
  ['Visitor Registration', 'General admission to all sessions and exhibitions.'],
  ['Awards Registration', 'Submit your nomination for industry awards.'],
  ['Book a Stall', 'Showcase your products and services.'],
  ['Sponsor Registration', 'Become a sponsor and gain visibility.'],
];

const CHECKLIST = [
  'Showcase projects to buyers ready to invest',
  'Spot bookings with on-site loan assistance',
  'Brand visibility on television, YouTube and social media',
  'Recognition on the awards stage',
] as const;

const OFFERINGS = [
  'Podcast life stories of builders',
  'Company profile films',
  'Strip ads on news channels',
  'Online sales sessions',
  'Digital marketing strategies',
] as const;

function Stats({ items, label }: { items: ReadonlyArray<readonly [string, string]>; label: string }) {
  const { t } = useLocale();
  return (
    <ul className="stats" aria-label={t(label)}>
      {items.map(([figure, text]) => (
        <li key={text}>
          <strong>{t(figure)}</strong>
          <span>{t(text)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The landing page's sections, all in the page's HTML; the awards page shows a reduced set. */
export function LandingSections({ reduced = false }: { reduced?: boolean }) {
  const { openPopup } = usePublicActions();
  const site = useSite();
  const { t } = useLocale();

  return (
    <>
      <section id="about" className="section" aria-labelledby="about-title">
        <h2 id="about-title" className="section__title">
          {t('Opportunities for real estate firms')}
        </h2>
        <p className="section__lead">
          {t(
            'Meet thousands of serious home buyers and investors in two days, launch projects in front of the media, and reach a television and digital audience across the country.',
          )}
        </p>
        <ul className="checklist">
          {CHECKLIST.map((item) => (
            <li key={item}>{t(item)}</li>
          ))}
        </ul>
      </section>

      <section id="schedule" className="section section--alt" aria-labelledby="highlights-title">
        <h2 id="highlights-title" className="section__title">
          {t('Event highlights')}
        </h2>
        <Stats items={EVENT_STATS} label="Event in figures" />
        <Programme />
      </section>

      <PeopleSection id="speakers" title="Speakers" people={site.speakers} />

      {reduced ? null : (
        <>
          <section className="section" aria-labelledby="network-title">
            <h2 id="network-title" className="section__title">
              {t('Network statistics')}
            </h2>
            <Stats items={NETWORK_STATS} label="Our network in figures" />
          </section>

          <section className="section section--alt" aria-labelledby="digital-title">
            <h2 id="digital-title" className="section__title">
              {t('Digital offerings')}
            </h2>
            <ul className="offerings">
              {OFFERINGS.map((item) => (
                <li key={item}>{t(item)}</li>
              ))}
            </ul>
          </section>

          <FounderProfile />
        </>
      )}

      <section className="section" aria-labelledby="choose-title">
        <h2 id="choose-title" className="section__title">
          {t('Choose Your Registration')}
        </h2>
        <ul className="cards">
          {REGISTRATION_CARDS.map(([type, text]) => (
            <li key={type} className="card">
              <h3>{t(type)}</h3>
              <p>{t(text)}</p>
              <button type="button" className="button button--primary" onClick={() => openPopup(type)} aria-label={`${t('Register Now')}: ${t(type)}`}>
                {t('Register Now')}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section id="jury" className="section section--awards" aria-labelledby="excellence-title">
        <h2 id="excellence-title" className="section__title">
          {t('Awards for Excellence')}
        </h2>
        <picture>
          <source media="(min-width: 768px)" srcSet="/images/awards-desktop.svg" width="1200" height="400" />
          <img
            src="/images/awards-mobile.svg"
            width="600"
            height="600"
            loading="lazy"
            decoding="async"
            alt={t('Trophies of the builders awards: 15+ award categories judged by an industry jury')}
            className="excellence__image"
          />
        </picture>
        {site.awardCategories.length > 0 && (
          <>
            <h3 className="section__subtitle">{t('Award categories')}</h3>
            <ul className="categories">
              {site.awardCategories.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </>
        )}
        {site.jury.length > 0 && (
          <>
            <h3 className="section__subtitle">{t('The jury')}</h3>
            <PeopleList people={site.jury} />
          </>
        )}
      </section>

      {site.sponsors.length > 0 && (
        <section id="sponsors" className="section" aria-labelledby="sponsors-title">
          <h2 id="sponsors-title" className="section__title">
            {t('Sponsors')}
          </h2>
          <ul className="sponsors">
            {site.sponsors.map((sponsor) => (
              <li key={sponsor.name}>
                <strong>{sponsor.name}</strong>
                {sponsor.tier ? <span>{sponsor.tier}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      )}

      {reduced ? null : <PackagesSection />}
    </>
  );
}
