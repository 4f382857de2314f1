import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { EventOptions, featuredOrFirst } from '../../components/event-options';
import { panelRequest } from '../../components/panel-api';
import { useIsAdmin, usePanelUser } from '../../components/panel-session';
import { localPeople } from '../../offline/checkin-store';
import type { RosterKind, RosterPerson } from '../../offline/checkin-types';
import { CHOSEN_KEY, useEvents } from './checkin-page';
import { KIND_LABELS, statusLabel } from './flow';
import { deviceName, formatTime } from './format';
import { useDeviceId } from './hooks';
import './checkin.css';

/** One row of `GET /api/checkin/conflicts`: a change made without knowing of another device's change. */
export interface ConflictItem {
  kind: RosterKind;
  recordId: string;
  eventId: string;
  operationId: string;
  deviceId: string;
  deviceTime: string | null;
  toStatus: string;
  outcome: string;
  changedBy: string | null;
  receivedAt: string;
  otherOperationId: string | null;
  otherDeviceId: string | null;
  otherDeviceTime: string | null;
  otherToStatus: string | null;
  otherOutcome: string | null;
  otherChangedBy: string | null;
}

export const conflictsQueryOptions = (eventId: string) => ({
  queryKey: ['checkin', 'conflicts', eventId] as const,
  queryFn: async () => (await panelRequest<{ items: ConflictItem[] }>('/checkin/conflicts', { query: { eventId: eventId || undefined } })).data.items,
});

/** The people of these conflicts as this device's roster knows them (any event downloaded here). */
function useLocalNames(items: ConflictItem[] | undefined): Map<string, RosterPerson> {
  const [names, setNames] = useState(() => new Map<string, RosterPerson>());
  useEffect(() => {
    if (!items?.length) return;
    let alive = true;
    const keys = [...new Map(items.map((i) => [`${i.eventId}|${i.kind}|${i.recordId}`, [i.eventId, i.kind, i.recordId] as [string, RosterKind, string]])).values()];
    void localPeople(keys)
      .then((people) => {
        if (!alive) return;
        const map = new Map<string, RosterPerson>();
        for (const p of people) if (p) map.set(`${p.kind}:${p.id}`, p);
        setNames(map);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [items]);
  return names;
}

function Side({ title, device, mine, time, status, outcome, by, testId }: { title: string; device: string | null; mine: string | null; time: string | null; status: string | null; outcome: string | null; by: string | null; testId: string }) {
  return (
    <section className={outcome === 'applied' ? 'ci-side ci-side--won' : 'ci-side'} data-testid={testId} data-outcome={outcome ?? ''}>
      <h3>{title}</h3>
      <dl>
        <dt>Device</dt>
        <dd title={device ?? undefined}>{deviceName(device, mine)}</dd>
        <dt>Device time</dt>
        <dd>{formatTime(time)}</dd>
        <dt>Status</dt>
        <dd>{status ? statusLabel(status) : '—'}</dd>
        <dt>Outcome</dt>
        <dd>{outcome ? (outcome === 'applied' ? 'Applied (won)' : outcome === 'superseded' ? 'Superseded (lost)' : outcome) : '—'}</dd>
        <dt>By</dt>
        <dd>{by ?? '—'}</dd>
      </dl>
    </section>
  );
}

/** Admins: every case where two devices changed the same person while apart, both sides shown. */
export function ConflictsPage() {
  const user = usePanelUser();
  const isAdmin = useIsAdmin();
  const events = useEvents();
  const eventList = events.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const remembered = typeof localStorage === 'undefined' ? null : localStorage.getItem(CHOSEN_KEY);
  const eventId = chosen ?? (remembered && eventList.some((e) => e.id === remembered) ? remembered : (featuredOrFirst(eventList)?.id ?? ''));
  const conflicts = useQuery({ ...conflictsQueryOptions(eventId), enabled: isAdmin && eventList.length > 0 });
  const names = useLocalNames(conflicts.data);
  const mine = useDeviceId();

  if (user && !isAdmin) {
    return (
      <section className="panel-screen">
        <h1>Conflict inbox</h1>
        <p className="panel-muted">The conflict inbox is shown to administrators.</p>
      </section>
    );
  }

  return (
    <section className="panel-screen ci-screen" aria-labelledby="ci-conflicts-title">
      <header className="ci-head">
        <div className="ci-title">
          <h1 id="ci-conflicts-title">Conflict inbox</h1>
          <Link to="/panel/checkin" className="ci-link">
            Back to check-in
          </Link>
        </div>
        <label className="ci-event">
          <span>Event</span>
          <select value={eventId} onChange={(e) => setChosen(e.target.value)}>
            <EventOptions events={eventList} failed={events.isError} />
          </select>
        </label>
      </header>
      <p className="ci-muted">
        Changes made on a device that had not yet seen another device’s change of the same person. The later device time won; both stay in the person’s history.
        <button type="button" className="ci-button ci-button--small" style={{ marginLeft: '0.75rem' }} onClick={() => void conflicts.refetch()} disabled={conflicts.isFetching}>
          {conflicts.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </p>
      {conflicts.isError && (
        <p className="ci-note ci-note--warn" role="alert">
          Could not load the conflicts: {conflicts.error instanceof Error ? conflicts.error.message : String(conflicts.error)}
        </p>
      )}
      {conflicts.data && conflicts.data.length === 0 && <p className="ci-muted ci-empty">No conflicts for this event.</p>}
      {conflicts.data && conflicts.data.length > 0 && (
        <ul className="ci-conflicts" aria-label="Conflicts" data-testid="conflicts">
          {conflicts.data.map((c) => {
            const person = names.get(`${c.kind}:${c.recordId}`);
            return (
              <li key={c.operationId} className="ci-conflict" data-testid="conflict" data-record={c.recordId}>
                <h2>
                  {person?.name || `Unknown person (${c.recordId.slice(0, 8)})`}
                  <span className="ci-muted" style={{ fontWeight: 400 }}>
                    {' '}
                    · {KIND_LABELS[c.kind] ?? c.kind}
                    {person?.passCode ? ` · Pass ${person.passCode}` : ''} · received {formatTime(c.receivedAt)}
                  </span>
                </h2>
                <div className="ci-sides">
                  <Side title="This change" device={c.deviceId} mine={mine} time={c.deviceTime} status={c.toStatus} outcome={c.outcome} by={c.changedBy} testId="conflict-mine" />
                  <Side title="The change it did not know of" device={c.otherDeviceId} mine={mine} time={c.otherDeviceTime} status={c.otherToStatus} outcome={c.otherOutcome} by={c.otherChangedBy} testId="conflict-other" />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
