import { CONSENT_NOTICES, consentPurposeOf, PRIVACY_PATH } from '@shared/consent';
import { useLocale } from '../i18n/locale';

/**
 * The line above a public form's button: what submitting sends where, and for what (decision 059), with
 * the privacy notice a link away. The form sends this line's version with its submission (submit.ts).
 */
export function ConsentLine({ endpoint }: { endpoint: string }) {
  const { t, href } = useLocale();
  return (
    <p className="form__consent">
      {t(CONSENT_NOTICES[consentPurposeOf(endpoint)].text)}{' '}
      <a href={href(PRIVACY_PATH)} target="_blank" rel="noopener">
        {t('Privacy notice')}
      </a>
    </p>
  );
}
