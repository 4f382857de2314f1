// The venue check-in's sync engine (docs/checkin-sync.md). Sends the outbox oldest first in batches of
// at most 500 — on `online`, at start, on focus, every 15 s while online, and on "Sync now" — backing off
// after failures; applies each answer's person state (the device converges on the server); then pulls
// the roster changes since the stored cursor. A 401 keeps the outbox and waits for the next login.
// Knows no screen: screens read `getSyncState()` / `subscribeSync()`.
import { ApiError } from '../lib/api-error';
import { readEnvelope } from '../lib/envelope';
import { getToken, subscribeToken, tokenClaims } from '../lib/auth-token';
import {
  applyDeliveries,
  authorTicket,
  checkinDb,
  type Delivery,
  deviceId,
  deviceInfo,
  followOtherTabs,
  markSending,
  markWaiting,
  nextToSend,
  outboxSummary,
  type PersonState,
  type RosterEntry,
  openRosterStore,
  rosterCursor,
  storeAuthorTicket,
  storeRosterPage,
  watchClearedStorage,
} from './checkin-store';
import type { AuthorTicket, CheckinOutboxEntry, DeviceInfo, RosterKind } from './checkin-types';
import { recordStorageLoss } from './storage-loss';

export const BATCH_SIZE = 500;
export const PAGE_SIZE = 2000;
const INTERVAL_MS = 15_000;
const MAX_BACKOFF_MS = 60_000;
const LOCK_NAME = 'eventpro-checkin-sync';

export interface DownloadState {
  eventId: string;
  loaded: number;
  complete: boolean;
}

export interface SyncState {
  online: boolean;
  syncing: boolean;
  /** Entries not yet delivered (waiting or being sent). */
  waiting: number;
  refused: CheckinOutboxEntry[];
  lastSuccessAt: string | null;
  lastError: string | null;
  /** The token was refused or is missing: the outbox waits for a login. */
  needsLogin: boolean;
  download: DownloadState | null;
  /** How long the last pull of roster changes took, and how many it brought (for the bench and the bar). */
  lastPull: { ms: number; changes: number } | null;
}

/** Where the time of the last successful sync survives a reload (staff read "Last sync" after one). */
const LAST_SYNC_KEY = 'eventpro.checkin.lastSync';
function storedLastSync(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(LAST_SYNC_KEY);
  } catch {
    return null;
  }
}
function storeLastSync(at: string) {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(LAST_SYNC_KEY, at);
  } catch {
    // storage refused: the time shows until the next reload
  }
}

let state: SyncState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  syncing: false,
  waiting: 0,
  refused: [],
  lastSuccessAt: storedLastSync(),
  lastError: null,
  needsLogin: false,
  download: null,
  lastPull: null,
};
const listeners = new Set<() => void>();

