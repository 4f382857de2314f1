/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (Excel then reads Telugu, Hindi and other Indian
 * names correctly), CRLF line ends, quotes doubled, and cells that a spreadsheet would run as a formula
 * (=, +, -, @ first) prefixed with an apostrophe.
 */
import { toEventInput } from '../../shared/dates';

const BOM = '\uFEFF';
const PHONE_NUMBER = /^\+\d+( \d+)*$/;

/**
 * A stored instant (ISO 8601 UTC) as a spreadsheet reads a date and time, in India's time:
 * "2026-11-23 15:30". Anything else is left as it is; empty stays empty.
 */
export function csvDateTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  return toEventInput(value).replace('T', ' ') || value;
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value) ? value.join('; ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A phone number as the panel shows it ("+91 98765 43210": a plus, digits and spaces) holds no formula
  // and stays plain text; any other cell starting like a formula is defused.
  if (/^[=+\-@\t\r]/.test(text) && !PHONE_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole CSV file of rows held in memory (a report's few tables), BOM first. */
export function csvDocument(rows: unknown[][]): string {
  return BOM + rows.map(csvLine).join('');
}

/** Streams the header and then each page of rows as it is read, so a large export never sits in memory. */
export function csvStream<Row>(columns: Array<[header: string, value: (row: Row) => unknown]>, pages: AsyncIterable<Row[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvLine(columns.map(([header]) => header))));
        return;
      }
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(columns.map(([, value]) => value(row)))).join('')));
    },
  });
}
