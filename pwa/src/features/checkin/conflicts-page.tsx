import { useQuery } from '@tanstack/react-query';
import { CONFLICT_VIEWS } from '@edge/schemas/checkin';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EventPicker } from '../../components/event-picker';
import { useStartingEvent } from '../../components/event-queries';
import { useIsAdmin, usePanelUser } from '../../components/panel-session';
import { CHOSEN_KEY } from './checkin-page';
import { KIND_LABELS, doorStatusLabel } from './flow';
import './checkin.css';
import './conflicts.css';
import { type ConflictView, conflictsQueryOptions, inIndia } from './conflict-queries';
import { PersonHistory, Resolve, Side } from './conflict-case';

/** The inbox's three views, in the organiser's words. */
const VIEW_LABELS: Record<ConflictView, string> = {
  decision: 'Needs a decision',
  settled: 'Settled by the door',
  decided: 'Decided',
};

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
