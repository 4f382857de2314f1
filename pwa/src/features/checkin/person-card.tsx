import { useState } from 'react';
import { changeStatus } from '../../offline/checkin-store';
import type { RosterPerson } from '../../offline/checkin-types';
import { refreshOutbox, syncNow } from '../../offline/checkin-sync';
import { actionLabel, KIND_LABELS, nextStatus, otherStatuses, statusLabel } from './flow';
import { deviceName, formatTime } from './format';

interface Props {
  person: RosterPerson;
  myDevice: string | null;
  actorName: string;
  onClose(): void;
}

/** One person: who they are, their status with who/when/which device, and one big action. */
export function PersonCard({ person, myDevice, actorName, onClose }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const next = nextStatus(person.kind, person.status);
  const checkedIn = person.status === 'checked_in';

  async function apply(status: string) {
    setBusy(true);
    setError(null);
    try {
      await changeStatus(person, status, { name: actorName });
      void refreshOutbox();
      if (navigator.onLine) void syncNow(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="ci-card" aria-labelledby="ci-card-name" data-testid="person-card" data-status={person.status}>
      <header className="ci-card-head">
        <div>
          <h2 id="ci-card-name">{person.name || '(no name)'}</h2>
          <p className="ci-muted">
            {KIND_LABELS[person.kind]}
            {person.organisation ? ` · ${person.organisation}` : ''}
            {person.passCode ? ` · Pass ${person.passCode}` : ' · Pass code pending'}
          </p>
        </div>
        <button type="button" className="ci-button ci-button--quiet ci-button--small" onClick={onClose} aria-label="Close card">
          ✕
        </button>
      </header>
      <p className="ci-status">
        <span className={`ci-pill ci-pill--${person.status || 'none'}`} data-testid="card-status">
          {statusLabel(person.status)}
        </span>
        <span className="ci-muted">
          {person.statusChangedAt ? `since ${formatTime(person.statusChangedAt)}` : ''}
          {person.statusChangedBy ? ` by ${person.statusChangedBy}` : ''}
          {person.statusDeviceId ? ` on ${deviceName(person.statusDeviceId, myDevice)}` : ''}
        </span>
      </p>
      {checkedIn && (
        <p className="ci-warning" role="alert" data-testid="already-checked-in">
          Already checked in at {formatTime(person.statusChangedAt)} on {deviceName(person.statusDeviceId, myDevice)}
          {person.statusChangedBy ? ` (${person.statusChangedBy})` : ''}. Do not let the pass in twice.
        </p>
      )}
      {next && (
        <button type="button" className="ci-action" disabled={busy} onClick={() => void apply(next)} data-testid="card-action">
          {actionLabel(next)}
        </button>
      )}
      {otherStatuses(person.kind, person.status).length > 0 && (
        <details className="ci-other">
          <summary>Other status</summary>
          <div className="ci-other-list">
            {otherStatuses(person.kind, person.status).map((status) => (
              <button key={status} type="button" className="ci-button" disabled={busy} onClick={() => void apply(status)}>
                {statusLabel(status)}
              </button>
            ))}
          </div>
        </details>
      )}
      {error && (
        <p className="ci-note ci-note--warn" role="alert">
          Not saved: {error}
        </p>
      )}
    </article>
  );
}
