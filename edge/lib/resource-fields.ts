import type { CsvFormat, FieldSpec, ViewOrder } from '../../shared/resources/fields';
import { inOrder } from '../../shared/resources/fields';
import { type Answers, answerText, type RegistrationQuestion } from '../../shared/registration-questions';
import { formatMobile } from '../../shared/schemas/mobile-number';
import { statusLabel } from '../schemas/status-labels';
import { csvDateTime } from './csv';
import type { Row } from './resource';

const FORMATS: Record<Exclude<CsvFormat, 'answers'>, (value: unknown) => unknown> = {
  text: (value) => value,
  phone: (value) => formatMobile(value as string),
  status: (value) => statusLabel(value),
  dateTime: (value) => csvDateTime(value),
  yes: (value) => (value ? 'yes' : ''),
};

/**
 * The CSV (and Excel) columns of a resource's registry fields: those with a header, in the export's order;
 * an `answers` field is a column per question of `questions` (the exported events', lib/answers.ts).
 */
export function csvColumns(
  fields: readonly FieldSpec[],
  order?: ViewOrder,
  questions: readonly RegistrationQuestion[] = [],
): Array<[header: string, value: (row: Row) => unknown]> {
  return inOrder(fields, order?.csv).flatMap((field): Array<[string, (row: Row) => unknown]> => {
    if (!field.csv) return [];
    const key = field.csv.key ?? field.name;
    if (field.csv.format === 'answers') return questions.map((question) => [question.label, (row) => answerText(question, row[key] as Answers)]);
    const format = FORMATS[field.csv.format ?? 'text'];
    const { fallbackKey } = field.csv;
    return [[field.csv.header, fallbackKey ? (row) => format(row[key] || row[fallbackKey]) : (row) => format(row[key])]];
  });
}

/** The server's values for what a create leaves out: each field's default (a fresh list for a list). */
export function fieldDefaults(fields: readonly FieldSpec[]): Row {
  return Object.fromEntries(
    fields.flatMap((field) => (field.default === undefined ? [] : [[field.name, Array.isArray(field.default) ? [...field.default] : field.default]])),
  );
}
