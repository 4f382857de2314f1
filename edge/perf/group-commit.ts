import type { BatchWriter } from '../db/batch-writer';
import type { SqlStatement } from '../db/sql-statement';
import { defer } from './next-turn';

/**
 * Group commit: write statements from concurrent requests are committed together, in one transaction,
 * and each caller's promise settles only after that transaction has committed (so an answer is never
 * sent before its row is durable).
 *
 * Why: SQLite syncs once per commit, and that sync — not the insert — is what limits a write endpoint
 * (bench: "libSQL file insert ceiling"). Fifty concurrent registrations paying one sync instead of fifty
 * is what lets the public endpoints keep up with a crowd at the venue's gates.
 *
 * Each caller hands in its own list of statements ("an item"); an item is all-or-nothing. If a statement
 * fails (a duplicate, say), only the item that owns it is rejected with that error and the batch is
 * retried without it, so one person's duplicate never fails another's registration.
 *
 * Batching needs no timer: items that arrive while a batch is being written, or within the same turn of
 * the event loop, go into the next batch. On the embedded database the batch call is synchronous, so a
 * transaction never stays open across an `await` (no other connection can be left waiting on its lock).
 *
 * A writer that runs batches one after another on a thread of its own (the embedded writer) may be handed
 * a few before the first has committed (`batchesInFlight`): the next batch then waits at the writer while
 * a commit syncs, instead of the writer waiting for this thread to notice the commit and send it. Each
 * batch is still its own transaction, committed in the order sent.
 *
 * Items have a priority. `now`: someone is waiting on a screen for the answer (a registration, a tap at
 * the door, an organiser's save). `backlog`: changes a device queued while offline and already shows
 * where they were made (a venue tablet sending its waiting check-ins after a reconnect). A backlog item
 * waits until the writer has nothing else to commit, or at most `BACKLOG_MAX_WAIT_MS`, then joins the
 * next batch: while a crowd registers, a tablet's 500 changes take a couple of seconds longer to reach
 * the server instead of every registration waiting behind them; on a quiet lane they go at once.
 */
export type Rows = Array<Record<string, unknown>>;

/** `now`: a person waits on a screen for the answer; `backlog`: a device's queued changes (see above). */
export type WritePriority = 'now' | 'backlog';

interface Item {
  statements: SqlStatement[];
  resolve: (results: Rows[]) => void;
  reject: (error: unknown) => void;
  /** `performance.now()` when a backlog item was queued. */
  queuedAt?: number;
}

/** Upper bound of items per transaction: keeps one commit's latency small under a flood. */
const MAX_ITEMS_PER_BATCH = 256;

/**
 * The longest a backlog item waits for an idle writer. Under 50 connections registering nonstop, a
 * tablet's 500 changes then take about 2 s instead of 0.5 s, and it takes about a fifth of the writer's
 * time it took before (decision 039); a 60 s request time-out on the tablet leaves room for far worse.
 */
export const BACKLOG_MAX_WAIT_MS = 50;

class GroupCommitter {
  private queue: Item[] = [];
  private backlog: Item[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxInFlight: number;

  constructor(private readonly writeBatch: BatchWriter) {
    this.maxInFlight = Math.max(1, writeBatch.batchesInFlight ?? 1);
  }

  commit(statements: SqlStatement[], priority: WritePriority): Promise<Rows[]> {
    return new Promise((resolve, reject) => {
      if (priority === 'backlog') this.backlog.push({ statements, resolve, reject, queuedAt: performance.now() });
      else this.queue.push({ statements, resolve, reject });
      if (!this.scheduled && this.inFlight < this.maxInFlight) {
        this.scheduled = true;
        defer(() => {
          this.scheduled = false;
          this.send();
        });
      }
    });
  }

  /**
   * Hands the waiting items over as batches, while fewer than `maxInFlight` are uncommitted. Backlog items
   * go when nothing else is queued or uncommitted, or once the oldest has waited its longest; a backlog
   * item held here always has a batch in flight whose commit calls this again.
   */
  private send() {
    while (this.inFlight < this.maxInFlight) {
      const items = this.queue.splice(0, MAX_ITEMS_PER_BATCH);
      const oldestBacklog = this.backlog[0]?.queuedAt;
      if (oldestBacklog !== undefined && ((items.length === 0 && this.inFlight === 0) || performance.now() - oldestBacklog >= BACKLOG_MAX_WAIT_MS)) {
        items.push(...this.backlog.splice(0, Math.max(1, MAX_ITEMS_PER_BATCH - items.length)));
      }
      if (items.length === 0) return;
      this.inFlight++;
      void this.write(items).finally(() => {
        this.inFlight--;
        this.send();
      });
    }
  }

  /**
   * Writes `items` in one transaction, dropping any item whose statement fails and retrying the rest.
   * Failed items are rejected only once the others are committed: a caller that lost a race (say, on an
   * idempotency key) then reads the winner's committed row.
   */
  private async write(items: Item[]) {
    const failures: Array<[Item, unknown]> = [];
    let remaining = items;
    try {
      while (remaining.length > 0) {
        const statements = remaining.flatMap((item) => item.statements);
        if (statements.length === 0) {
          for (const item of remaining) item.resolve([]);
          return;
        }
        try {
          const results = await this.writeBatch(statements);
          let at = 0;
          for (const item of remaining) {
            item.resolve(results.slice(at, at + item.statements.length));
            at += item.statements.length;
          }
          return;
        } catch (error) {
          const failed = owningItem(remaining, statementIndexOf(error));
          if (failed === undefined) {
            // The failure names no statement (a remote driver, a lost connection): settle each item on its own.
            if (remaining.length === 1) return void failures.push([remaining[0]!, error]);
            for (const item of remaining) await this.write([item]);
            return;
          }
          failures.push([remaining[failed]!, error]);
          remaining = remaining.filter((_, i) => i !== failed);
        }
      }
    } finally {
      for (const [item, error] of failures) item.reject(error);
    }
  }
}

function owningItem(items: Item[], statementIndex: number | undefined): number | undefined {
  if (statementIndex === undefined) return undefined;
  let at = 0;
  for (let i = 0; i < items.length; i++) {
    at += items[i]!.statements.length;
    if (statementIndex < at) return i;
  }
  return undefined;
}

function statementIndexOf(error: unknown): number | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const index = (e as { statementIndex?: unknown }).statementIndex;
    if (typeof index === 'number') return index;
  }
  return undefined;
}

const committers = new WeakMap<BatchWriter, GroupCommitter>();

/**
 * Commits `statements` atomically, together with whatever other requests are committing at the same
 * moment. Resolves with each statement's rows once the transaction is durable; rejects with the
 * database's error when one of this caller's statements fails (nothing of this caller is then stored).
 * `backlog` items give way to `now` items (see the top of this file).
 */
export function groupCommit(writeBatch: BatchWriter, statements: SqlStatement[], priority: WritePriority = 'now'): Promise<Rows[]> {
  if (writeBatch.groupsRequests === false) return writeBatch(statements);
  let committer = committers.get(writeBatch);
  if (!committer) committers.set(writeBatch, (committer = new GroupCommitter(writeBatch)));
  return committer.commit(statements, priority);
}
