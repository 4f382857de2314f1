import type { api } from '../../lib/api';

type CountsAnswer = Awaited<ReturnType<Awaited<ReturnType<typeof api.api.checkin.counts.$get>>['json']>>;
type DeviceReport = Extract<CountsAnswer, { data: unknown }>['data']['waiting']['devices'][number];

/** "3 h 5 min", "12 min", "40 s". */
function duration(ms: number): string {
  const s = Math.round(Math.abs(ms) / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
}

/** The door's devices, freshest report first: what each holds, when it was last heard, its clock. */
export default function LiveDevices({ devices: listed }: { devices: DeviceReport[] }) {
  return (
    <ul className="live-devices" aria-label="Venue devices" data-testid="live-devices">
      {listed.map((d) => (
        <li
          key={d.deviceId}
          data-device={d.deviceId}
          data-stale={d.stale ? 'yes' : 'no'}
          data-silent={d.silent ? 'yes' : 'no'}
          data-skewed={d.clockSkewed ? 'yes' : 'no'}
        >
          <strong>{d.name || `Device ${d.deviceId.slice(0, 8)}`}</strong>
          <span className="panel-muted">
            {' '}
            · {d.waiting.toLocaleString('en-IN')} waiting · last heard {duration(d.ageMs)} ago{d.reportedBy ? ` (${d.reportedBy})` : ''}
            {d.stale ? ' · silent for hours, not counted' : d.silent ? ' · silent over an hour with changes waiting: find it' : ''}
          </span>
          {d.clockSkewed ? (
            <span className="live-devices__warn" role="note">
              {' '}
              Clock {duration(d.clockOffsetMs)} {d.clockOffsetMs < 0 ? 'fast' : 'slow'}: its times are corrected
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
