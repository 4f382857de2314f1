import { useState } from 'react';
import { toast } from '../../components/toasts';
import type { RegistrationType } from './registration/registration-types';
import { PackagesSection } from './packages-section';
import { usePublicActions } from './public-layout';
import type { SitePerson } from '@edge/lib/site-settings';
import { formatTime, programmeDays } from '@shared/dates';
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

function Stats({ items, label }: { items: ReadonlyArray<readonly [string, string]>; label: string }) {
  return (
    <ul className="stats" aria-label={label}>
      {items.map(([figure, text]) => (
        <li key={text}>
          <strong>{figure}</strong>
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

/** The event's days from its own dates and the awards night's, as organisers set them on the event. */
function Programme() {
  const event = useSite().event;
  const days = event ? programmeDays(event.startDateTime, event.endDateTime, event.awardsNightAt) : [];
  if (!event || days.length === 0) return null;
  // The awards night is on the day organisers set, else on the expo's last day.
  const marked = days.findIndex((day) => day.awardsNight);
  const awardsDay = marked >= 0 ? marked : days.length - 1;
  const awardsTime = event.awardsNightAt ? formatTime(event.awardsNightAt) : '';
  return (
    <ol className="schedule" aria-label="Programme">
      {days.map((day, i) => (
        <li key={day.label}>
          <strong>
            Day {i + 1}, {day.label}
          </strong>{' '}
          Property expo
          {i === 0 ? ', project launches and home-loan desks' : ', speaker sessions'}
          {i === awardsDay ? `, and the builders awards night${awardsTime ? ` at ${awardsTime}` : ''}` : ''}
          {event.openingHours ? ` (expo hours: ${event.openingHours})` : ''}
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
  if (people.length === 0) return null;
  return (
    <section id={id} className="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section__title">
        {title}
      </h2>
      <PeopleList people={people} />
    </section>
  );
}

/** The landing page's sections, all in the page's HTML; the awards page shows a reduced set. */
export function LandingSections({ reduced = false }: { reduced?: boolean }) {
  const { openPopup } = usePublicActions();
  const site = useSite();

  return (
    <>
      <section id="about" className="section" aria-labelledby="about-title">
        <h2 id="about-title" className="section__title">
          Opportunities for real estate firms
        </h2>
        <p className="section__lead">
          Meet thousands of serious home buyers and investors in two days, launch projects in front of the media, and reach a television and digital audience
          across the country.
        </p>
        <ul className="checklist">
          <li>Showcase projects to buyers ready to invest</li>
          <li>Spot bookings with on-site loan assistance</li>
          <li>Brand visibility on television, YouTube and social media</li>
          <li>Recognition on the awards stage</li>
        </ul>
      </section>

      <section id="schedule" className="section section--alt" aria-labelledby="highlights-title">
        <h2 id="highlights-title" className="section__title">
          Event highlights
        </h2>
        <Stats items={EVENT_STATS} label="Event in figures" />
        <Programme />
      </section>

      <PeopleSection id="speakers" title="Speakers" people={site.speakers} />

      {reduced ? null : (
        <>
          <section className="section" aria-labelledby="network-title">
            <h2 id="network-title" className="section__title">
              Network statistics
            </h2>
            <Stats items={NETWORK_STATS} label="Our network in figures" />
          </section>

          <section className="section section--alt" aria-labelledby="digital-title">
            <h2 id="digital-title" className="section__title">
              Digital offerings
            </h2>
            <ul className="offerings">
              <li>Podcast life stories of builders</li>
              <li>Company profile films</li>
              <li>Strip ads on news channels</li>
              <li>Online sales sessions</li>
              <li>Digital marketing strategies</li>
            </ul>
          </section>

          <FounderProfile />
        </>
      )}

      <section className="section" aria-labelledby="choose-title">
        <h2 id="choose-title" className="section__title">
          Choose Your Registration
        </h2>
        <ul className="cards">
          {REGISTRATION_CARDS.map(([type, text]) => (
            <li key={type} className="card">
              <h3>{type}</h3>
              <p>{text}</p>
              <button type="button" className="button button--primary" onClick={() => openPopup(type)} aria-label={`Register Now: ${type}`}>
                Register Now
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section id="jury" className="section section--awards" aria-labelledby="excellence-title">
        <h2 id="excellence-title" className="section__title">
          Awards for Excellence
        </h2>
        <picture>
          <source media="(min-width: 768px)" srcSet="/images/awards-desktop.svg" width="1200" height="400" />
          <img
            src="/images/awards-mobile.svg"
            width="600"
            height="600"
            loading="lazy"
            decoding="async"
            alt="Trophies of the builders awards: 15+ award categories judged by an industry jury"
            className="excellence__image"
          />
        </picture>
        {site.awardCategories.length > 0 && (
          <>
            <h3 className="section__subtitle">Award categories</h3>
            <ul className="categories">
              {site.awardCategories.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </>
        )}
        {site.jury.length > 0 && (
          <>
            <h3 className="section__subtitle">The jury</h3>
            <PeopleList people={site.jury} />
          </>
        )}
      </section>

      {site.sponsors.length > 0 && (
        <section id="sponsors" className="section" aria-labelledby="sponsors-title">
          <h2 id="sponsors-title" className="section__title">
            Sponsors
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
  const videoUrl = useSite().founderVideoUrl || '';
  const [playing, setPlaying] = useState(false);
  const play = () => {
    if (videoUrl) setPlaying(true);
    else toast('The founder’s video will be available soon.');
  };
  return (
    <section className="section founder" aria-labelledby="founder-title">
      <div className="founder__media">
        {playing ? (
          // biome-ignore lint/a11y/useMediaCaption: the organiser's own video; captions come with it when it has them
          <video src={videoUrl} controls autoPlay playsInline width="640" height="360" data-testid="founder-video" />
        ) : (
          <button type="button" className="founder__poster" onClick={play} aria-label="Play the founder’s video">
            <img src="/images/founder-poster.svg" alt="" width="640" height="360" loading="lazy" decoding="async" />
            <span className="founder__play" aria-hidden="true" />
          </button>
        )}
      </div>
      <div>
        <h2 id="founder-title" className="section__title">
          Founder profile
        </h2>
        <p>
          The founder of our television and digital media network has spent two decades telling the stories of the builders who shape our cities, and started
          this expo to bring buyers and developers face to face.
        </p>
      </div>
    </section>
  );
}
