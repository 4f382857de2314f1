import { createRequire } from 'node:module';
import type { Client } from '@libsql/client';
import type { SqlStatement } from './sql-statement';

export type Rows = Array<Record<string, unknown>>;

/**
 * Reads the rows of one statement, as objects keyed by column name (integers as numbers). For the hot
 * reads that run on every request — the session behind a signed-in request — built once as plain
 * statements (`statementTemplate`), so their SQL text never changes and can stay prepared.
 *
 * The Node server on an embedded file reads through `nativeRowReader`; Workers and remote databases
 * through the libSQL client (`clientRowReader`), which prepares each statement again on every call.
 */
export type RowReader = (statement: SqlStatement) => Promise<Rows>;

/** A row reader over a libSQL client (Turso over HTTP on Workers; any URL on Node). */
export function clientRowReader(client: Client): RowReader {
  return async (statement) => {
    const result = await client.execute(statement);
    return result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column, row[i]])));
  };
}

/** How many SQL texts a native reader keeps prepared: the hot reads are a handful of fixed texts. */
const MAX_PREPARED = 64;

/**
 * The Node server's row reader on an embedded libSQL file: a connection of its own on the server's
 * thread, keeping each statement prepared. The libSQL client prepares every statement again on every
 * call and probes it with an exception; for the session read of a signed-in request that was about
 * 0.1 ms of the server's only JavaScript thread, as much as the rest of a door check-in (decision 016).
 * Reads are synchronous on an embedded file either way; WAL lets them run beside the writer's commits.
 */
export function nativeRowReader(path: string, options: { busyTimeoutMs: number }): { readRows: RowReader; close(): void } {
  type Statement = { all(args: unknown[]): Rows };
  const Database = createRequire(import.meta.url)('libsql') as new (
    path: string,
    options: { timeout: number },
  ) => { prepare(sql: string): Statement; close(): void };
  const connection = new Database(path, { timeout: options.busyTimeoutMs });
  const prepared = new Map<string, Statement>();
  let closed = false;
  return {
    readRows: async ({ sql, args }) => {
      if (closed) throw new Error('The database is closed');
      let statement = prepared.get(sql);
      if (!statement) {
        if (prepared.size >= MAX_PREPARED) prepared.clear();
        prepared.set(sql, (statement = connection.prepare(sql)));
      }
      return statement.all(args);
    },
    close: () => {
      closed = true;
      connection.close();
    },
  };
}
