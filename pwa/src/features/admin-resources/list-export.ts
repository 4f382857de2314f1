import { answerFile, resourceApi } from '../../lib/api';
import { saveFile } from '../../lib/save-file';
import { downloadWorkbook } from '../../lib/workbook';
import type { ResourceName } from './types';

/** What a list's export asks for: its filter (event, status, search, sort) or the ids of a selection. */
export type ExportQuery = Record<string, string>;

/** The two files a list exports. */
export type ExportFormat = 'csv' | 'xlsx';

/** A plain decimal number as the CSV writes one (no leading zero, no sign but minus): a number in Excel too. */
const PLAIN_NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d+)?$/;
/** The CSV writer's apostrophe before a cell that starts like a formula: an Excel text cell never runs one. */
const DEFUSED = /^'[=+\-@\t\r]/;

/** A CSV cell as an Excel cell: numbers as numbers, everything else (phones, codes, IST dates) as the text it is. */
function workbookCell(text: string): string | number | null {
  if (text === '') return null;
  if (PLAIN_NUMBER.test(text)) return Number(text);
  return DEFUSED.test(text) ? text.slice(1) : text;
}

/**
 * Downloads a list as the server exports it (`GET /api/<r>/export.csv`: its columns, phones as the panel
 * shows them, dates in IST), as CSV or as an Excel workbook of the same columns and cells. The workbook is
 * made in the workbook worker (lib/workbook.ts); papaparse and write-excel-file load only when one is asked
 * for. `onStep` hears each step in words, for the list's progress line.
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
  if (format === 'csv') {
    saveFile(answer.file, answer.name);
    return;
  }
  const { default: Papa } = await import('papaparse');
  const { data } = Papa.parse<string[]>((await answer.file.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  const [columns = [], ...rows] = data;
  onStep(`Writing ${rows.length.toLocaleString('en-IN')} rows to Excel…`);
  await downloadWorkbook([{ title, columns, rows: rows.map((row) => row.map(workbookCell)) }], `${answer.name.replace(/\.csv$/, '')}.xlsx`);
}
