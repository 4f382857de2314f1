import { useState } from 'react';
import { toast } from '../../components/toasts';
import type { RegistrationType } from './registration/registration-types';
import { PackagesSection } from './packages-section';
import { usePublicActions } from './public-layout';
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

/** The landing page's sections, all in the page's HTML; the awards page shows a reduced set. */
export function LandingSections({ reduced = false }: { reduced?: boolean }) {
  const { openPopup } = usePublicActions();

  return (
    <>
      <section id="about" className="section" aria-labelledby="about-title">
        <h2 id="about-title" className="section__title">
          Opportunities for real estate firms
        </h2>
        <p className="section__lead">
          Meet thousands of serious home buyers and investors in two days, launch projects in front of the media,
          and reach a television and digital audience across the country.
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
        <ol className="schedule">
          <li>
            <strong>Day 1</strong> Property expo, project launches and home-loan desks
          </li>
          <li>
            <strong>Day 2</strong> Property expo, speaker sessions and the builders awards night
          </li>
        </ol>
      </section>

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
      </section>

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
          The founder of our television and digital media network has spent two decades telling the stories of the
          builders who shape our cities, and started this expo to bring buyers and developers face to face.
        </p>
      </div>
    </section>
  );
}
