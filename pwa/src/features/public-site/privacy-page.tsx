import { useLocale } from './i18n/locale';
import { Paragraphs } from './organiser-text';
import { PublicLayout } from './public-layout';
import { useEvent, useSite } from './site-data';
import { usePageMeta } from './use-page-meta';

/**
 * `/privacy`: the organiser's privacy notice from Settings, or the default one (shared/consent.ts), which says
 * only what this site does with what its forms ask. Linked from every form's consent line and the footer.
 */
export function PrivacyPage() {
  usePageMeta('/privacy');
  const { privacyNotice } = useSite();
  const event = useEvent();
  const { t } = useLocale();
  return (
    <PublicLayout className="site--privacy">
      <main id="main" className="privacy-page">
        <h1>{t('Privacy notice')}</h1>
        <p className="privacy-page__event">{event.eventName}</p>
        {privacyNotice ? (
          <Paragraphs text={privacyNotice} />
        ) : (
          <p>{t('The privacy notice could not be loaded on this device. It shows here when you are online.')}</p>
        )}
      </main>
    </PublicLayout>
  );
}
