import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The rows of imported files that created a record: one per (resource, file's import key, line). A file
 * imported again with the same key skips these lines, so importing the same file twice creates nothing
 * the second time; a record deleted after its import is not brought back by importing the file again.
 */
export const importedRows = sqliteTable(
  'imported_rows',
  {
    resource: text('resource').notNull(),
    /** Chosen by the client per file (the panel uses the SHA-256 of the file's bytes). */
    importKey: text('import_key').notNull(),
    /** The row's line in the file (1 is the header row). */
    line: integer('line').notNull(),
    recordId: text('record_id').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.importKey, t.line] })],
);
