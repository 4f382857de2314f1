import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONFLICT_VIEWS } from '@edge/schemas/checkin';
import { ApiError } from '../../lib/api-error';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EventPicker } from '../../components/event-picker';
import { useStartingEvent } from '../../components/event-queries';
import { api, readEnvelope } from '../../lib/api';
import { panelKeys, resourceKeys } from '../../lib/resource-keys';
import { historyQueryOptions } from '../../components/record-history';
import { useIsAdmin, usePanelUser } from '../../components/panel-session';
import type { RosterKind } from '../../offline/checkin-types';
import { CHOSEN_KEY } from './checkin-page';
import { KIND_LABELS, doorStatusLabel } from './flow';
import './checkin.css';
import './conflicts.css';
import { formatMoment } from '@shared/dates';

/** One side of a conflict: a change, its device by name, its author, when it happened (server clock). */
interface ConflictSide {
  operationId: string;
  deviceId: string | null;
  deviceName: string;
  changedBy: string;
  happenedAt: string;
  /** The device's own time was not believable: `happenedAt` is when the change arrived. */
  deviceTimeDoubtful: boolean;
  receivedAt: string;
  fromStatus: string | null;
  toStatus: string;
  outcome: 'applied' | 'superseded' | 'held';
}

/** One row of `GET /api/checkin/conflicts`: a change that met a change its device had not seen. */
export interface ConflictItem {
  id: string;
  kind: RosterKind;
  recordId: string;
  eventId: string | null;
  personName: string | null;
  currentStatus: string | null;
  /** The person's current change: the decision is made on it, and refused as stale if it moved. */
  currentOperationId: string | null;
  change: ConflictSide;
  other: ConflictSide | null;
  why: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolution: string | null;
}

type ConflictView = (typeof CONFLICT_VIEWS)[number];

/** The inbox's three views, in the organiser's words. */
const VIEW_LABELS: Record<ConflictView, string> = {
  decision: 'Needs a decision',
  settled: 'Settled by the door',
  decided: 'Decided',
};

const PAGE_SIZE = 50;

const conflictsQueryOptions = (eventId: string, view: ConflictView, page: number) =>
  queryOptions({
    queryKey: panelKeys.conflicts(eventId, view, page),
    queryFn: async () => {
      const { data } = await readEnvelope(
        api.api.checkin.conflicts.$get({ query: { eventId: eventId || undefined, view, page: String(page), limit: String(PAGE_SIZE) } }),
      );
      // The route's answer types `kind` as any text and `change` as optional; these rows are what it sends.
      return { ...data, items: data.items as ConflictItem[] };
    },
    placeholderData: keepPreviousData,
  });

/** Times in India (the venue's zone), labelled so: an organiser may be reading from elsewhere. */
const inIndia = (iso: string | null | undefined) => (iso ? `${formatMoment(iso)} IST` : '—');

const OUTCOME_LABELS: Record<string, string> = {
  applied: 'Won: this is the status now',
  superseded: 'Did not change the status',
  held: 'Held for an organiser',
};

