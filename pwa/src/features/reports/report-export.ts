import { csvDocument } from '@edge/lib/csv';
import { saveFile } from '../../lib/save-file';
import type { ReportTable } from './report-data';

/** A file name for an event's report: `reports-hyderabad-property-expo-2026-11-23.csv`. */
export function reportFileName(eventName: string, extension: 'csv' | 'xlsx', today = new Date()): string {
  const slug =
    eventName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'event';
  return `reports-${slug}-${today.toISOString().slice(0, 10)}.${extension}`;
}

/** One CSV with every table, each under its title and separated by an empty line. */
export function downloadReportCsv(tables: ReportTable[], fileName: string) {
  const rows = tables.flatMap((table, index) => [...(index ? [[]] : []), [table.title], table.columns, ...table.rows]);
  saveFile(new Blob([csvDocument(rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
