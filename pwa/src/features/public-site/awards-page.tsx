import { AwardsBanner } from './home-page';
import { LandingSections } from './landing-sections';
import { useLocale } from './i18n/locale';
import { PublicLayout, usePublicActions } from './public-layout';
import { useEvent } from './site-data';
import { usePageMeta } from './use-page-meta';

function AwardsHero() {
  const event = useEvent();
  const { openPopup } = usePublicActions();
  const { t, day } = useLocale();
  return (
    <section className="hero hero--awards" aria-labelledby="awards-title">
      <img className="hero__round-logo" src="/images/awards-round-logo.svg" alt="" width="160" height="160" />
      <div className="hero__inner">
        <h1 id="awards-title" className="hero__title">
          {t('Biggest Awards for Builders and Developers')}
        </h1>
        <p className="hero__dates">{day(event.endDateTime)}</p>
        <div className="hero__actions">
          <button type="button" className="button button--primary" onClick={() => openPopup('Awards Registration')}>
            {t('REGISTER FOR AWARDS')}
          </button>
        </div>
      </div>
    </section>
  );
}

export function AwardsPage() {
  usePageMeta('/awards-registration');
  return (
    <PublicLayout className="site--awards">
      <main id="main">
        <AwardsHero />
        <LandingSections reduced />
        <AwardsBanner onAwardsPage />
      </main>
    </PublicLayout>
  );
}
