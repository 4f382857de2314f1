import type { Client } from '@libsql/client';
import type { SqlStatement } from './sql-statement';

export type Row = Record<string, unknown>;

/**
 * Reads the first row of one statement (undefined when it has none), as an object keyed by column name
 * (integers as numbers). For the hot reads that run on every request — the session behind a signed-in
 * request, a door batch's sender — each a look-up of one row by key, built once as plain statements
 * (`statementTemplate`), so their SQL text never changes and can stay prepared.
 *
 * The Node server on an embedded file reads through `nativeRowReader` (native-row-reader.ts); Workers and
 * remote databases through the libSQL client (`clientRowReader`), which prepares each statement again on
 * every call.
 */
export type RowReader = (statement: SqlStatement) => Promise<Row | undefined>;

/** A row reader over a libSQL client (Turso over HTTP on Workers; any URL on Node). */
export function clientRowReader(client: Client): RowReader {
  return async (statement) => {
    const result = await client.execute(statement);
    const row = result.rows[0];
    return row && Object.fromEntries(result.columns.map((column, i) => [column, row[i]]));
  };
}
