import * as z from 'zod/mini';

/** Rows one import request carries at most: a file is sent in chunks of this many rows. */
export const IMPORT_CHUNK_ROWS = 500;

/** Characters one cell may hold: more is not a value of any form's field. */
const MAX_CELL = 10_000;

/**
 * What is wrong with one cell of a file, in the words the import shows (the file's line and column), or
 * nothing. The panel checks it before sending (a 30 MB cell never makes a request too large to answer) and
 * the API checks it again.
 */
export function cellFault(line: number, column: string, value: unknown): string | undefined {
  const at = `Line ${line}, column ${column}`;
  if (typeof value !== 'string') return `${at}: the cell must be text`;
  if (value.length > MAX_CELL) return `${at}: the cell holds ${value.length.toLocaleString('en-IN')} characters, at most ${MAX_CELL.toLocaleString('en-IN')}`;
  return undefined;
}
/** Lines a file may have. */
const MAX_LINE = 1_000_000;

/**
 * One row of the file: its line (the header is line 1) and its cells by field name, as text. A cell at
 * fault is named by its line and column (the file's own words for where it is), each fault in its own words.
 */
const importRow = z.pipe(
  z
    .object({
      line: z
        .int({ error: (issue) => (issue.input === undefined ? 'line is required' : 'line must be a whole number') })
        .check(
          z.gte(2, { error: 'line must be 2 or more (line 1 is the header)' }),
          z.lte(MAX_LINE, { error: `line must be at most ${MAX_LINE.toLocaleString('en-IN')}` }),
        ),
      values: z.record(z.string().check(z.maxLength(60, { error: 'A column name must be at most 60 characters' })), z.unknown()),
    })
    .check(
      z.superRefine((row, ctx) => {
        for (const [column, value] of Object.entries(row.values)) {
          const fault = cellFault(row.line, column, value);
          if (fault) ctx.issues.push({ code: 'custom', message: fault, path: ['values', column], input: column });
        }
      }),
    ),
  // Every cell passed the check above as text.
  z.transform((row) => row as { line: number; values: Record<string, string> }),
);

/**
 * `POST /api/<resource>/import`: rows of one file, already mapped onto the resource's fields.
 * `importKey` names the file (the panel sends the SHA-256 of its bytes): lines of it that created a
 * record are skipped when the same file is imported again. `dryRun` checks and reports without writing.
 * `eventId`: the event every row belongs to (the featured event when absent).
 */
export const importRequestSchema = z.object({
  importKey: z
    .string({ error: 'importKey is required' })
    .check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'importKey must be 8 to 100 letters, digits, - or _' })),
  dryRun: z.optional(z.boolean({ error: 'dryRun must be true or false' })),
  eventId: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  rows: z
    .array(importRow, { error: 'rows must be a list of rows' })
    .check(
      z.minLength(1, { error: 'The file has no rows to import' }),
      z.maxLength(IMPORT_CHUNK_ROWS, { error: `Send at most ${IMPORT_CHUNK_ROWS} rows per request` }),
    ),
});

/** What became of one row: checked (`new`), stored (`created`), or skipped and why. */
export type ImportOutcome = 'new' | 'created' | 'invalid' | 'duplicate' | 'already_imported';

/** What the answer says of one row. */
export interface ImportedRow {
  line: number;
  outcome: ImportOutcome;
  /** `invalid`: one message per field, the create form's own words. */
  errors?: Record<string, string>;
  /** `duplicate`: why it was skipped. */
  message?: string;
  /** `duplicate`: the earlier line of this request, or the stored record, with the same mobile number. */
  duplicateOf?: { line: number } | { id: string; name: string };
  /** The canonical mobile number of a row that passed (`new`, `created`), so a client can compare rows across requests. */
  mobileNumber?: string;
  /** `created`, `already_imported`: the record. */
  recordId?: string;
}

/** Why a row was skipped when an earlier row of the same file has its mobile number. */
export const duplicateInFileMessage = (line: number) => `Same mobile number as row ${line} of this file`;

/** A count as the panel writes numbers: in Indian grouping ("9,990", "1,00,000"). */
const grouped = (count: number) => count.toLocaleString('en-IN');

/** The answer's message: what the request did (or would do) with its rows. */
export function importSummary(counts: Record<ImportOutcome, number>, dryRun: boolean): string {
  const parts = [
    dryRun ? `${grouped(counts.new)} to import` : `${grouped(counts.created)} imported`,
    counts.duplicate && `${grouped(counts.duplicate)} duplicate${counts.duplicate === 1 ? '' : 's'} skipped`,
    counts.invalid && `${grouped(counts.invalid)} with errors`,
    counts.already_imported && `${grouped(counts.already_imported)} already imported`,
  ].filter(Boolean);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (counts.already_imported === total) return 'This file was already imported: nothing new was created';
  return parts.join(', ');
}
