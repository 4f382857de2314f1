import { answerFile, resourceApi } from '../../lib/api';
import { type ExportFormat, saveExport } from '../../lib/export-file';
import type { ResourceName } from './types';

export type { ExportFormat };

/** What a list's export asks for: its filter (event, status, search, sort) or the ids of a selection. */
export type ExportQuery = Record<string, string>;

/**
 * Downloads a list as the server exports it (`GET /api/<r>/export.csv`: its columns, phones as the panel
 * shows them, dates in IST), as CSV or as an Excel workbook of the same columns and cells (lib/export-file.ts). `onStep` hears each step in words, for the list's progress line.
 */
export async function downloadList(
  name: ResourceName,
  title: string,
  query: ExportQuery,
  format: ExportFormat,
  onStep: (step: string) => void = () => undefined,
) {
  onStep('Fetching the rows…');
  const answer = await answerFile(resourceApi(name)['export.csv'].$get({ query }), `${name}.csv`);
  await saveExport(answer, title, format, onStep);
}
