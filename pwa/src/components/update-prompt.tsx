import { useSyncExternalStore } from 'react';
import { applyUpdate, dismissUpdate, getServiceWorkerState, subscribeServiceWorker } from '../offline/service-worker';

/** A non-blocking banner shown when a new version of the app is waiting. */
export function UpdatePrompt() {
  const { updateAvailable } = useSyncExternalStore(subscribeServiceWorker, getServiceWorkerState, getServiceWorkerState);
  if (!updateAvailable) return null;

  return (
    <div className="update-prompt" role="status" aria-live="polite">
      <p className="update-prompt__text">A new version is available.</p>
      <div className="update-prompt__actions">
        <button type="button" className="update-prompt__reload" onClick={applyUpdate}>
          Reload
        </button>
        <button type="button" className="update-prompt__dismiss" onClick={dismissUpdate} aria-label="Dismiss update notice">
          Not now
        </button>
      </div>
    </div>
  );
}
