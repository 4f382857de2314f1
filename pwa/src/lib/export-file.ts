import { saveFile } from './save-file';
import { downloadWorkbook } from './workbook';

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
 * Saves a CSV the server exported (`answerFile`'s answer) as it is, or as an Excel workbook of the same
 * columns and cells, made in the workbook worker (lib/workbook.ts); papaparse and write-excel-file load only
 * when one is asked for. The one way a panel list or the exhibitor portal's leads become a file.
 */
export async function saveExport(answer: { file: Blob; name: string }, title: string, format: ExportFormat, onStep: (step: string) => void = () => undefined) {
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
