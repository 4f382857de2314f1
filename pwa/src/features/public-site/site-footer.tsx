import { PRIVACY_PATH } from '@shared/consent';
import { useLocale } from './i18n/locale';
import { useEvent, useSite } from './site-data';

export function SiteFooter() {
  const { contactEmail, contactPhone } = useSite();
  const event = useEvent();
  const { t, href, dateRange } = useLocale();
  return (
    <footer id="contact" className="site-footer">
      <div className="site-footer__grid">
        <div>
          <h2 className="site-footer__title">{event.eventName}</h2>
          <p>{dateRange(event.startDateTime, event.endDateTime)}</p>
          <address>
            {event.venue}
            {event.city && !event.venue.includes(event.city) ? `, ${event.city}` : ''}
          </address>
        </div>
        <div>
          <h2 className="site-footer__title">{t('Contact')}</h2>
          {contactEmail ? (
            <p>
              <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            </p>
          ) : null}
          {contactPhone ? (
            <p>
              <a href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`}>{contactPhone}</a>
            </p>
          ) : null}
          <p>
            <a href={href('/passes')}>{t('My passes')}</a>
          </p>
          <p>
            <a href={href(PRIVACY_PATH)}>{t('Privacy notice')}</a>
          </p>
        </div>
      </div>
      <p className="site-footer__small">© 2025 EventPro · {t('Property Expo & Builders Awards')}</p>
    </footer>
  );
}
