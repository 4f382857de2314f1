import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useState, useSyncExternalStore } from 'react';
import { clearToken, getToken, subscribeToken } from '../../lib/auth-token';
import { discardRefused, retryRefused } from '../../offline/refused-changes';
import { refreshOutbox, syncNow } from '../../offline/checkin-sync';
import { formatTime, formatMoment } from '@shared/dates';
import { useSyncState } from './hooks';

/**
 * The door's sync status in one line (online or not, changes waiting, last successful sync, Sync now),
 * in the page's flow rather than stuck over the results. What needs staff's attention (a session that
 * ended, changes the server refused) shows under the line; the rest opens from the line itself.
 */
export function SyncBar({ details }: { details?: ReactNode }) {
  const s = useSyncState();
  const signedIn = useSyncExternalStore(subscribeToken, () => getToken() !== null);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const failing = !s.needsLogin && !!s.lastError && s.online;
  return (
    <section
      className="ci-syncbar"
      aria-label="Sync status"
      data-testid="sync-bar"
      data-online={s.online ? 'yes' : 'no'}
      data-waiting={s.waiting}
      data-last-sync={s.lastSuccessAt ?? ''}
      data-pull-ms={s.lastPull?.ms ?? ''}
    >
      <div className="ci-syncline">
        <button
          type="button"
          className="ci-syncsummary"
          aria-expanded={open}
          aria-controls={panelId}
          title={s.lastSuccessAt ? `Last sync: ${formatMoment(s.lastSuccessAt)}` : 'Not synced yet'}
          onClick={() => setOpen((o) => !o)}
        >
          <span className={s.online ? 'ci-dot ci-dot--on' : 'ci-dot ci-dot--off'} aria-hidden="true" />
          <strong data-testid="sync-online">{s.online ? 'Online' : 'Offline'}</strong>
          <span className={s.waiting ? 'ci-syncitem ci-syncitem--waiting' : 'ci-syncitem'} data-testid="sync-waiting">
            {s.waiting} waiting
          </span>
          <span className="ci-syncitem ci-synctime ci-muted">
            {s.lastSuccessAt ? `synced ${formatTime(s.lastSuccessAt)}` : 'never synced'}
            {failing ? ', retrying' : ''}
          </span>
          <span className="ci-visually-hidden">: sync details</span>
          <span className="ci-chevron" aria-hidden="true" />
        </button>
        <button type="button" className="ci-button ci-button--small" onClick={() => void syncNow(true)} disabled={s.syncing}>
          {s.syncing ? 'Syncing…' : 'Sync now'}
        </button>
      </div>
      {s.restored && (
        <p className="ci-note ci-note--warn" role="status" data-testid="server-restored">
          The server’s data was restored from a backup ({formatTime(s.restored.at)}): this device sent its last 48 hours of changes again (
          {s.restored.resent.toLocaleString('en-IN')}) and is downloading the roster anew.
        </p>
      )}
      {(s.needsLogin || !signedIn) && (
        <p className="ci-note ci-note--warn" role="status" data-testid="sign-in-to-send">
          Signed out: the door keeps working from this device’s roster.{' '}
          {/* The login the server refused is forgotten first: the sign-in screen shows only without one. */}
          <Link to="/panel" search={{ redirect: '/panel/checkin' }} className="ci-link" onClick={() => clearToken()}>
            Sign in to send {s.waiting} waiting {s.waiting === 1 ? 'change' : 'changes'}
          </Link>
          .
        </p>
      )}
      {s.refused.length > 0 && (
        <details className="ci-refused">
          <summary>{s.refused.length} refused by the server: retry or discard</summary>
          <ul>
            {s.refused.map((entry) => (
              <li key={entry.seq}>
                <span>
                  {entry.label} — <em>{entry.reason}</em>
                </span>
                <button
                  type="button"
                  className="ci-button ci-button--small"
                  onClick={async () => {
                    await retryRefused(entry.seq!);
                    await refreshOutbox();
                    void syncNow(true);
                  }}
                >
                  Retry
                </button>
                <button
                  type="button"
                  className="ci-button ci-button--small ci-button--quiet"
                  onClick={async () => {
                    await discardRefused(entry.seq!);
                    await refreshOutbox();
                  }}
                >
                  Discard
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
      <div id={panelId} className="ci-syncdetails" hidden={!open}>
        <p>Last sync: {s.lastSuccessAt ? formatMoment(s.lastSuccessAt) : 'never'}</p>
        {failing && <p>Last attempt failed: {s.lastError}. Retrying by itself.</p>}
        {s.lastPull && (
          <p>
            Last roster check: {s.lastPull.changes.toLocaleString('en-IN')} {s.lastPull.changes === 1 ? 'change' : 'changes'} in {s.lastPull.ms} ms
          </p>
        )}
        {details}
      </div>
    </section>
  );
}