function set(patch: Partial<SyncState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getSyncState(): SyncState {
  return state;
}

export function subscribeSync(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the outbox held when last counted: all that is known of it once the browser's site data is cleared. */
let lastUnsent: CheckinOutboxEntry[] = [];

/**
 * The browser's site data was cleared under this page (checkin-store's `watchClearedStorage`): the
 * changes still waiting are gone with it. The page says which (storage-loss.ts), and tells the server
 * that the old device holds nothing any more — with the ticket it still has in memory, once someone is
 * logged in — so the dashboard stops counting them at once (otherwise its report ages out in 2 hours).
 */
function storageCleared(previous: DeviceInfo) {
  const lost = lastUnsent;
  lastUnsent = [];
  if (lost.length) recordStorageLoss({ at: new Date().toISOString(), changes: lost.map((e) => ({ label: e.label, ...(e.by ? { by: e.by } : {}) })) });
  set({ waiting: 0, refused: [] });
  const forEvent = eventId ?? lost[0]?.eventId;
  const ticket = Object.values(previous.tickets ?? {}).find((t) => Date.parse(t.expiresAt) > Date.now());
  if (!forEvent || !ticket) return;
  const retire = async () => {
    try {
      await call('POST', '/api/checkin/report', { deviceId: previous.id, eventId: forEvent, waiting: 0, author: ticket.ticket });
      return true;
    } catch {
      return false;
    }
  };
  void (async () => {
    if (getToken() && (await retire())) return;
    // Clearing site data also ends the login: the report goes with the next one.
    const stop = subscribeToken((token) => {
      if (token) void retire().then((done) => done && stop());
    });
  })();
}

/** Re-reads the outbox counts (after a local change). */
export async function refreshOutbox(): Promise<void> {
  const { waiting, refused, unsent } = await outboxSummary();
  lastUnsent = unsent;
  const changed = waiting !== state.waiting;
  const grew = waiting > state.waiting;
  set({ waiting, refused });
  // Something was queued: ask for a Background Sync too (sent even if every tab closes).
  if (grew) requestBackgroundSync();
  // The count changed while online and outside a sync run (which reports at its end): tell the server.
  if (changed && !running && isOnline()) scheduleReport();
}

/** `navigator.onLine` where there is a navigator (a page or a worker); true elsewhere. */
function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

// ---------------------------------------------------------------------------------------------------

class AuthNeeded extends Error {}

/** Set while the service worker runs a flush (it has no localStorage: the page left it a copy of the token). */
let workerToken: string | null = null;
/** Set when a request of the current sync attempt got an answer from the server (any status). */
let reached = false;

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const token = getToken() ?? workerToken;
  if (!token) throw new AuthNeeded('Log in again to send the waiting changes');
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'No response from the server');
  }
  reached = true;
  if (res.status === 401) throw new AuthNeeded('Your session ended: log in again to send the waiting changes');
  const envelope = (await readEnvelope(res)) as { data: T };
  return { status: res.status, data: envelope.data };
}

interface OpResult {
  id: string;
  result: 'applied' | 'duplicate' | 'superseded' | 'held' | 'rejected';
  reason?: string;
  kind: RosterKind;
  recordId: string;
  person: PersonState | null;
}

/** Sends the outbox, oldest first, until it is empty or something fails (which throws). */
async function push(): Promise<void> {
  for (;;) {
    const entries = await nextToSend(BATCH_SIZE);
    if (!entries.length) return;
    const head = entries[0]!;
    const sender = await senderFor(head);
    if (head.type === 'walk-in') {
      await sendWalkIn(head, sender);
    } else {
      // The leading run of operations by one author (a walk-in after them goes next, before any op on it).
      const batch: CheckinOutboxEntry[] = [];
      for (const entry of entries) {
        if (entry.type !== 'op' || entry.author?.userId !== head.author?.userId) break;
        batch.push(entry);
      }
      await sendOps(batch, sender);
    }
    await refreshOutbox();
  }
}

/** Who sends: this device (id and name) and the author ticket of the user who queued `entry`. */
interface Sender {
  deviceId: string;
  deviceName: string;
  author: string;
}

/**
 * The sender fields of `entry`'s request. The author is the user who queued it, proved by the ticket
 * this device holds for them; a change queued before this device had a ticket (a login with no network
 * since) is credited to the user signed in now when that is the same person.
 */
async function senderFor(entry: CheckinOutboxEntry): Promise<Sender> {
  const info = await deviceInfo();
  const userId = entry.author?.userId ?? tokenClaims(getToken() ?? workerToken).sub;
  let ticket = userId ? await authorTicket(userId) : undefined;
  if (!ticket && userId && userId === tokenClaims(getToken() ?? workerToken).sub) ticket = await signInDevice();
  if (!ticket) {
    throw new AuthNeeded(`Changes made by ${entry.author?.name ?? entry.by ?? 'another user'} wait until they log in on this device again`);
  }
  return { deviceId: info.id, deviceName: info.name ?? '', author: ticket.ticket };
}

/** A refusal for good (validation): the entries stay with the reason. Network, 408, 429 and 5xx are retried. */
const refusedForGood = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