function Side({ title, side, testId }: { title: string; side: ConflictSide | null; testId: string }) {
  if (!side) {
    return (
      <section className="ci-side" data-testid={testId}>
        <h3>{title}</h3>
        <p className="ci-muted">Not in the log.</p>
      </section>
    );
  }
  return (
    <section className={side.outcome === 'applied' ? 'ci-side ci-side--won' : 'ci-side'} data-testid={testId} data-outcome={side.outcome}>
      <h3>{title}</h3>
      <dl>
        <dt>Device</dt>
        <dd title={side.deviceId ?? 'Admin panel'}>{side.deviceName}</dd>
        <dt>By</dt>
        <dd>{side.changedBy || '—'}</dd>
        <dt>When</dt>
        <dd>
          {inIndia(side.happenedAt)}
          {side.deviceTimeDoubtful && <span className="ci-muted"> (arrival: the device's clock was not believable)</span>}
        </dd>
        <dt>Status</dt>
        <dd>{doorStatusLabel(side.toStatus)}</dd>
        <dt>Outcome</dt>
        <dd>{OUTCOME_LABELS[side.outcome] ?? side.outcome}</dd>
      </dl>
    </section>
  );
}

/** The person's whole status history, on demand: the record drawer's query, so a decision here refreshes both. */
function PersonHistory({ kind, recordId }: { kind: RosterKind; recordId: string }) {
  const history = useQuery(historyQueryOptions(kind, recordId));
  if (history.isPending) return <p className="ci-muted">Loading the history…</p>;
  if (history.isError) return <p className="ci-note ci-note--warn">Could not load the history: {history.error.message}</p>;
  return (
    <ol className="ci-history" data-testid="conflict-history">
      {/* The door's question is the status; the record's edits of other fields are the panel's history. */}
      {history.data
        .flatMap((h) => (h.kind === 'status' ? [h] : []))
        .map((h) => (
          <li key={h.id}>
            <strong>{doorStatusLabel(h.toStatus)}</strong> · {h.outcome === 'applied' ? 'applied' : h.outcome} · {h.changedByName || '—'} on{' '}
            {h.deviceId ? h.deviceName || `device ${h.deviceId.slice(0, 8)}` : 'the admin panel'} · {inIndia(h.deviceTime ?? h.createdAt)}
            {h.notes ? ` · ${h.notes}` : ''}
          </li>
        ))}
    </ol>
  );
}

/**
 * The organiser's decision: keep the status as it is, or apply the side that did not win. It is made on
 * the person's state shown here; if that moved (or another organiser decided first) the server refuses it
 * as stale, and the inbox reloads to show the state to decide on.
 */
function Resolve({ item, onDone }: { item: ConflictItem; onDone: () => void }) {
  const queryClient = useQueryClient();
  const losing = [item.change, item.other].find((side) => side && side.toStatus !== item.currentStatus) ?? null;
  const resolve = useMutation({
    mutationFn: (decision: { decision: 'keep' } | { decision: 'apply'; operationId: string }) =>
      readEnvelope(
        api.api.checkin.conflicts[':id'].resolve.$post({ param: { id: item.id }, json: { ...decision, personOperationId: item.currentOperationId } }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.history(item.kind, item.recordId) });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) onDone();
    },
  });
  if (item.resolvedAt) {
    return (
      <p className="ci-resolved" data-testid="conflict-resolved">
        Resolved by {item.resolvedBy} on {inIndia(item.resolvedAt)}: {item.resolution}
      </p>
    );
  }
  return (
    <div className="ci-resolve">
      <button type="button" className="ci-button ci-button--small" disabled={resolve.isPending} onClick={() => resolve.mutate({ decision: 'keep' })}>
        Keep {item.currentStatus ? doorStatusLabel(item.currentStatus) : 'as is'}
      </button>
      {losing && (
        <button
          type="button"
          className="ci-button ci-button--small"
          disabled={resolve.isPending}
          onClick={() => resolve.mutate({ decision: 'apply', operationId: losing.operationId })}
        >
          Apply {doorStatusLabel(losing.toStatus)} from {losing.deviceName}
        </button>
      )}
      {resolve.isError && (
        <span className="ci-note ci-note--warn" role="alert">
          {resolve.error.message}
        </span>
      )}
    </div>
  );
}

