import { useEffect, useState } from 'react';
import { countdownParts, eventPhase } from '@shared/dates';
import { useLocale } from './i18n/locale';
import { useRenderedAt } from './site-data';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/**
 * Days, hours, minutes and seconds to the event's start, refreshed every second; "Happening now" while the
 * event is on and "This edition has ended" after it. The first render uses the moment the page was
 * rendered, so the app's first render is the server's page.
 */
export function Countdown({ startIso, endIso }: { startIso: string; endIso: string }) {
  const renderedAt = useRenderedAt();
  const { t } = useLocale();
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const phase = eventPhase(startIso, endIso, now);
  if (phase === 'on') {
    return (
      <p className="countdown countdown--status" role="status">
        {t('Happening now')}
      </p>
    );
  }
  if (phase === 'ended') {
    return (
      <p className="countdown countdown--status" role="status">
        {t('This edition has ended')}
      </p>
    );
  }
  const parts = countdownParts(Date.parse(startIso), now);
  return (
    <div className="countdown" role="timer" aria-label={t('Time until the expo opens')}>
      {UNITS.map(([key, label]) => (
        <div key={key} className="countdown__unit" data-unit={key}>
          <span className="countdown__value">{parts[key]}</span>
          <span className="countdown__label">{t(label)}</span>
        </div>
      ))}
    </div>
  );
}
