import type { Client } from '@libsql/client';
import type { SqlStatement } from './sql-statement';

/**
 * Runs statements in one write transaction and answers each statement's rows (for `RETURNING`; `[]` for
 * the others), as objects keyed by column name. All or nothing: when a statement fails, nothing is kept
 * and the error carries `statementIndex`, the failing statement's position.
 *
 * Group commit (`edge/perf/group-commit.ts`) writes through one of these. Workers and remote databases use
 * the libSQL client's batch; the Node server on an embedded file uses its own connection with cached
 * prepared statements (`native-batch-writer.ts`, decision 010).
 */
export type BatchWriter = ((statements: SqlStatement[]) => Promise<Array<Array<Record<string, unknown>>>>) & {
  /**
   * `false` where a request may not wait on I/O started by another request (Cloudflare Workers cancels
   * such a request as hung): there each request commits its own statements, without group commit.
   */
  readonly groupsRequests?: boolean;
  /**
   * How many batches group commit may hand over before the first has committed (1 when absent). Only a
   * writer that runs its batches one after another by itself takes more (the embedded writer's thread):
   * the next batch is then waiting when a commit ends, and neither thread idles while the other works.
   */
  readonly batchesInFlight?: number;
};

/** A batch writer over a libSQL client (Turso over HTTP on Workers; any URL on Node). */
export function clientBatchWriter(client: Client, options: { groupsRequests?: boolean } = {}): BatchWriter {
  const write = async (statements: SqlStatement[]) => {
    const results = await client.batch(statements, 'write');
    return results.map((result) => result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column, row[i]]))));
  };
  return Object.assign(write, { groupsRequests: options.groupsRequests ?? true });
}
