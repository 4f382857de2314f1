// The venue check-in's sync engine (docs/checkin-sync.md). Sends the outbox oldest first in batches of
// at most 500 — on `online`, at start, on focus, every 15 s while online, and on "Sync now" — backing off
// after failures; applies each answer's person state (the device converges on the server); then pulls
// the roster changes since the stored cursor. A 401 keeps the outbox and waits for the next login.
// Knows no screen: screens read `getSyncState()` / `subscribeSync()`.
import { ApiError } from '../lib/api-error';
import { readEnvelope } from '../lib/envelope';
import { getToken, subscribeToken } from '../lib/auth-token';
import {
  applyDeliveries,
  type Delivery,
  markSending,
  markWaiting,
  nextToSend,
  outboxSummary,
  type PersonState,
  type RosterEntry,
  rosterCursor,
  storeRosterPage,
} from './checkin-store';
import type { CheckinOutboxEntry, RosterKind } from './checkin-types';

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

let state: SyncState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  syncing: false,
  waiting: 0,
  refused: [],
  lastSuccessAt: null,
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

/** Re-reads the outbox counts (after a local change). */
export async function refreshOutbox(): Promise<void> {
  const { waiting, refused } = await outboxSummary();
  set({ waiting, refused });
}

// ---------------------------------------------------------------------------------------------------

class AuthNeeded extends Error {}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const token = getToken();
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
  if (res.status === 401) throw new AuthNeeded('Your session ended: log in again to send the waiting changes');
  const envelope = (await readEnvelope(res)) as { data: T };
  return { status: res.status, data: envelope.data };
}

interface OpResult {
  id: string;
  result: 'applied' | 'duplicate' | 'superseded' | 'rejected';
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
    if (head.type === 'walk-in') {
      await sendWalkIn(head);
    } else {
      // The leading run of operations (a walk-in after them goes next, before any op on that walk-in).
      const batch: CheckinOutboxEntry[] = [];
      for (const entry of entries) {
        if (entry.type !== 'op') break;
        batch.push(entry);
      }
      await sendOps(batch);
    }
    await refreshOutbox();
  }
}

async function sendOps(batch: CheckinOutboxEntry[]) {
  const seqs = batch.map((e) => e.seq!);
  await markSending(seqs);
  let results: OpResult[];
  try {
    ({ data: { results } } = await call<{ results: OpResult[] }>('POST', '/api/checkin/ops', { operations: batch.map((e) => e.op!) }));
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
      // The whole batch was refused (validation): keep every entry with the reason.
      await applyDeliveries(batch[0]!.eventId, batch.map((e) => ({ seq: e.seq!, refused: error.message })));
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
}

async function sendWalkIn(entry: CheckinOutboxEntry) {
  await markSending([entry.seq!]);
  try {
    const { data } = await call<VisitorRow>('POST', '/api/checkin/walk-ins', entry.walkIn);
    await applyDeliveries(entry.eventId, [
      {
        seq: entry.seq!,
        person: {
          eventId: entry.eventId,
          kind: 'visitors',
          id: data.id,
          state: { status: data.status, statusChangedAt: data.statusChangedAt, statusChangedBy: data.statusChangedBy, statusDeviceId: data.statusDeviceId },
          walkIn: { passCode: data.passCode ?? '' },
        },
      },
    ]);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
      const fields = error.errors ? Object.values(error.errors).join('; ') : '';
      await applyDeliveries(entry.eventId, [{ seq: entry.seq!, refused: fields || error.message }]);
      return;
    }
    await markWaiting([entry.seq!], error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * Pulls the roster changes of `eventId` since the stored cursor, page by page; each page is stored with
 * its cursor in one transaction. The next page is fetched while the previous one is being stored.
 */
async function pull(eventId: string): Promise<number> {
  const stored = await rosterCursor(eventId);
  let since = stored?.cursor ?? 0;
  const first = !stored?.complete;
  let loaded = first ? 0 : -1;
  if (first) set({ download: { eventId, loaded: 0, complete: false } });
  const fetchPage = (from: number) =>
    call<{ items: RosterEntry[]; cursor: number; hasMore: boolean }>('GET', `/api/checkin/roster?eventId=${encodeURIComponent(eventId)}&since=${from}&limit=${PAGE_SIZE}`);
  let changes = 0;
  let page = await fetchPage(since);
  for (;;) {
    const { items, cursor, hasMore } = page.data;
    const next = hasMore ? fetchPage(cursor) : null;
    next?.catch(() => undefined); // awaited below; avoid an unhandled rejection while storing
    await storeRosterPage(eventId, items, cursor, !hasMore || stored?.complete === true);
    changes += items.length;
    since = cursor;
    if (first) {
      loaded += items.length;
      set({ download: { eventId, loaded, complete: !hasMore } });
    }
    if (!next) break;
    page = await next;
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
  if (!navigator.onLine) {
    set({ online: false });
    return;
  }
  set({ syncing: true, online: true });
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
    set({ lastSuccessAt: new Date().toISOString(), lastError: null, needsLogin: false });
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

/** Which event the engine keeps current; starts the engine's triggers the first time. */
export function startCheckinSync(forEvent: string): void {
  const changed = eventId !== forEvent;
  eventId = forEvent;
  if (!started) {
    started = true;
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
      if (token && state.needsLogin) {
        set({ needsLogin: false });
        void syncNow(true);
      }
    });
    void refreshOutbox();
  }
  if (changed) {
    set({ download: null });
    void syncNow(true);
  }
}
