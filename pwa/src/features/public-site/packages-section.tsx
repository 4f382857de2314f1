import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { usePublicActions } from './public-layout';
import { DEFAULT_PACKAGES, type SitePackage } from '@edge/lib/site-defaults';
import { useLocale } from './i18n/locale';
import { useSite } from './site-data';

function PackageCard({ pack, onDetails }: { pack: SitePackage; onDetails: (pack: SitePackage) => void }) {
  const { openPopup } = usePublicActions();
  const { t } = useLocale();
  return (
    <article className={pack.badge ? 'package package--featured' : 'package'} aria-label={pack.name}>
      {pack.badge ? <p className="package__badge">{pack.badge}</p> : null}
      <h3 className="package__name">{pack.name}</h3>
      <p className="package__price">{pack.price}</p>
      <ul className="package__features">
        {pack.features.slice(0, 4).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="package__actions">
        <button type="button" className="button button--secondary" onClick={() => onDetails(pack)}>
          {t('More Details')}
        </button>
        <button type="button" className="button button--primary" onClick={() => openPopup('Enquire Now', pack.name)}>
          {t('Enquire Now')}
        </button>
      </div>
    </article>
  );
}

export function PackagesSection() {
  const site = useSite();
  const packages = site.packages.length > 0 ? site.packages : DEFAULT_PACKAGES;
  const [details, setDetails] = useState<SitePackage | null>(null);
  const { t } = useLocale();
  if (packages.length === 0) return null;
  return (
    <section id="packages" className="section packages" aria-labelledby="packages-title">
      <h2 id="packages-title" className="section__title">
        {t('EVENT PACKAGES - DELIVERABLES')}
      </h2>
      {/* A grid on wide screens; on a phone a row that swipes, 1.2 cards in view (public-site.css). */}
      <ul className="packages__grid">
        {packages.map((pack) => (
          <li key={pack.id}>
            <PackageCard pack={pack} onDetails={setDetails} />
          </li>
        ))}
      </ul>
      {details ? (
        <Dialog title={details.name} onClose={() => setDetails(null)}>
          <p className="package__price">{details.price}</p>
          <h3 className="package__subtitle">{t('Deliverables')}</h3>
          <ul className="package__features package__features--all">
            {details.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </Dialog>
      ) : null}
    </section>
  );
}
