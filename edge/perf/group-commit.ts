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
 */
export type Rows = Array<Record<string, unknown>>;

interface Item {
  statements: SqlStatement[];
  resolve: (results: Rows[]) => void;
  reject: (error: unknown) => void;
}

/** Upper bound of items per transaction: keeps one commit's latency small under a flood. */
const MAX_ITEMS_PER_BATCH = 256;

class GroupCommitter {
  private queue: Item[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxInFlight: number;

  constructor(private readonly writeBatch: BatchWriter) {
    this.maxInFlight = Math.max(1, writeBatch.batchesInFlight ?? 1);
  }

  commit(statements: SqlStatement[]): Promise<Rows[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ statements, resolve, reject });
      if (!this.scheduled && this.inFlight < this.maxInFlight) {
        this.scheduled = true;
        defer(() => {
          this.scheduled = false;
          this.send();
        });
      }
    });
  }

  /** Hands the waiting items over as batches, while fewer than `maxInFlight` are uncommitted. */
  private send() {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const items = this.queue.splice(0, MAX_ITEMS_PER_BATCH);
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
 */
export function groupCommit(writeBatch: BatchWriter, statements: SqlStatement[]): Promise<Rows[]> {
  if (writeBatch.groupsRequests === false) return writeBatch(statements);
  let committer = committers.get(writeBatch);
  if (!committer) committers.set(writeBatch, (committer = new GroupCommitter(writeBatch)));
  return committer.commit(statements);
}
