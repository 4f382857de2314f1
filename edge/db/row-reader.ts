import type { Client } from '@libsql/client';
import type { SqlStatement } from './sql-statement';

export type Rows = Array<Record<string, unknown>>;

/**
 * Reads the rows of one statement, as objects keyed by column name (integers as numbers). For the hot
 * reads that run on every request — the session behind a signed-in request — built once as plain
 * statements (`statementTemplate`), so their SQL text never changes and can stay prepared.
 *
 * The Node server on an embedded file reads through `nativeRowReader` (native-row-reader.ts); Workers and
 * remote databases through the libSQL client (`clientRowReader`), which prepares each statement again on
 * every call.
 */
export type RowReader = (statement: SqlStatement) => Promise<Rows>;

/** A row reader over a libSQL client (Turso over HTTP on Workers; any URL on Node). */
export function clientRowReader(client: Client): RowReader {
  return async (statement) => {
    const result = await client.execute(statement);
    return result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column, row[i]])));
  };
}
