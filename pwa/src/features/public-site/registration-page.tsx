import { InlineRegistrationForm } from './registration/inline-form';
import type { InlineKind } from './registration/inline-submit-flow';
import { PublicLayout } from './public-layout';
import { useEvent } from './site-data';
import { useLocale } from './i18n/locale';
import { usePageMeta } from './use-page-meta';

const PAGES = {
  visitor: {
    path: '/visitor-registration',
    heading: 'Visit the expo for free',
    image: '/images/visitor-hero.svg',
  },
  stall: {
    path: '/stall-registration',
    heading: 'Book your stall at the expo',
    image: '/images/stall-hero.svg',
  },
} as const satisfies Record<InlineKind, unknown>;

export function RegistrationPage({ kind }: { kind: InlineKind }) {
  const page = PAGES[kind];
  const event = useEvent();
  const { t, dateRange } = useLocale();
  usePageMeta(page.path);
  return (
    <PublicLayout className={`site--${kind}`}>
      <main id="main" className={`register register--${kind}`}>
        <section className="register__hero" aria-labelledby="register-title">
          <img className="register__image" src={page.image} alt="" width="800" height="600" fetchPriority="high" />
          <div className="register__intro">
            <h1 id="register-title">{t(page.heading)}</h1>
            <p>
              {event.eventName} · {dateRange(event.startDateTime, event.endDateTime)} · {event.venue}
            </p>
          </div>
          <InlineRegistrationForm kind={kind} eventName={event.eventName} />
        </section>
      </main>
    </PublicLayout>
  );
}
