import './home-page.css';

// Static for now: the venue and dates will come from `GET /api/public/site` (featured event)
// once that endpoint exists; a later issue makes this page data-driven and adds the
// registration pages, popup, countdown and landing sections of seed 000.
const EXPO = {
  name: 'Hyderabad Property Expo 2025',
  dates: '18th - 19th October, 2025',
  venue: 'Convention Centre, Hyderabad',
  awards: 'Biggest Awards for Builders and Developers',
  awardsDate: '19th October 2025',
};

const HIGHLIGHTS = [
  { figure: '100+', label: 'best projects in Hyderabad' },
  { figure: '10,000+', label: 'expected attendees' },
  { figure: '15+', label: 'award categories' },
  { figure: '2', label: 'days' },
];

export function HomePage() {
  return (
    <div className="home">
      <header className="home__header">
        <a className="home__brand" href="/">
          <img src="/favicon.svg" alt="" width="36" height="36" />
          <span>EventPro</span>
        </a>
        <a className="home__header-cta" href="/visitor-registration">
          Register now
        </a>
      </header>

      <main>
        <section className="home__hero" aria-labelledby="home-title">
          <p className="home__eyebrow">Property Expo &amp; Builders Awards</p>
          <h1 id="home-title" className="home__title">
            {EXPO.name}
          </h1>
          <p className="home__dates">{EXPO.dates}</p>
          <p className="home__venue">{EXPO.venue}</p>
          <div className="home__actions">
            <a className="home__button home__button--primary" href="/visitor-registration">
              Visitor Registration <span className="home__tag">Free</span>
            </a>
            <a className="home__button home__button--secondary" href="/stall-registration">
              Book a Stall
            </a>
          </div>
        </section>

        <section className="home__highlights" aria-label="Highlights">
          <ul>
            {HIGHLIGHTS.map((item) => (
              <li key={item.label}>
                <strong>{item.figure}</strong>
                <span>{item.label}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="home__awards" aria-labelledby="home-awards">
          <h2 id="home-awards">{EXPO.awards}</h2>
          <p>{EXPO.awardsDate}</p>
          <a className="home__button home__button--primary" href="/awards-registration">
            REGISTER FOR AWARDS
          </a>
        </section>
      </main>

      <footer className="home__footer">
        <p>
          {EXPO.name} · {EXPO.dates} · {EXPO.venue}
        </p>
      </footer>
    </div>
  );
}
