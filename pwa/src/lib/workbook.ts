import { saveFile } from './save-file';

/** One sheet of a workbook: its title, its header row and its rows (numbers stay numbers, text stays text). */
export interface WorkbookSheet {
  title: string;
  columns: string[];
  rows: Array<Array<string | number | null>>;
}

/** What the workbook worker is asked to do, and what it answers (lib/workbook-worker.ts). */
export type WorkbookJob = { kind: 'write'; sheets: WorkbookSheet[] } | { kind: 'read'; file: Blob };
export type WorkbookAnswer = { ok: true; blob: Blob } | { ok: true; cells: unknown[][] } | { ok: false; reason: string };

export const WORKBOOK_NOT_MADE = 'The Excel file could not be made. Please try again, or export CSV.';
export const WORKBOOK_NOT_READ =
  'This file could not be read as an Excel workbook (.xlsx). Save it again from Excel as .xlsx, or as .csv, and choose it again.';

/**
 * Runs a job in a worker of the app's own origin (one per job, ended with it), or in this thread where
 * there are no workers (Node: the import bench). Any failure, the worker's own loading included, answers
 * `failed`: a workbook never waits for ever.
 */
async function runJob(job: WorkbookJob, failed: string): Promise<Blob | unknown[][]> {
  if (typeof Worker === 'undefined') {
    const files = await import('./workbook-files');
    try {
      return job.kind === 'write' ? await files.workbookBlob(job.sheets) : await files.firstSheetCells(job.file);
    } catch {
      throw new Error(failed);
    }
  }
  const worker = new Worker(new URL('./workbook-worker.ts', import.meta.url), { type: 'module', name: 'workbook' });
  try {
    return await new Promise((resolve, reject) => {
      worker.onmessage = (message: MessageEvent<WorkbookAnswer>) => {
        const answer = message.data;
        if (!answer.ok) reject(new Error(failed, { cause: answer.reason }));
        else resolve('blob' in answer ? answer.blob : answer.cells);
      };
      worker.onerror = (event) => reject(new Error(failed, { cause: event.message }));
      worker.onmessageerror = () => reject(new Error(failed));
      worker.postMessage(job);
    });
  } finally {
    worker.terminate();
  }
}

/**
 * An Excel workbook (.xlsx), a sheet per table: the header row bold and frozen, columns as wide as their
 * text, numbers as numbers and everything else as text (a phone number is never turned into a number),
 * made off the page's thread and saved as `fileName`. Fails with WORKBOOK_NOT_MADE.
 */
export async function downloadWorkbook(sheets: WorkbookSheet[], fileName: string) {
  saveFile((await runJob({ kind: 'write', sheets }, WORKBOOK_NOT_MADE)) as Blob, fileName);
}

/** The cells of an .xlsx file's first sheet, read off the page's thread. Fails with WORKBOOK_NOT_READ. */
export async function readWorkbook(file: Blob): Promise<unknown[][]> {
  return (await runJob({ kind: 'read', file }, WORKBOOK_NOT_READ)) as unknown[][];
}
