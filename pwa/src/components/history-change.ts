import type { AnyResource } from '@shared/resources/describe';
import { formatMobile } from '@shared/schemas/mobile-number';
import { formatCreatedOn } from '@shared/dates';

/** What the history reads of a form field (a panel resource's form fields have it). */
interface FieldWords {
  name: string;
  label: string;
  type: string;
  optionLabel?: (value: string) => string;
}

/** What the history reads of a list column (a panel resource's columns have it). */
interface ColumnWords {
  key: string;
  label: string;
  kind?: string;
  fallbackKeys?: readonly string[];
}

/** What the history needs of a resource's panel description to say an edit in the panel's words. */
export interface HistoryWords {
  fields: readonly FieldWords[];
  columns: readonly ColumnWords[];
  formFieldOf?: Record<string, string>;
  image?: AnyResource['image'];
}

/** One field of an edit as the history shows it: its label and both values, as the panel shows them. */
export interface ChangeLine {
  label: string;
  from: string;
  to: string;
}

const EMPTY = '(empty)';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "balanceAmount" → "Balance Amount": a stored field that no form field or column names. */
const fieldWords = (field: string) => field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());

/**
 * An edit's field in the panel's words: the label of the form field it is edited in (or the list column
 * showing it), its values as that field shows them — phones formatted, choices by their labels, events by
 * name, dates and times in IST, yes/no for switches. An image says only that it changed.
 */
export function changeLine(
  words: HistoryWords,
  change: { field: string; from: unknown; to: unknown },
  eventName: (id: string) => string | undefined,
): ChangeLine {
  const { field } = change;
  if (words.image && field === words.image.column) {
    return { label: words.image.label, from: change.from ? 'an image' : EMPTY, to: change.to ? 'a new image' : 'removed' };
  }
  const formField = words.fields.find((f) => f.name === (words.formFieldOf?.[field] ?? field)) ?? words.fields.find((f) => f.name === field);
  const column = words.columns.find((c) => c.key === field || c.fallbackKeys?.includes(field));
  const label = formField?.label ?? column?.label ?? fieldWords(field);
  const show = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return EMPTY;
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    if (Array.isArray(value)) return value.map(String).join(', ') || EMPTY;
    const text = String(value);
    if (formField?.type === 'tel' || column?.kind === 'phone' || field === 'mobileNumber') return formatMobile(text);
    if (formField?.type === 'checkbox') return value === true || text === 'true' ? 'Yes' : 'No';
    if (formField?.type === 'event' || field === 'eventId') return eventName(text) ?? text;
    if (formField?.optionLabel) return formField.optionLabel(text);
    if (typeof value === 'number') return value.toLocaleString('en-IN');
    if (ISO_INSTANT.test(text)) return formatCreatedOn(text);
    return text;
  };
  return { label, from: show(change.from), to: show(change.to) };
}
