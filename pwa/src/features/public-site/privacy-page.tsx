import { useLocale } from './i18n/locale';
import { Paragraphs, paragraphsOf } from './organiser-text';
import { PublicLayout } from './public-layout';
import { useEvent, useSite } from './site-data';
import { usePageMeta } from './use-page-meta';

/**
 * `/privacy`: the organiser's privacy notice from Settings, or the default one (shared/consent.ts), which says
 * only what this site does with what its forms ask. Linked from every form's consent line and the footer.
 * The default shows in the page's language, paragraph by paragraph from the privacy part of the catalogue;
 * an organiser's own notice shows as they wrote it.
 */
export function PrivacyPage() {
  usePageMeta('/privacy');
  const { privacyNotice, privacyNoticeIsDefault } = useSite();
  const event = useEvent();
  const { t } = useLocale();
  const notice = privacyNoticeIsDefault
    ? paragraphsOf(privacyNotice)
        .map((paragraph) => t(paragraph))
        .join('\n\n')
    : privacyNotice;
  return (
    <PublicLayout className="site--privacy">
      <main id="main" className="privacy-page">
        <h1>{t('Privacy notice')}</h1>
        <p className="privacy-page__event">{event.eventName}</p>
        {notice ? <Paragraphs text={notice} /> : <p>{t('The privacy notice could not be loaded on this device. It shows here when you are online.')}</p>}
      </main>
    </PublicLayout>
  );
}