async function sendOps(batch: CheckinOutboxEntry[], sender: Sender) {
  const seqs = batch.map((e) => e.seq!);
  await markSending(seqs);
  let results: OpResult[];
  try {
    ({ data: { results } } = await call<{ results: OpResult[] }>('POST', '/api/checkin/ops', {
      ...sender,
      sentAt: new Date().toISOString(),
      operations: batch.map((e) => e.op!),
    }));
  } catch (error) {
    if (refusedForGood(error)) {
      const fields = error.errors ? Object.values(error.errors).join('; ') : '';
      await applyDeliveries(batch[0]!.eventId, batch.map((e) => ({ seq: e.seq!, refused: fields || error.message })));
      return;
    }
    await markWaiting(seqs, error instanceof Error ? error.message : String(error));
    throw error;
  }
  const bySeq = new Map(batch.map((e) => [e.id, e]));
  const byEvent = new Map<string, Delivery[]>();
  for (const r of results) {
    const entry = bySeq.get(r.id);
    if (!entry) continue;
    const list = byEvent.get(entry.eventId) ?? [];
    list.push({
      seq: entry.seq!,
      refused: r.result === 'rejected' ? (r.reason ?? 'Refused by the server') : undefined,
      person: { eventId: entry.eventId, kind: r.kind, id: r.recordId, state: r.person },
    });
    byEvent.set(entry.eventId, list);
  }
  for (const [eventId, deliveries] of byEvent) await applyDeliveries(eventId, deliveries);
}

interface VisitorRow {
  id: string;
  passCode: string | null;
  status: string;
  statusChangedAt: string | null;
  statusChangedBy: string | null;
  statusDeviceId: string | null;
  statusOperationId: string | null;
}

async function sendWalkIn(entry: CheckinOutboxEntry, sender: Sender) {
  await markSending([entry.seq!]);
  try {
    const { data } = await call<VisitorRow>('POST', '/api/checkin/walk-ins', { ...entry.walkIn, ...sender, sentAt: new Date().toISOString() });
    await applyDeliveries(entry.eventId, [
      {
        seq: entry.seq!,
        person: {
          eventId: entry.eventId,
          kind: 'visitors',
          id: data.id,
          state: {
            status: data.status,
            statusChangedAt: data.statusChangedAt,
            statusChangedBy: data.statusChangedBy,
            statusDeviceId: data.statusDeviceId,
            statusOperationId: data.statusOperationId,
          },
          walkIn: { passCode: data.passCode ?? '' },
        },
      },
    ]);
  } catch (error) {
    if (refusedForGood(error)) {
      const fields = error.errors ? Object.values(error.errors).join('; ') : '';
      await applyDeliveries(entry.eventId, [{ seq: entry.seq!, refused: fields || error.message }]);
      return;
    }
    await markWaiting([entry.seq!], error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * Signs this device in for the user logged in now (`POST /api/checkin/device`): registers the device by
 * its secret the first time, sends its name, and keeps the author ticket the server answers. Concurrent
 * calls share one request.
 */
let signingIn: Promise<AuthorTicket | undefined> | null = null;
export function signInDevice(): Promise<AuthorTicket | undefined> {
  signingIn ??= (async () => {
    try {
      const info = await deviceInfo();
      const { data } = await call<{ author: { userId: string; name: string }; ticket: string; expiresAt: string }>('POST', '/api/checkin/device', {
        id: info.id,
        secret: info.secret,
        name: info.name ?? '',
        ...(eventId ? { eventId } : {}),
      });
      const ticket: AuthorTicket = { userId: data.author.userId, name: data.author.name, ticket: data.ticket, expiresAt: data.expiresAt };
      await storeAuthorTicket(ticket);
      return ticket;
    } finally {
      signingIn = null;
    }
  })();
  return signingIn;
}

/**
 * Pulls the roster changes of `eventId` since the stored cursor, page by page; each page is stored with
 * its cursor in one transaction. Three things overlap: the server answering page n + 1, this page copying
 * page n into IndexedDB, and the browser committing page n - 1 (see storeRosterPage).
 */
async function pull(eventId: string): Promise<number> {
  await openRosterStore();
  const stored = await rosterCursor(eventId);
  let since = stored?.cursor ?? 0;
  const first = !stored?.complete;
  let loaded = 0;
  if (first) set({ download: { eventId, loaded: 0, complete: false } });
  const fetchPage = (from: number) =>
    call<{ items: RosterEntry[]; cursor: number; hasMore: boolean }>('GET', `/api/checkin/roster?eventId=${encodeURIComponent(eventId)}&since=${from}&limit=${PAGE_SIZE}`);
  let changes = 0;
  let committing: Promise<unknown> | null = null;
  let page = await fetchPage(since);
  try {
    for (;;) {
      const { items, cursor, hasMore } = page.data;
      const next = hasMore ? fetchPage(cursor) : null;
      next?.catch(() => undefined); // awaited below; avoid an unhandled rejection meanwhile
      const storing = storeRosterPage(eventId, items, { after: since, cursor, complete: !hasMore || stored?.complete === true, asChunk: first });
      storing.catch(() => undefined); // awaited on the next turn or after the loop
      // The page before this one must be stored before progress is shown (or before a failure stops here).
      if (committing) await committing;
      committing = storing;
      changes += items.length;
      since = cursor;
      if (first) {
        loaded += items.length;
        set({ download: { eventId, loaded, complete: false } });
      }
      if (!next) break;
      page = await next;
    }
    await committing;
  } finally {
    // A failed page leaves the later ones to fail their cursor check; none may still be running on return.
    await committing?.catch(() => undefined);
  }
  if (first) set({ download: { eventId, loaded, complete: true } });
  return changes;
}

// ---------------------------------------------------------------------------------------------------

let eventId: string | null = null;
let running: Promise<void> | null = null;
let again = false;
let failures = 0;
let nextAllowedAt = 0;
let started = false;

async function withLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(LOCK_NAME, run) as Promise<T>;
  return run();
}

async function runOnce() {
  if (!isOnline()) {
    set({ online: false });
    return;
  }
  set({ syncing: true, online: true });
  reached = false;
  try {
    await withLock(async () => {
      await push();
      if (eventId) {
        const t0 = performance.now();
        const changes = await pull(eventId);
        set({ lastPull: { ms: Math.round(performance.now() - t0), changes } });
      }
    });
    failures = 0;
    nextAllowedAt = 0;
    const at = new Date().toISOString();
    storeLastSync(at);
    set({ lastSuccessAt: at, lastError: null, needsLogin: false });
  } catch (error) {
    if (error instanceof AuthNeeded) {
      set({ needsLogin: true, lastError: error.message });
    } else {
      failures++;
      nextAllowedAt = Date.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures, 6));
      set({ lastError: error instanceof Error ? error.message : String(error) });
    }
  } finally {
    await refreshOutbox();
    set({ syncing: false });
    if (reached) await reportWaiting();
  }
}

