import { useEffect, useState } from 'react';
import { countdownParts } from './event-dates';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/** Days, hours, minutes and seconds to the event's start, refreshed every second (seed 000 §4). */
export function Countdown({ startIso }: { startIso: string }) {
  const target = Date.parse(startIso);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const parts = countdownParts(target, now);
  return (
    <div className="countdown" role="timer" aria-label="Time until the expo opens">
      {UNITS.map(([key, label]) => (
        <div key={key} className="countdown__unit" data-unit={key}>
          <span className="countdown__value">{parts[key]}</span>
          <span className="countdown__label">{label}</span>
        </div>
      ))}
    </div>
  );
}
