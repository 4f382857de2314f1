import { cellFault, duplicateInFileMessage, IMPORT_CHUNK_ROWS, type ImportedRow, type ImportOutcome } from '@edge/schemas/imports';
import { readWorkbook } from '@pwa/lib/workbook';
import Papa from 'papaparse';

/**
 * Reading a CSV or Excel file of people and sending it to `POST /api/<resource>/import` in chunks: the
 * import screen's work without its screen (the bench runs the same code). Files are parsed in the
 * browser by papaparse (CSV) and read-excel-file (.xlsx, in the workbook worker: lib/workbook.ts); the server checks every row.
 */

/** A file as a table of text: its header row and the rows below it (line 2 onwards). */
export interface ImportTable {
  headers: string[];
  rows: string[][];
}

const UNSUPPORTED_FILE = 'Choose a .csv or .xlsx file';
const EMPTY_FILE = 'The file has no rows to import';

const cellText = (cell: unknown): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
};

/** The file's first sheet (Excel) or its rows (CSV), every cell as trimmed text; blank rows dropped. */
export async function readImportFile(file: Blob & { name: string }): Promise<ImportTable> {
  const name = file.name.toLowerCase();
  let cells: unknown[][];
  if (name.endsWith('.csv')) {
    const text = await file.text();
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
    cells = parsed.data;
  } else if (name.endsWith('.xlsx')) {
    cells = await readWorkbook(file);
  } else {
    throw new Error(UNSUPPORTED_FILE);
  }
  const table = cells.map((row) => row.map(cellText));
  const [headers = [], ...rows] = table;
  if (rows.length === 0) throw new Error(EMPTY_FILE);
  return { headers, rows };
}

/** A field a column can be mapped onto: its API name and the label the panel shows for it. */
export interface ImportField {
  name: string;
  label: string;
  /** Other headers that mean this field (e.g. the CSV export's column title). */
  aliases?: string[];
}

/**
 * A header as headers are compared: letters and digits only, in lower case, British and Indian spellings
 * as American ("Organisation" is "organization", "E-mail ID" is "emailid").
 */
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .replace(/organis/g, 'organiz');

/**
 * Headers that organisers' own sheets use for a field, beyond its label in the panel ("Mobile No.",
 * "Company", "Pin Code"): tried after every field's own label and name, so they never take a column
 * whose header is another field's label.
 */
const HEADER_SYNONYMS: Record<string, readonly string[]> = {
  fullName: ['Name', 'Visitor Name', 'Guest Name', 'Speaker Name', 'Awardee Name', 'Person Name', 'Participant Name'],
  contactPersonName: ['Contact Person', 'Contact Name', 'Name'],
  nomineeName: ['Nominee', 'Name'],
  mobileNumber: [
    'Mobile',
    'Mobile No',
    'Mob No',
    'Phone',
    'Phone No',
    'Ph No',
    'Phone Number',
    'Contact',
    'Contact No',
    'Contact Number',
    'Cell',
    'Cell No',
    'WhatsApp',
    'WhatsApp No',
    'WhatsApp Number',
  ],
  email: ['Email ID', 'Email Address', 'Mail', 'Mail ID'],
  organizationName: ['Organization', 'Company', 'Company Name', 'Firm', 'Firm Name', 'Business Name', 'Institution'],
  companyName: ['Company', 'Organization', 'Organization Name', 'Firm', 'Firm Name', 'Business Name'],
  workingProfessional: ['Professional Type', 'Profession', 'Occupation'],
  city: ['Town', 'City Town'],
  state: ['State UT'],
  pincode: ['Pin', 'Pin Code', 'PIN Code', 'Postal Code', 'Post Code', 'Zip', 'Zip Code'],
  category: ['Award Category'],
};

/**
 * Each column's field, by its header: a field's label, name or alias in any case, spacing and spelling,
 * else a common synonym of it; `''` to skip it. A field takes one column at most, the first.
 */
export function autoMap(headers: readonly string[], fields: readonly ImportField[]): string[] {
  const byHeader = new Map<string, string>();
  const claim = (spelling: string, field: string) => {
    const key = comparable(spelling);
    if (key && !byHeader.has(key)) byHeader.set(key, field);
  };
  for (const field of fields) for (const spelling of [field.label, field.name, ...(field.aliases ?? [])]) claim(spelling, field.name);
  for (const field of fields) for (const spelling of HEADER_SYNONYMS[field.name] ?? []) claim(spelling, field.name);
  const taken = new Set<string>();
  return headers.map((header) => {
    const field = byHeader.get(comparable(header));
    if (!field || taken.has(field)) return '';
    taken.add(field);
    return field;
  });
}

