import { PrintBadgeButton } from '../../components/print-badge-button';
import type { RosterPerson } from '../../offline/checkin-types';
import { actionLabel, doorVerdict, KIND_LABELS, nextStatus, otherStatuses, doorStatusLabel } from './flow';
import { formatMoment } from '@shared/dates';
import { deviceName } from './format';

interface Props {
  person: RosterPerson;
  myDevice: string | null;
  /** Enter in the search box performs the big action (the card was just opened by a read). */
  armed: boolean;
  /** This device has just changed the person's status (and no read has opened the card since). */
  justDone: boolean;
  /** When the same pass was last read again within the double-read window (counted once), if it was. */
  repeatAt: number | null;
  /** An organiser: may lift a hold under "Other status". */
  organiser: boolean;
  /** Names only: no organisation or mobile number on screen. */
  hidePersonalData: boolean;
  busy: boolean;
  error: string | null;
  onAction(status: string): void;
  onClose(): void;
  /** The event's name, printed on the person's badge (known on the device, so a badge prints offline). */
  eventName?: string | undefined;
}

/** One person: who they are, their status with who/when/which device, and one big action. */
export function PersonCard({ person, myDevice, armed, justDone, repeatAt, organiser, hidePersonalData, busy, error, onAction, onClose, eventName }: Props) {
  const next = nextStatus(person.kind, person.status);
  const verdict = doorVerdict(person.kind, person.status);
  const others = otherStatuses(person.kind, person.status, organiser);

  return (
    <article className={`ci-card ci-card--${justDone ? 'done' : verdict}`} aria-labelledby="ci-card-name" data-testid="person-card" data-status={person.status}>
      <header className="ci-card-head">
        <div>
          <h2 id="ci-card-name">{person.name || '(no name)'}</h2>
          <p className="ci-muted">
            {KIND_LABELS[person.kind]}
            {person.organisation && !hidePersonalData ? ` · ${person.organisation}` : ''}
            {person.passCode ? ` · Pass ${person.passCode}` : ' · Pass code pending'}
          </p>
        </div>
        <button type="button" className="ci-button ci-button--quiet ci-button--small" onClick={onClose} aria-label="Close card">
          ✕
        </button>
      </header>
      <p className="ci-status">
        <span className={`ci-pill ci-pill--${person.status || 'none'}`} data-testid="card-status">
          {doorStatusLabel(person.status)}
        </span>
        <span className="ci-muted">
          {person.statusChangedAt ? `since ${formatMoment(person.statusChangedAt)}` : ''}
          {person.statusChangedBy ? ` by ${person.statusChangedBy}` : ''}
          {person.statusDeviceId ? ` on ${deviceName(person.statusDeviceId, myDevice)}` : ''}
        </span>
      </p>
      {repeatAt !== null && (
        // Keyed by the read: a third read within the window shows it afresh.
        <p key={repeatAt} className="ci-repeat" role="status" data-testid="just-scanned">
          Just scanned: this pass was read a moment ago and is counted once.
        </p>
      )}
      {justDone && (
        <p className="ci-done" role="status" data-testid="just-done">
          {doorStatusLabel(person.status)} just now. Ready for the next person.
        </p>
      )}
      {verdict === 'already' && !justDone && (
        <p className="ci-warning" role="alert" data-testid="already-checked-in">
          Already checked in at {formatMoment(person.statusChangedAt)} on {deviceName(person.statusDeviceId, myDevice)}
          {person.statusChangedBy ? ` (${person.statusChangedBy})` : ''}. Do not let the pass in twice.
        </p>
      )}
      {verdict === 'refused' && (
        <p className="ci-warning" role="alert" data-testid="refused-pass">
          This registration is {doorStatusLabel(person.status).toLowerCase()} (an organiser’s hold). Do not admit on this pass: send them to the desk.
          {organiser ? ' As an organiser you may lift the hold under “Other status”.' : ''}
        </p>
      )}
      {next && (
        <button type="button" className="ci-action" disabled={busy} onClick={() => onAction(next)} data-testid="card-action">
          {actionLabel(next)}
          {armed && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a key hint inside the button, not focusable itself; the button's name is its action
            <kbd className="ci-kbd" aria-hidden="true">
              Enter ↵
            </kbd>
          )}
        </button>
      )}
      {others.length > 0 && (
        <details className="ci-other">
          <summary>Other status</summary>
          <div className="ci-other-list">
            {others.map((status) => (
              <button key={status} type="button" className="ci-button" disabled={busy} onClick={() => onAction(status)}>
                {doorStatusLabel(status)}
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
      {/* A walk-in's badge at the door; a pass code arrives once the walk-in reaches the server. */}
      {person.passCode ? (
        <PrintBadgeButton
          className="ci-button ci-button--quiet"
          people={[
            {
              name: person.name || KIND_LABELS[person.kind],
              ...(person.organisation ? { organisation: person.organisation } : {}),
              type: KIND_LABELS[person.kind],
              passCode: person.passCode,
            },
          ]}
          eventId={person.eventId}
          event={eventName ? { name: eventName } : undefined}
        />
      ) : null}
    </article>
  );
}