/** Admins: every case where two devices changed the same person while apart, both sides shown. */
export function ConflictsPage() {
  const user = usePanelUser();
  const isAdmin = useIsAdmin();
  const [chosen, setChosen] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [view, setView] = useState<ConflictView>('decision');
  const [page, setPage] = useState(1);
  const remembered = typeof localStorage === 'undefined' ? null : localStorage.getItem(CHOSEN_KEY);
  // The door's event on this device while it exists, else the featured one.
  const eventId = useStartingEvent(chosen ?? remembered).eventId ?? '';
  const conflicts = useQuery({ ...conflictsQueryOptions(eventId, view, page), enabled: isAdmin && eventId !== '' });
  const counts = conflicts.data?.counts;
  const items = conflicts.data?.items;

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
        <EventPicker
          className="ci-event"
          value={eventId}
          onChange={(id) => {
            setChosen(id);
            setPage(1);
          }}
        />
      </header>
      <p className="ci-muted">
        Changes made on a device that had not seen another change of the same person. Clocks decide nothing: a status further along the door (checked in →
        exited ramp → left venue) stands, a cancellation holds until you decide, and two gates admitting one person is reported as a double admission.{' '}
        <button
          type="button"
          className="ci-button ci-button--small"
          style={{ marginLeft: '0.75rem' }}
          onClick={() => void conflicts.refetch()}
          disabled={conflicts.isFetching}
        >
          {conflicts.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </p>
      <div className="ci-views" role="tablist" aria-label="Conflicts to show">
        {CONFLICT_VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            className={view === v ? 'ci-view ci-view--on' : 'ci-view'}
            onClick={() => {
              setView(v);
              setPage(1);
            }}
            data-testid={`conflict-view-${v}`}
          >
            {VIEW_LABELS[v]}{' '}
            <span className="ci-count" data-testid={`conflict-count-${v}`}>
              {counts ? counts[v].toLocaleString('en-IN') : '…'}
            </span>
          </button>
        ))}
      </div>
      {conflicts.isPending && eventId !== '' && <p className="ci-muted">Loading conflicts…</p>}
      {conflicts.isError && (
        <p className="ci-note ci-note--warn" role="alert">
          Could not load the conflicts: {conflicts.error instanceof Error ? conflicts.error.message : String(conflicts.error)}
        </p>
      )}
      {items && items.length === 0 && (
        <p className="ci-muted ci-empty">{view === 'decision' ? 'Nothing waits for a decision for this event.' : 'None for this event.'}</p>
      )}
      {items && items.length > 0 && (
        <ul className="ci-conflicts" aria-label="Conflicts" data-testid="conflicts">
          {items.map((c) => (
            <li key={c.id} className="ci-conflict" data-testid="conflict" data-record={c.recordId} data-resolved={c.resolvedAt ? 'yes' : 'no'}>
              <h2>
                {c.personName ?? 'A person since removed'}
                <span className="ci-muted" style={{ fontWeight: 400 }}>
                  {' '}
                  · {KIND_LABELS[c.kind] ?? c.kind} · now {c.currentStatus ? doorStatusLabel(c.currentStatus) : '—'} · received {inIndia(c.change.receivedAt)}
                </span>
              </h2>
              <p className="ci-why" data-testid="conflict-why">
                {c.why}
              </p>
              <div className="ci-sides">
                <Side title="This change" side={c.change} testId="conflict-mine" />
                <Side title="The change it had not seen" side={c.other} testId="conflict-other" />
              </div>
              <Resolve item={c} onDone={() => void conflicts.refetch()} />
              <button type="button" className="ci-link ci-link--button" aria-expanded={open === c.id} onClick={() => setOpen(open === c.id ? null : c.id)}>
                {open === c.id ? 'Hide history' : 'Show history'}
              </button>
              {open === c.id && <PersonHistory kind={c.kind} recordId={c.recordId} />}
            </li>
          ))}
        </ul>
      )}
      {conflicts.data && conflicts.data.totalPages > 1 && (
        <nav className="ci-pager" aria-label="Pages of conflicts">
          <button type="button" className="ci-button ci-button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span data-testid="conflict-page">
            Page {page} of {conflicts.data.totalPages.toLocaleString('en-IN')} · {conflicts.data.total.toLocaleString('en-IN')} in all
          </span>
          <button type="button" className="ci-button ci-button--small" disabled={page >= conflicts.data.totalPages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