/** One row of a request: its line in the file and its cells by field. */
export interface ImportRequestRow {
  line: number;
  values: Record<string, string>;
}

/** JSON bodies are limited to 256 KB by the server: a chunk stays well under it. */
const MAX_CHUNK_CHARACTERS = 180_000;

/** The rows mapped onto fields, in requests of at most 500 rows and ~180 KB each. */
export function importChunks(table: ImportTable, mapping: readonly string[]): ImportRequestRow[][] {
  const chunks: ImportRequestRow[][] = [];
  let chunk: ImportRequestRow[] = [];
  let size = 0;
  table.rows.forEach((cells, index) => {
    const values: Record<string, string> = {};
    mapping.forEach((field, column) => {
      if (field && cells[column]) values[field] = cells[column];
    });
    const row = { line: index + 2, values };
    const rowSize = JSON.stringify(row).length;
    if (chunk.length === IMPORT_CHUNK_ROWS || (chunk.length > 0 && size + rowSize > MAX_CHUNK_CHARACTERS)) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
    chunk.push(row);
    size += rowSize;
  });
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/** The import key of a file: the SHA-256 of its bytes, so the same file imported again is recognised. */
export async function fileImportKey(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface ImportRequestBody {
  importKey: string;
  dryRun: boolean;
  eventId?: string;
  rows: ImportRequestRow[];
}
export interface ImportAnswer {
  rows: ImportedRow[];
}

export interface ImportResult {
  rows: ImportedRow[];
  counts: Record<ImportOutcome, number>;
}

const emptyCounts = (): Record<ImportOutcome, number> => ({ new: 0, created: 0, invalid: 0, duplicate: 0, already_imported: 0 });

/**
 * Sends every chunk in turn (`send` posts one request body and answers its `data`), reporting progress
 * as rows done of all rows. A dry run also marks rows whose number an earlier chunk already had as
 * duplicates within the file (the server compares rows within one request; a real import meets them as
 * stored records, since earlier chunks are written by then).
 */
export async function runImport(options: {
  chunks: ImportRequestRow[][];
  importKey: string;
  dryRun: boolean;
  eventId?: string | undefined;
  send: (body: ImportRequestBody) => Promise<ImportAnswer>;
  onProgress?: (done: number, total: number) => void;
}): Promise<ImportResult> {
  const { chunks, importKey, dryRun, eventId, send, onProgress } = options;
  const total = chunks.reduce((n, chunk) => n + chunk.length, 0);
  const rows: ImportedRow[] = [];
  const lineOfNumber = new Map<string, number>();
  let done = 0;
  onProgress?.(0, total);
  for (const chunk of chunks) {
    // A row with a cell no field could hold (a 30 MB cell) is refused here, by its line and column, in the
    // server's words: sent, it would make the whole request too large to answer.
    const sendable: ImportRequestRow[] = [];
    for (const row of chunk) {
      const faults = Object.entries(row.values).flatMap(([column, value]) => {
        const fault = cellFault(row.line, column, value);
        return fault ? [[column, fault] as const] : [];
      });
      if (faults.length) rows.push({ line: row.line, outcome: 'invalid', errors: Object.fromEntries(faults) });
      else sendable.push(row);
    }
    const answer = sendable.length ? await send({ importKey, dryRun, ...(eventId ? { eventId } : {}), rows: sendable }) : { rows: [] };
    for (const row of answer.rows) {
      const earlier = row.mobileNumber ? lineOfNumber.get(row.mobileNumber) : undefined;
      if (dryRun && row.outcome === 'new' && earlier !== undefined) {
        rows.push({ line: row.line, outcome: 'duplicate', duplicateOf: { line: earlier }, message: duplicateInFileMessage(earlier) });
        continue;
      }
      if (row.mobileNumber && !lineOfNumber.has(row.mobileNumber)) lineOfNumber.set(row.mobileNumber, row.line);
      rows.push(row);
    }
    done += chunk.length;
    onProgress?.(done, total);
  }
  rows.sort((a, b) => a.line - b.line);
  const counts = emptyCounts();
  for (const row of rows) counts[row.outcome]++;
  return { rows, counts };
}
