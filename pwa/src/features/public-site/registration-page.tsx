import { InlineRegistrationForm } from './registration/inline-form';
import { PublicLayout } from './public-layout';
import { useEvent } from './site-data';
import { formatDateRange } from './event-dates';
import { usePageMeta } from './use-page-meta';

const PAGES = {
  visitor: {
    title: 'Visitor Registration | Hyderabad Property Expo 2025',
    description: 'Register for free as a visitor of the Hyderabad Property Expo: 100+ best projects, up to 90% loan assistance.',
    path: '/visitor-registration',
    heading: 'Visit the expo for free',
    image: '/images/visitor-hero.svg',
  },
  stall: {
    title: 'Stall Registration | Hyderabad Property Expo 2025',
    description: 'Book a stall at the Hyderabad Property Expo and showcase your projects to 10,000+ expected visitors.',
    path: '/stall-registration',
    heading: 'Book your stall at the expo',
    image: '/images/stall-hero.svg',
  },
} as const;

export function RegistrationPage({ kind }: { kind: 'visitor' | 'stall' }) {
  const page = PAGES[kind];
  const event = useEvent();
  usePageMeta({ title: page.title, description: page.description, path: page.path });
  return (
    <PublicLayout className={`site--${kind}`}>
      <main id="main" className={`register register--${kind}`}>
        <section className="register__hero" aria-labelledby="register-title">
          <img className="register__image" src={page.image} alt="" width="800" height="600" fetchPriority="high" />
          <div className="register__intro">
            <h1 id="register-title">{page.heading}</h1>
            <p>
              {event.eventName} · {formatDateRange(event.startDateTime, event.endDateTime)} · {event.venue}
            </p>
          </div>
          <InlineRegistrationForm kind={kind} eventName={event.eventName} />
        </section>
      </main>
    </PublicLayout>
  );
}
