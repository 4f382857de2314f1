// The page's door sync (docs/checkin-sync.md): one engine (`sync-engine.ts`) for the session signed in now,
// made on first use, and what screens use of it — its state, "Sync now", the outbox counts, the device's
// sign-in, the send before a logout. Screens read `getSyncState()` / `subscribeSync()`.
import { getToken, subscribeToken } from '../lib/auth-token';
import { deviceHasNetwork } from '../lib/server-reachability';
import { browserLocks, requestBackgroundSync, shareTokenWithWorker } from './checkin-background-sync';
import type { AuthorTicket } from './checkin-types';
import { CheckinSync, type SyncState } from './sync-engine';

const LAST_SYNC_KEY = 'eventpro.checkin.lastSync';
const lastSyncInLocalStorage = {
  read(): string | null {
    try {
      return typeof localStorage === 'undefined' ? null : localStorage.getItem(LAST_SYNC_KEY);
    } catch {
      return null;
    }
  },
  write(at: string) {
    try {
      if (typeof localStorage !== 'undefined') localStorage.setItem(LAST_SYNC_KEY, at);
    } catch {
      // storage refused: the time shows until the next reload
    }
  },
};

let pageEngine: CheckinSync | undefined;
const pageListeners = new Set<() => void>();
const tellPage = () => {
  for (const listener of pageListeners) listener();
};

/** This page's engine for the session signed in now (made on first use, started by `startOutboxSync`). */
function engine(): CheckinSync {
  pageEngine ??= new CheckinSync({
    token: getToken,
    now: () => new Date(),
    locks: browserLocks(),
    online: deviceHasNetwork,
    lastSync: lastSyncInLocalStorage,
    onChange: tellPage,
    onQueued: requestBackgroundSync,
  });
  return pageEngine;
}

export const getSyncState = (): SyncState => engine().getState();

export function subscribeSync(listener: () => void): () => void {
  pageListeners.add(listener);
  return () => pageListeners.delete(listener);
}

export const syncNow = (force = true): Promise<void> => engine().syncNow(force);
export const refreshOutbox = (): Promise<void> => engine().refreshOutbox();
export const signInDevice = (): Promise<AuthorTicket | undefined> => engine().signInDevice();
export const sendBeforeLogout = (timeoutMs?: number): Promise<number> => engine().sendBeforeLogout(timeoutMs);

/** Starts this session's engine and its triggers (any panel screen that queues changes calls this). */
export function startOutboxSync(): void {
  engine().start();
  // The service worker's copy of the token follows every login and logout (it sends with every tab closed).
  stopSharingToken ??= subscribeToken((token) => void shareTokenWithWorker(token));
}

let stopSharingToken: (() => void) | undefined;

/** Which event the engine keeps current; starts the engine the first time. */
export function startCheckinSync(forEvent: string): void {
  startOutboxSync();
  engine().setEvent(forEvent);
}

/**
 * Logout: stops this session's engine (see `CheckinSync.stop`) and takes the service worker's copy of the
 * token away; the next login starts a new engine.
 */
export async function stopCheckinSync(): Promise<void> {
  const stopping = pageEngine;
  pageEngine = undefined;
  stopSharingToken?.();
  stopSharingToken = undefined;
  await stopping?.stop();
  await shareTokenWithWorker(null);
  tellPage();
}