/**
 * One sync (push, then pull). Concurrent calls share the run and trigger one more pass after it.
 * `force` (Sync now, a new login, coming online) ignores the back-off.
 */
export function syncNow(force = true): Promise<void> {
  if (!force && Date.now() < nextAllowedAt) return Promise.resolve();
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await runOnce();
      } while (again && !state.needsLogin);
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * Starts the engine's triggers once (online, focus, visibility, every 15 s, a new login), without
 * choosing an event: screens other than the check-in (the admin panel's lists) that queue changes in the
 * outbox call this so their changes are sent too. Pulls only happen once an event is chosen.
 */
export function startOutboxSync(): void {
  if (started) return;
  started = true;
  watchWorkerToken();
  window.addEventListener('online', () => {
    set({ online: true });
    void syncNow(true);
  });
  window.addEventListener('offline', () => set({ online: false }));
  window.addEventListener('focus', () => void syncNow(false));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void syncNow(false);
  });
  setInterval(() => {
    if (navigator.onLine) void syncNow(false);
  }, INTERVAL_MS);
  subscribeToken((token) => {
    if (!token) return;
    requestPersistence();
    void signInDevice().catch(() => undefined);
    // A new login syncs at once: the back-off earned by the failures before it (a server hiccup, a
    // cleared device) says nothing about this session, and the roster may have to download again.
    failures = 0;
    nextAllowedAt = 0;
    set({ needsLogin: false });
    void syncNow(true);
  });
  // Another tab changed the outbox or the roster: the counts here follow at once.
  followOtherTabs(() => void refreshOutbox());
  watchClearedStorage(storageCleared);
  if (getToken()) {
    requestPersistence();
    void signInDevice().catch(() => undefined);
  }
  void refreshOutbox();
}

/**
 * Asks the browser to keep this site's storage under pressure (the outbox holds changes made nowhere
 * else): at login and whenever a panel screen starts the engine, not only on the door screen.
 */
