import { discardRefused, retryRefused } from '../../offline/checkin-store';
import { refreshOutbox, syncNow } from '../../offline/checkin-sync';
import { formatTime } from './format';
import { useSyncState } from './hooks';

/** Always visible: online or not, items waiting, last successful sync, and what the server refused. */
export function SyncBar() {
  const s = useSyncState();
  return (
    <section className="ci-syncbar" aria-label="Sync status" data-testid="sync-bar" data-online={s.online ? 'yes' : 'no'} data-waiting={s.waiting} data-last-sync={s.lastSuccessAt ?? ''} data-pull-ms={s.lastPull?.ms ?? ''}>
      <span className={s.online ? 'ci-dot ci-dot--on' : 'ci-dot ci-dot--off'} aria-hidden="true" />
      <strong data-testid="sync-online">{s.online ? 'Online' : 'Offline'}</strong>
      <span data-testid="sync-waiting">
        {s.waiting} {s.waiting === 1 ? 'item' : 'items'} waiting
      </span>
      <span>Last sync: {s.lastSuccessAt ? formatTime(s.lastSuccessAt) : 'never'}</span>
      <button type="button" className="ci-button ci-button--small" onClick={() => void syncNow(true)} disabled={s.syncing}>
        {s.syncing ? 'Syncing…' : 'Sync now'}
      </button>
      {s.needsLogin && (
        <p className="ci-note ci-note--warn" role="status">
          Your session ended. The {s.waiting} waiting {s.waiting === 1 ? 'item is' : 'items are'} kept on this device and will be sent after you log in again.
        </p>
      )}
      {!s.needsLogin && s.lastError && s.online && <p className="ci-note">Last attempt failed: {s.lastError}. Retrying by itself.</p>}
      {s.refused.length > 0 && (
        <details className="ci-refused" open>
          <summary>{s.refused.length} refused by the server</summary>
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
    </section>
  );
}
