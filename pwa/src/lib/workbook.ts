import { saveFile } from './save-file';

/** One sheet of a workbook: its title, its header row and its rows (numbers stay numbers, text stays text). */
export interface WorkbookSheet {
  title: string;
  columns: string[];
  rows: Array<Array<string | number | null>>;
}

/**
 * An Excel workbook (.xlsx), a sheet per table: the header row bold and frozen, columns as wide as their
 * text, numbers as numbers and everything else as text (a phone number is never turned into a number).
 * write-excel-file is loaded only when a workbook is asked for.
 */
export async function downloadWorkbook(sheets: WorkbookSheet[], fileName: string) {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const data = sheets.map((sheet) => ({
    // Sheet names: at most 31 characters, none of : \ / ? * [ ]
    sheet: sheet.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31),
    data: [
      sheet.columns.map((value) => ({ value, fontWeight: 'bold' as const })),
      ...sheet.rows.map((row) => row.map((value) => (value === null || value === '' ? null : { value }))),
    ],
    columns: sheet.columns.map((heading, i) => ({ width: Math.min(60, Math.max(heading.length, ...sheet.rows.map((r) => String(r[i] ?? '').length)) + 2) })),
    stickyRowsCount: 1,
  }));
  saveFile(await writeXlsxFile(data).toBlob(), fileName);
}