function requestPersistence() {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return;
  void storage.persisted().then((already) => (already ? true : storage.persist())).catch(() => false);
}

/**
 * Before a logout: sends what waits (for up to `timeoutMs`), then answers how many changes are still
 * on this device. They stay after the logout, credited to whoever made them (their author ticket), and
 * go out with the next login on this device.
 */
export async function sendBeforeLogout(timeoutMs = 8000): Promise<number> {
  if (isOnline()) await Promise.race([syncNow(true), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  return (await outboxSummary()).waiting;
}

// ---------------------------------------------------------------------------------------------------
// What waits on this device, told to the server (the dashboard shows it apart from the headcount)

let reportTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleReport() {
  clearTimeout(reportTimer);
  reportTimer = setTimeout(() => void reportWaiting(), 500);
}

/**
 * `POST /api/checkin/report {deviceId, eventId, waiting}`: the operations of this device still to be
 * delivered, for the event the engine keeps (or, with none chosen, the event of the oldest waiting
 * entry). Never fails: a report that does not arrive is replaced by the next one.
 */
export async function reportWaiting(): Promise<void> {
  clearTimeout(reportTimer);
  try {
    const db = checkinDb();
    let forEvent = eventId;
    if (!forEvent) {
      let oldest: CheckinOutboxEntry | undefined;
      await db.checkinOutbox.orderBy('seq').until(() => !!oldest).each((e) => {
        if (e.state !== 'refused') oldest = e;
      });
      forEvent = oldest?.eventId ?? null;
    }
    if (!forEvent) return;
    const id = forEvent;
    const waiting = await db.checkinOutbox.where('eventId').equals(id).filter((e) => e.state !== 'refused').count();
    const userId = tokenClaims(getToken() ?? workerToken).sub;
    const ticket = userId ? ((await authorTicket(userId)) ?? (await signInDevice())) : undefined;
    if (!ticket) return;
    await call('POST', '/api/checkin/report', { deviceId: await deviceId(), eventId: id, waiting, author: ticket.ticket });
  } catch {
    // offline, logged out or refused: the next sync reports again
  }
}

// ---------------------------------------------------------------------------------------------------
// Background Sync: the service worker sends the outbox even with every tab closed

export const CHECKIN_OUTBOX_SYNC_TAG = 'eventpro-checkin-outbox';
const WORKER_TOKEN_CACHE = 'eventpro-checkin-auth';
const WORKER_TOKEN_URL = '/__eventpro/checkin-token';

/** Keeps a copy of the token where the service worker can read it (Cache Storage); removes it on logout. */
async function shareTokenWithWorker(token: string | null): Promise<void> {
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

let tokenWatched = false;
let syncRequested: Promise<void> | null = null;

/** Keeps the worker's copy of the token in step with the page's (a logout removes it). Pages only. */
function watchWorkerToken(): void {
  if (tokenWatched || typeof window === 'undefined') return;
  tokenWatched = true;
  subscribeToken((token) => void shareTokenWithWorker(token));
}

/**
 * Asks for a Background Sync with tag 'eventpro-checkin-outbox' (where `registration.sync` exists) after
 * something was queued. Pages only: a no-op in the worker or where there is no service worker.
 */
export function requestBackgroundSync(): void {
  if (typeof window === 'undefined' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  watchWorkerToken();
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

/**
 * The send-once flush for the service worker's `sync` event: sends the whole outbox (no roster pull),
 * reports what still waits, and rejects when anything is left to send, so the browser retries later.
 * Touches no DOM or window.
 */
export async function flushOutboxOnce(): Promise<void> {
  workerToken = getToken() ?? (await readWorkerToken());
  reached = false;
  try {
    await withLock(() => push());
  } finally {
    if (reached) await reportWaiting();
  }
  const { waiting } = await outboxSummary();
  if (waiting > 0) throw new Error(`${waiting} check-in changes still waiting`);
}

/** Which event the engine keeps current; starts the engine's triggers the first time. */
export function startCheckinSync(forEvent: string): void {
  const changed = eventId !== forEvent;
  eventId = forEvent;
  startOutboxSync();
  if (changed) {
    set({ download: null });
    void syncNow(true);
  }
}
