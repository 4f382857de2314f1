/**
 * Import of 10,000 people as the organiser counts it, from choosing the file to the last row stored:
 * the file read (papaparse for CSV, read-excel-file for .xlsx, the import screen's own code), the
 * columns mapped by their headers, the preview (a dry run of every chunk) and the import itself, through
 * HTTP against the built server. Run alone: `npx tsx bench/import.ts`.
 */
import writeXlsxFile from 'write-excel-file/node';
import {
  autoMap,
  fileImportKey,
  type ImportAnswer,
  type ImportField,
  importChunks,
  readImportFile,
  runImport,
} from '../pwa/src/features/admin-resources/import/import-rows';
import { startBuiltServer } from '../scripts/built-server';
import { apiLogin } from '../tests/e2e/panel-helpers';

export interface ImportBenchResult {
  name: string;
  rows: number;
  /** Reading the file into a table. */
  readMs: number;
  /** The preview: every chunk checked with `dryRun`. */
  previewMs: number;
  importMs: number;
  totalMs: number;
  created: number;
}

const FIRST_NAMES = ['Ravi', 'Sita', 'Anil', 'Lakshmi', 'Venkat', 'Padma', 'Srinivas', 'Kavya', 'Rahul', 'Divya', 'Suresh', 'Anjali'];
const HEADERS = ['Full Name', 'Phone', 'Email', 'Organization', 'Designation', 'City', 'State'];
const FIELDS: ImportField[] = [
  { name: 'fullName', label: 'Full Name' },
  { name: 'mobileNumber', label: 'Phone' },
  { name: 'email', label: 'Email' },
  { name: 'organizationName', label: 'Organization' },
  { name: 'designation', label: 'Designation' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
];

/** A row of an organiser's list: numbers typed in several spellings, as such lists have them. */
function person(n: number, offset: number): string[] {
  const digits = String(8_000_000_000 + offset + n);
  const phone = [digits, `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`, `0${digits}`][n % 3]!;
  return [
    `${FIRST_NAMES[n % FIRST_NAMES.length]} Importer ${n}`,
    phone,
    `person${offset + n}@example.in`,
    `Builders ${n % 40}`,
    'Manager',
    'Hyderabad',
    'Telangana',
  ];
}

const csvOf = (rows: string[][]) =>
  [HEADERS, ...rows].map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')).join('\n');

async function importOnce(url: string, token: string, resource: string, file: File): Promise<Omit<ImportBenchResult, 'name'>> {
  const started = performance.now();
  const table = await readImportFile(file);
  const read = performance.now();
  const chunks = importChunks(table, autoMap(table.headers, FIELDS));
  const importKey = await fileImportKey(file);
  const send = async (body: unknown): Promise<ImportAnswer> => {
    const res = await fetch(`${url}/api/${resource}/import`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { success: boolean; message: string; data: ImportAnswer };
    if (!res.ok) throw new Error(`${res.status} ${answer.message}`);
    return answer.data;
  };
  const preview = await runImport({ chunks, importKey, dryRun: true, send });
  const previewed = performance.now();
  const result = await runImport({ chunks, importKey, dryRun: false, send });
  const done = performance.now();
  if (preview.counts.new !== table.rows.length) throw new Error(`preview: ${JSON.stringify(preview.counts)}`);
  return {
    rows: table.rows.length,
    readMs: read - started,
    previewMs: previewed - read,
    importMs: done - previewed,
    totalMs: done - started,
    created: result.counts.created,
  };
}

export async function benchImport(rows = 10_000): Promise<ImportBenchResult[]> {
  const server = await startBuiltServer();
  try {
    const token = await apiLogin(server.url, server.adminEmail, server.adminPassword);
    const csv = new File([csvOf(Array.from({ length: rows }, (_, n) => person(n, 0)))], 'visitors.csv', { type: 'text/csv' });
    const xlsxBytes = await writeXlsxFile(
      [HEADERS, ...Array.from({ length: rows }, (_, n) => person(n, rows))].map((row) => row.map((value) => ({ value }))),
    ).toBuffer();
    const xlsx = new File([new Uint8Array(xlsxBytes)], 'guests.xlsx');
    return [
      { name: `CSV, ${rows.toLocaleString('en')} visitors`, ...(await importOnce(server.url, token, 'visitors', csv)) },
      { name: `.xlsx, ${rows.toLocaleString('en')} guests`, ...(await importOnce(server.url, token, 'guests', xlsx)) },
    ];
  } finally {
    await server.stop();
  }
}

export const describeImport = (r: ImportBenchResult) =>
  `${(r.totalMs / 1000).toFixed(1)} s (read ${(r.readMs / 1000).toFixed(1)} s, preview ${(r.previewMs / 1000).toFixed(1)} s, import ${(r.importMs / 1000).toFixed(1)} s; ${r.created.toLocaleString('en')} created)`;

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const result of await benchImport()) console.log(`${result.name}: ${describeImport(result)}`);
}
