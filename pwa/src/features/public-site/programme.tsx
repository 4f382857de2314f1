import { programmeDays } from '@shared/dates';
import { useLocale } from './i18n/locale';
import { useSite } from './site-data';

/** The event's days from its own dates and the awards night's, as organisers set them on the event. */
export function Programme() {
  const event = useSite().event;
  const { t, day: dayIn, time } = useLocale();
  const days = event ? programmeDays(event.startDateTime, event.endDateTime, event.awardsNightAt) : [];
  if (!event || days.length === 0) return null;
  // The awards night is on the day organisers set, else on the expo's last day.
  const marked = days.findIndex((day) => day.awardsNight);
  const awardsDay = marked >= 0 ? marked : days.length - 1;
  const awardsTime = event.awardsNightAt ? time(event.awardsNightAt) : '';
  // Each day is 24 hours after the one before (India keeps no daylight saving): its date in the page's language.
  const dayOf = (i: number) => dayIn(new Date(Date.parse(event.startDateTime) + i * 86_400_000).toISOString());
  return (
    <ol className="schedule" aria-label={t('Programme')}>
      {days.map((day, i) => (
        <li key={day.label}>
          <strong>{t('Day {number}, {date}', { number: i + 1, date: dayOf(i) })}</strong>{' '}
          {t(i === 0 ? 'Property expo, project launches and home-loan desks' : 'Property expo, speaker sessions')}
          {i === awardsDay ? t(awardsTime ? ', and the builders awards night at {time}' : ', and the builders awards night', { time: awardsTime }) : ''}
          {event.openingHours ? t(' (expo hours: {hours})', { hours: event.openingHours }) : ''}
        </li>
      ))}
    </ol>
  );
}
