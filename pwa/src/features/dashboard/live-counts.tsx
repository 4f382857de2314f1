import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { EventPicker } from '../../components/event-picker';
import { useStartingEvent } from '../../components/event-queries';
import { api, readEnvelope } from '../../lib/api';
import './live-counts.css';
import { formatHour, formatMinute } from '@shared/dates';
import { panelKeys } from '../../lib/resource-keys';

// The devices' list shows on door days only; its code loads then, not with every dashboard.
const LiveDevices = lazy(() => import('./live-devices'));

/** While the tab is visible (TanStack Query pauses intervals in hidden tabs). */
const LIVE_REFRESH_MS = 15_000;

const liveCountsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: panelKeys.liveCounts(eventId),
    queryFn: async () => (await readEnvelope(api.api.checkin.counts.$get({ query: { eventId } }))).data,
    refetchInterval: LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
    enabled: !!eventId,
  });

/** '2026-11-21T10:00+05:30' → '21 Nov, 10 am–11 am' (India time, as the server groups). */
function hourLabel(hour: string): string {
  const start = new Date(hour.replace(/(T\d\d:\d\d)(\+|Z)/, '$1:00$2'));
  if (Number.isNaN(start.getTime())) return hour;
  const end = new Date(start.getTime() + 3_600_000);
  return `${formatHour(start)}–${formatHour(end).replace(/^.*, /, '')}`;
}

/** The event this device last chose for its live counts. */
const LIVE_EVENT_KEY = 'eventpro.dashboard.liveEventId';

/**
 * The door's headcount for one event: checked in now by type, per hour, and what devices still hold. It
 * opens on the event last chosen here, else the featured one.
 */
export function LiveCounts() {
  const [picked, setPicked] = useState<string | null>(() => (typeof localStorage === 'undefined' ? null : localStorage.getItem(LIVE_EVENT_KEY)));
  const eventId = useStartingEvent(picked).eventId ?? '';
  const pick = (id: string) => {
    setPicked(id);
    try {
      localStorage.setItem(LIVE_EVENT_KEY, id);
    } catch {
      // No storage: the choice lasts for this view.
    }
  };
  const counts = useQuery(liveCountsQueryOptions(eventId));
  const data = counts.data;
  const max = Math.max(1, ...(data?.perHour.map((h) => h.people) ?? []));
  const waitingDevices = data?.waiting.devices.filter((d) => d.waiting > 0 && !d.stale) ?? [];
  const listed = [...(data?.waiting.devices ?? [])].sort((a, b) => a.ageMs - b.ageMs);
  const lastReport = data?.waiting.devices.reduce<string | undefined>((latest, d) => (!latest || d.reportedAt > latest ? d.reportedAt : latest), undefined);

  return (
    <section className="panel-card live-counts" aria-labelledby="live-counts-title" data-testid="live-counts" data-event={eventId}>
      <header className="live-counts__head">
        <div>
          <h2 id="live-counts-title">Live check-in</h2>
          <p className="panel-muted">Unique people whose door status is checked in now · refreshes every 15 s</p>
        </div>
        <EventPicker className="live-counts__event" value={eventId} onChange={pick} />
      </header>
      {counts.isError ? (
        <p className="panel-banner" role="alert">
          Failed to fetch the live check-in counts
        </p>
      ) : null}
      <div className="live-counts__total" data-testid="live-total" data-count={data?.checkedIn.total ?? ''}>
        <span className="live-counts__number">{data ? data.checkedIn.total.toLocaleString('en-IN') : '–'}</span>
        <span className="panel-muted">checked in now</span>
      </div>
      <dl className="live-counts__kinds">
        {data?.kinds.map(({ kind, label }) => (
          <div key={kind} data-testid={`live-${kind}`} data-count={data.checkedIn[kind]}>
            <dt>{label}</dt>
            <dd>{data.checkedIn[kind].toLocaleString('en-IN')}</dd>
          </div>
        ))}
      </dl>
      <h3 className="live-counts__sub">Check-ins per hour</h3>
      {data && data.perHour.length === 0 ? <p className="panel-muted">No check-ins recorded yet.</p> : null}
      <ol className="live-bars" aria-label="Check-ins per hour" data-testid="live-per-hour">
        {data?.perHour.map((h) => (
          <li key={h.hour} className="live-bars__row" data-hour={h.hour} data-count={h.people}>
            <span className="live-bars__label">{hourLabel(h.hour)}</span>
            <span className="live-bars__track" aria-hidden="true">
              <span className="live-bars__bar" style={{ width: `${(h.people / max) * 100}%` }} />
            </span>
            <span className="live-bars__value">{h.people.toLocaleString('en-IN')}</span>
          </li>
        ))}
      </ol>
      <p className="live-counts__waiting" data-testid="live-waiting" data-operations={data?.waiting.operations ?? ''} data-devices={waitingDevices.length}>
        {data
          ? data.waiting.devices.length === 0
            ? 'No device has reported waiting operations yet.'
            : `${data.waiting.operations.toLocaleString('en-IN')} ${data.waiting.operations === 1 ? 'operation' : 'operations'} waiting on ${waitingDevices.length} ${waitingDevices.length === 1 ? 'device' : 'devices'}, last reported ${formatMinute(lastReport)}. Not yet in the counts above.`
          : ''}
      </p>
      {listed.length > 0 ? (
        <Suspense fallback={null}>
          <LiveDevices devices={listed} />
        </Suspense>
      ) : null}
    </section>
  );
}
