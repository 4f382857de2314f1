import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error';
import { api, readEnvelope } from '../../lib/api';
import { resourceKeys } from '../../lib/resource-keys';
import { historyQueryOptions } from '../../components/record-history';
import type { RosterKind } from '../../offline/checkin-types';
import { doorStatusLabel } from './flow';
import { type ConflictItem, type ConflictSide, inIndia } from './conflict-queries';

const OUTCOME_LABELS: Record<string, string> = {
  applied: 'Won: this is the status now',
  superseded: 'Did not change the status',
  held: 'Held for an organiser',
};

/** One side of a case: which device, who, when (IST), the status it set and how it came out. */
export function Side({ title, side, testId }: { title: string; side: ConflictSide | null; testId: string }) {
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
export function PersonHistory({ kind, recordId }: { kind: RosterKind; recordId: string }) {
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
export function Resolve({ item, onDone }: { item: ConflictItem; onDone: () => void }) {
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
