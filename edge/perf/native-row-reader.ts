import { createRequire } from 'node:module';
import type { Row, RowReader } from '../db/row-reader';

/** How many SQL texts a native reader keeps prepared: the hot reads are a handful of fixed texts. */
const MAX_PREPARED = 64;

/**
 * The Node server's row reader on an embedded libSQL file: a connection of its own on the server's
 * thread, keeping each statement prepared. The libSQL client prepares every statement again on every
 * call and probes it with an exception; for the session read of a signed-in request that was about
 * 0.1 ms of the server's only JavaScript thread, as much as the rest of a door check-in (decision 016).
 * Reads are synchronous on an embedded file either way; WAL lets them run beside the writer's commits.
 * `get` steps the statement once: its one row without the iterator `all` builds around it.
 */
export function nativeRowReader(path: string, options: { busyTimeoutMs: number }): { readRow: RowReader; close(): void } {
  type Statement = { get(args: unknown[]): Row | undefined };
  const Database = createRequire(import.meta.url)('libsql') as new (
    path: string,
    options: { timeout: number },
  ) => { prepare(sql: string): Statement; close(): void };
  const connection = new Database(path, { timeout: options.busyTimeoutMs });
  const prepared = new Map<string, Statement>();
  let closed = false;
  return {
    readRow: async ({ sql, args }) => {
      if (closed) throw new Error('The database is closed');
      let statement = prepared.get(sql);
      if (!statement) {
        if (prepared.size >= MAX_PREPARED) prepared.clear();
        prepared.set(sql, (statement = connection.prepare(sql)));
      }
      return statement.get(args) ?? undefined;
    },
    close: () => {
      closed = true;
      connection.close();
    },
  };
}
