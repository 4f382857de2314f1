import { useSyncExternalStore } from 'react';
import { formatCreatedOn } from '@shared/dates';
import { currentStorageLoss, dismissStorageLoss, subscribeStorageLoss } from '../offline/storage-loss';
import './storage-loss-notice.css';

/** Changes named in full; the rest are counted. */
const LISTED = 50;

/**
 * Says what this device lost when the browser's site data was cleared with changes still waiting — on
 * the login screen (where clearing the data leaves staff), under the door's sync bar and on the other
 * panel screens — until it is dismissed. Short, with the changes one tap away, so the door's search
 * stays at the top of a phone's screen.
 */
export function StorageLossNotice() {
  const loss = useSyncExternalStore(subscribeStorageLoss, currentStorageLoss, () => null);
  if (!loss) return null;
  const count = loss.changes.length;
  const noticed = formatCreatedOn(loss.at);
  return (
    <section className="storage-loss" role="alert" aria-labelledby="storage-loss-title" data-testid="storage-loss">
      <div className="storage-loss__head">
        <h2 id="storage-loss-title" className="storage-loss__title">
          This browser's data was cleared: {count} {count === 1 ? 'change' : 'changes'} made on this device never reached the server and{' '}
          {count === 1 ? 'is' : 'are'} lost
        </h2>
        <button type="button" className="button storage-loss__dismiss" onClick={dismissStorageLoss}>
          Dismiss
        </button>
      </div>
      <details className="storage-loss__details">
        <summary>Which ones (noticed {noticed} IST) — make them again if they still apply</summary>
        <ul className="storage-loss__list">
          {loss.changes.slice(0, LISTED).map((change, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once; two changes may read the same
            <li key={i}>
              {change.label}
              {change.by ? ` — by ${change.by}` : null}
            </li>
          ))}
          {count > LISTED ? <li>and {count - LISTED} more</li> : null}
        </ul>
      </details>
    </section>
  );
}
