import { formatDateRange } from '@shared/dates';
import { useEvent, useSite } from './site-data';

export function SiteFooter() {
  const { contactEmail, contactPhone } = useSite();
  const event = useEvent();
  return (
    <footer id="contact" className="site-footer">
      <div className="site-footer__grid">
        <div>
          <h2 className="site-footer__title">{event.eventName}</h2>
          <p>{formatDateRange(event.startDateTime, event.endDateTime)}</p>
          <address>
            {event.venue}
            {event.city && !event.venue.includes(event.city) ? `, ${event.city}` : ''}
          </address>
        </div>
        <div>
          <h2 className="site-footer__title">Contact</h2>
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
            <a href="/passes">My passes</a>
          </p>
        </div>
      </div>
      <p className="site-footer__small">© 2025 EventPro · Property Expo &amp; Builders Awards</p>
    </footer>
  );
}
