// Background Sync: the service worker sends the door's outbox even with every tab closed. The page keeps a
// copy of the token where the worker can read it and asks for a sync when something is queued; the worker's
// `sync` event runs `flushOutboxOnce`, an engine of its own (sync-engine.ts) that sends and does not pull.
import { getToken } from '../lib/auth-token';
import { deviceHasNetwork } from '../lib/server-reachability';
import { CheckinSync, type SyncDeps } from './sync-engine';

/** The Web Locks of this page or worker, where the platform has them. */
export function browserLocks(): SyncDeps['locks'] {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  return locks ? { request: <T>(name: string, run: () => Promise<T>) => locks.request(name, run) as Promise<T> } : undefined;
}

export const CHECKIN_OUTBOX_SYNC_TAG = 'eventpro-checkin-outbox';
const WORKER_TOKEN_CACHE = 'eventpro-checkin-auth';
const WORKER_TOKEN_URL = '/__eventpro/checkin-token';

/** Keeps a copy of the token where the service worker can read it (Cache Storage); removes it on logout. */
export async function shareTokenWithWorker(token: string | null): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(WORKER_TOKEN_CACHE);
    if (token) await cache.put(WORKER_TOKEN_URL, new Response(token, { headers: { 'Content-Type': 'text/plain' } }));
    else await cache.delete(WORKER_TOKEN_URL);
  } catch {
    // no Cache Storage: Background Sync waits for a page
  }
}

async function readWorkerToken(): Promise<string | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const res = await (await caches.open(WORKER_TOKEN_CACHE)).match(WORKER_TOKEN_URL);
    return res ? (await res.text()) || null : null;
  } catch {
    return null;
  }
}

let syncRequested: Promise<void> | null = null;

/**
 * Asks for a Background Sync with tag 'eventpro-checkin-outbox' (where `registration.sync` exists) after
 * something was queued. Pages only: a no-op in the worker or where there is no service worker.
 */
export function requestBackgroundSync(): void {
  if (typeof window === 'undefined' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (syncRequested) return; // one registration per burst of changes
  syncRequested = (async () => {
    try {
      await shareTokenWithWorker(getToken());
      const registration = await navigator.serviceWorker.ready;
      const sync = (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync;
      await sync?.register(CHECKIN_OUTBOX_SYNC_TAG);
    } catch {
      // Background Sync refused or unavailable: the page's own triggers send
    } finally {
      syncRequested = null;
    }
  })();
}

/** The service worker's flush (it has no localStorage: the page left it a copy of the token). Touches no DOM or window. */
export async function flushOutboxOnce(): Promise<void> {
  const token = getToken() ?? (await readWorkerToken());
  const worker = new CheckinSync({ token: () => token, now: () => new Date(), locks: browserLocks(), online: deviceHasNetwork });
  await worker.flushOnce();
}
