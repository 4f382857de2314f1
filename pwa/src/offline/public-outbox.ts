// Public submissions that could not reach the server (offline, network failure, time-out) wait here
// and are sent by themselves: on `online`, at app start and from `flushOutbox()` calls. Exactly once:
// each entry carries its `uniqueSubmissionId`, so a repeat after an unknown outcome (a reload mid-send,
// a time-out) is answered by the server with the first record; a Web Lock keeps two tabs from sending
// the same entry at once, and within a tab one flush runs at a time. Knows no screen.
import type { EventProDatabase, OutboxEntry, SavedPass } from './db';
import { outboxChanged as changed } from './public-outbox-signal';

const LOCK_NAME = 'eventpro-public-outbox';

/** What the network said about one entry. */
export type SendOutcome =
  /** With the passes of the people registered with the person (a visitor's family), if any. */
  | { kind: 'sent'; pass: SavedPass | null; family?: SavedPass[] }
  | { kind: 'duplicate'; message: string }
  | { kind: 'rejected'; message: string }
  | { kind: 'retry'; message: string };

export type Sender = (entry: OutboxEntry) => Promise<SendOutcome>;

export interface FlushReport {
  entry: OutboxEntry;
  outcome: SendOutcome;
}

export async function enqueue(db: EventProDatabase, entry: OutboxEntry): Promise<void> {
  await db.publicOutbox.put(entry);
  changed(await db.publicOutbox.count());
}

/** What still waits for the server, oldest first. */
export async function pendingEntries(db: EventProDatabase): Promise<OutboxEntry[]> {
  return (await db.publicOutbox.orderBy('createdAt').toArray()).filter((entry) => !entry.refused);
}

/** What the server refused after it waited here, oldest first, until the person dismisses it. */
export async function refusedEntries(db: EventProDatabase): Promise<OutboxEntry[]> {
  return (await db.publicOutbox.orderBy('createdAt').toArray()).filter((entry) => entry.refused);
}

/** The person has read a refusal: it goes. */
export async function dismissRefused(db: EventProDatabase, id: string): Promise<void> {
  await db.publicOutbox.delete(id);
  changed(await db.publicOutbox.count());
}

async function withLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(LOCK_NAME, run) as Promise<T>;
  return run();
}

let running: Promise<FlushReport[]> | null = null;
let again = false;

/**
 * Sends every waiting entry, oldest first. An entry leaves the outbox once the server has created it; one
 * the server refused for good (already there, or refused) stays, marked refused, until the person dismisses
 * it; network failures, time-outs, 429 and 5xx keep it for the next flush. Concurrent calls in one tab share the run (and trigger one more pass after it).
 */
export function flushOutbox(db: EventProDatabase, send: Sender): Promise<FlushReport[]> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    const reports: FlushReport[] = [];
    try {
      do {
        again = false;
        reports.push(...(await withLock(() => flushOnce(db, send))));
      } while (again);
    } finally {
      running = null;
    }
    return reports;
  })();
  return running;
}

async function flushOnce(db: EventProDatabase, send: Sender): Promise<FlushReport[]> {
  const reports: FlushReport[] = [];
  const ids = (await pendingEntries(db)).map((entry) => entry.id);
  for (const id of ids) {
    // Re-read under the lock: another tab may have sent it while we waited.
    const entry = await db.publicOutbox.get(id);
    if (!entry || entry.refused) continue;
    let outcome: SendOutcome;
    try {
      outcome = await send(entry);
    } catch (error) {
      outcome = { kind: 'retry', message: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.kind === 'retry') {
      await db.publicOutbox.update(id, { attempts: entry.attempts + 1, lastError: outcome.message });
      reports.push({ entry, outcome });
      // The network is still away: the rest would fail the same way.
      break;
    }
    await db.transaction('rw', db.publicOutbox, db.passes, async () => {
      if (outcome.kind === 'sent') {
        await db.passes.bulkPut([...(outcome.pass ? [outcome.pass] : []), ...(outcome.family ?? [])]);
        await db.publicOutbox.delete(id);
      } else await db.publicOutbox.update(id, { refused: { kind: outcome.kind, message: outcome.message, at: new Date().toISOString() } });
    });
    reports.push({ entry, outcome });
  }
  changed(await db.publicOutbox.count());
  return reports;
}
