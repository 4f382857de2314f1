import type { WorkbookSheet } from './workbook';

/**
 * The workbook work itself, in whichever thread runs it: the panel's worker (lib/workbook-worker.ts) or,
 * where there are no workers (the import bench under Node), the caller's. write-excel-file and
 * read-excel-file are loaded only here.
 */

/** An Excel workbook (.xlsx), a sheet per table: the header row bold and frozen, columns as wide as their text. */
export async function workbookBlob(sheets: WorkbookSheet[]): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const data = sheets.map((sheet) => ({
    // Sheet names: at most 31 characters, none of : \ / ? * [ ]
    sheet: sheet.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31),
    data: [
      sheet.columns.map((value) => ({ value, fontWeight: 'bold' as const })),
      ...sheet.rows.map((row) => row.map((value) => (value === null || value === '' ? null : { value }))),
    ],
    columns: sheet.columns.map((heading, i) => {
      let widest = heading.length;
      for (const row of sheet.rows) widest = Math.max(widest, String(row[i] ?? '').length);
      return { width: Math.min(60, widest + 2) };
    }),
    stickyRowsCount: 1,
  }));
  return writeXlsxFile(data).toBlob();
}

/** The cells of a workbook's first sheet, row by row (text, numbers, dates and booleans as Excel holds them). */
export async function firstSheetCells(file: Blob): Promise<unknown[][]> {
  const { readSheet } = await import('read-excel-file/universal');
  return readSheet(file);
}
