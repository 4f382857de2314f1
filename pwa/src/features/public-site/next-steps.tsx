import { useEffect, useId, useState } from 'react';
import { useLocale } from './i18n/locale';
import { useEvent, useSiteOrigin } from './site-data';
import { calendarFileUrl, directionsUrl, googleCalendarUrl, mapUrl, whatsAppShareUrl } from './visit-links';

/**
 * What a visitor does next: when and where (timings, the full address), the calendar, the map and
 * directions, and sharing the event. Every value is the organiser's (the event form). Links work without
 * the app's script; the app adds the phone's own share sheet where there is one.
 */
export function NextSteps({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const event = useEvent();
  const origin = useSiteOrigin();
  const { t, href, dateRange, dayTime } = useLocale();
  const titleId = useId();
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  const pageUrl = `${origin}${href('/')}`;
  const shareText = `${event.eventName}, ${dateRange(event.startDateTime, event.endDateTime)}, ${event.venue}. ${t('Register for free:')}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section className="next-steps" aria-labelledby={titleId}>
      <Heading id={titleId} className="next-steps__title">
        {t('Plan your visit')}
      </Heading>
      <dl className="next-steps__facts">
        <div>
          <dt>{t('When')}</dt>
          <dd>
            {dateRange(event.startDateTime, event.endDateTime)}
            {event.openingHours ? (
              <span className="next-steps__hours">
                {t('Expo hours:')} {event.openingHours}
              </span>
            ) : null}
          </dd>
        </div>
        {event.awardsNightAt ? (
          <div>
            <dt>{t('Awards night')}</dt>
            <dd>{dayTime(event.awardsNightAt)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('Where')}</dt>
          <dd>
            <address>
              {event.venue}
              {event.address ? <span className="next-steps__address">{event.address}</span> : null}
            </address>
          </dd>
        </div>
      </dl>
      <ul className="next-steps__actions">
        {event.id ? (
          <li>
            <a className="button button--secondary" href={calendarFileUrl(event.id)} download="event.ics">
              {t('Add to calendar')}
            </a>
          </li>
        ) : null}
        <li>
          <a className="button button--secondary" href={googleCalendarUrl(event, pageUrl)} target="_blank" rel="noopener noreferrer">
            Google Calendar
          </a>
        </li>
        <li>
          <a className="button button--secondary" href={mapUrl(event)} target="_blank" rel="noopener noreferrer">
            {t('View map')}
          </a>
        </li>
        <li>
          <a className="button button--secondary" href={directionsUrl(event)} target="_blank" rel="noopener noreferrer">
            {t('Directions')}
          </a>
        </li>
        <li>
          {canShare ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void navigator.share({ title: event.eventName, text: shareText, url: pageUrl }).catch(() => undefined)}
            >
              {t('Share')}
            </button>
          ) : (
            <a className="button button--secondary" href={whatsAppShareUrl(shareText, pageUrl)} target="_blank" rel="noopener noreferrer">
              {t('Share on WhatsApp')}
            </a>
          )}
        </li>
      </ul>
    </section>
  );
}
