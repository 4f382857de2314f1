import { useState } from 'react';
import { toast } from '../../components/toasts';
import type { RegistrationType } from './registration/registration-types';
import { PackagesSection } from './packages-section';
import { usePublicActions } from './public-layout';
import type { SitePerson } from '@edge/lib/site-settings';
import { programmeDays } from '@shared/dates';
import { useLocale } from './i18n/locale';
import { useSite } from './site-data';
import { Paragraphs } from './organiser-text';

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

/** The event's days from its own dates and the awards night's, as organisers set them on the event. */
function Programme() {
  const event = useSite().event;
  const { t, day: dayIn, time } = useLocale();
  const days = event ? programmeDays(event.startDateTime, event.endDateTime, event.awardsNightAt) : [];
  if (!event || days.length === 0) return null;
  // The awards night is on the day organisers set, else on the expo's last day.
  const marked = days.findIndex((day) => day.awardsNight);
  const awardsDay = marked >= 0 ? marked : days.length - 1;
  const awardsTime = event.awardsNightAt ? time(event.awardsNightAt) : '';
  // Each day is 24 hours after the one before (India keeps no daylight saving): its date in the page's language.
  const dayOf = (i: number) => dayIn(new Date(Date.parse(event.startDateTime) + i * 86_400_000).toISOString());
  return (
    <ol className="schedule" aria-label={t('Programme')}>
      {days.map((day, i) => (
        <li key={day.label}>
          <strong>{t('Day {number}, {date}', { number: i + 1, date: dayOf(i) })}</strong>{' '}
          {t(i === 0 ? 'Property expo, project launches and home-loan desks' : 'Property expo, speaker sessions')}
          {i === awardsDay ? t(awardsTime ? ', and the builders awards night at {time}' : ', and the builders awards night', { time: awardsTime }) : ''}
          {event.openingHours ? t(' (expo hours: {hours})', { hours: event.openingHours }) : ''}
        </li>
      ))}
    </ol>
  );
}

/** People an organiser marked "show on site": name, role, photo and a short bio; no contact details. */
function PeopleList({ people }: { people: SitePerson[] }) {
  return (
    <ul className="people">
      {people.map((person) => (
        <li key={`${person.name}|${person.role}`} className="person">
          {person.photoUrl ? (
            <img src={person.photoUrl} alt="" width="96" height="96" loading="lazy" decoding="async" />
          ) : (
            <span className="person__initial" aria-hidden="true">
              {person.name.charAt(0)}
            </span>
          )}
          <div>
            <h4>{person.name}</h4>
            {person.role ? <p className="person__role">{person.role}</p> : null}
            {person.bio ? <p className="person__bio">{person.bio}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function PeopleSection({ id, title, people }: { id: string; title: string; people: SitePerson[] }) {
  const { t } = useLocale();
  if (people.length === 0) return null;
  return (
    <section id={id} className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section__title">
        {t(title)}
      </h2>
      <PeopleList people={people} />
    </section>
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

/**
 * The founder's video loads only when played (a poster until then). It is self-hosted: an organiser sets
 * its path on this site in Settings (the CSP plays media from this origin only).
 */
function FounderProfile() {
  const { founderVideoUrl, founderBio } = useSite();
  const videoUrl = founderVideoUrl || '';
  const [playing, setPlaying] = useState(false);
  const { t } = useLocale();
  const play = () => {
    if (videoUrl) setPlaying(true);
    else toast(t('The founder’s video will be available soon.'));
  };
  return (
    <section className="section founder" aria-labelledby="founder-title">
      <div className="founder__media">
        {playing ? (
          // biome-ignore lint/a11y/useMediaCaption: the organiser's own video; captions come with it when it has them
          <video src={videoUrl} controls autoPlay playsInline width="640" height="360" data-testid="founder-video" />
        ) : (
          <button type="button" className="founder__poster" onClick={play} aria-label={t('Play the founder’s video')}>
            <img src="/images/founder-poster.svg" alt="" width="640" height="360" loading="lazy" decoding="async" />
            <span className="founder__play" aria-hidden="true" />
          </button>
        )}
      </div>
      <div>
        <h2 id="founder-title" className="section__title">
          {t('Founder profile')}
        </h2>
        {/* The organiser's words from Settings, or none: the site invents nothing about a real person. */}
        <Paragraphs text={founderBio} />
      </div>
    </section>
  );
}
