/// <reference lib="webworker" />
import { firstSheetCells, workbookBlob } from './workbook-files';
import type { WorkbookAnswer, WorkbookJob } from './workbook';

/**
 * The panel's workbook thread: one job (write a workbook, or read a file's first sheet) per worker. Served
 * from the app's own origin, so the content security policy's `worker-src 'self'` allows it; its zip work
 * runs in this thread (lib/fflate-in-thread.ts), so a sheet of 50,000 rows blocks no screen.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (message: MessageEvent<WorkbookJob>) => {
  const job = message.data;
  let answer: WorkbookAnswer;
  try {
    answer = job.kind === 'write' ? { ok: true, blob: await workbookBlob(job.sheets) } : { ok: true, cells: await firstSheetCells(job.file) };
  } catch (failure) {
    answer = { ok: false, reason: failure instanceof Error ? failure.message : String(failure) };
  }
  scope.postMessage(answer);
};
