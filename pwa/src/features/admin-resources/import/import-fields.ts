import type { ImportedRow } from '@edge/schemas/imports';
import { answerField, type RegistrationQuestion } from '@shared/registration-questions';
import type { ResourceConfig } from '../types';
import type { ImportField } from './import-rows';

/** Fields of the create schema that are not a column of the file: the event is chosen for the whole file. */
const NOT_FROM_FILE = new Set(['eventId', 'stallSize']);

const humanise = (name: string) => {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The fields a column can fill: the resource's create schema's fields, each under the label the panel's
 * form gives it (else its list column's, else its name in words); the list column's title, the name in
 * words, the field's own name and its registry aliases also match a header. A visitor's answers are a
 * field per question of the chosen event (`answers.<id>`, headed by the question's words; the server reads
 * the cells' choices by their words).
 */
export function importFields(config: ResourceConfig, questions: readonly RegistrationQuestion[] = []): ImportField[] {
  const shape = (config.createSchema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  return Object.keys(shape)
    .filter((name) => !NOT_FROM_FILE.has(name))
    .flatMap((name): ImportField[] => {
      if (name === 'answers') return questions.map((question) => ({ name: answerField(question.id), label: question.label, aliases: [question.id] }));
      const formField = config.fields.find((field) => field.name === name);
      const columnLabel = config.columns.find((column) => column.key === name)?.label;
      const label = formField?.label ?? columnLabel ?? humanise(name);
      return [{ name, label, aliases: [columnLabel, humanise(name), ...(formField?.aliases ?? [])].filter((alias): alias is string => Boolean(alias)) }];
    });
}

/**
 * What a skipped row's problem is, in the words the server gave, a field named as the column mapping
 * names it ("Working Professional must be one of: …", not "workingProfessional must be one of: …").
 */
export function problemOf(row: ImportedRow, fields: readonly ImportField[]): string {
  if (row.outcome !== 'invalid') return row.message ?? '';
  return Object.entries(row.errors ?? {})
    .map(([name, message]) => {
      const label = fields.find((field) => field.name === name)?.label;
      return label && message.startsWith(`${name} `) ? `${label}${message.slice(name.length)}` : message;
    })
    .join('; ');
}
