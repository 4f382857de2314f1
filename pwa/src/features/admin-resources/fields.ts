import type { AnyResource } from '@shared/resources/describe';
import type { BaseRecord } from '../../lib/api';
import { statusLabel } from '../../components/panel-format';
import { formatMobile } from '@shared/schemas/mobile-number';
import { fromEventInput, toEventInput } from '@shared/dates';
import { type FieldSpec, inOrder, type ViewOrder } from '@shared/resources/fields';
import type { Column, FormField, FormValues } from './types';

/** The form of a resource's registry fields: those with an input, in the form's order. */
export function panelFields(fields: readonly FieldSpec[], order?: ViewOrder): FormField[] {
  return inOrder(fields, order?.form).flatMap((field): FormField[] => {
    if (!field.input) return [];
    const { name, label, input, required, marked, options, hint, placeholder, full, settingsList, aliases } = field;
    const initial = typeof field.default === 'string' || typeof field.default === 'number' ? String(field.default) : '';
    return [
      {
        name,
        label,
        type: input,
        ...(required !== undefined && { required }),
        ...(marked !== undefined && { marked }),
        ...(options && { options }),
        ...(name === 'status' && { optionLabel: statusLabel }),
        ...(initial !== '' && { defaultValue: initial }),
        ...(hint !== undefined && { hint }),
        ...(placeholder !== undefined && { placeholder }),
        ...(full !== undefined && { full }),
        ...(settingsList && { settingsList }),
        ...(aliases && { aliases }),
      },
    ];
  });
}

/** The list's columns of a resource's registry fields: those with a list column, in the list's order. */
export function panelColumns(fields: readonly FieldSpec[], order?: ViewOrder): Column[] {
  return inOrder(fields, order?.list).flatMap((field): Column[] => {
    if (!field.list) return [];
    const { label, kind, sort, priority, key, fallbackKeys, endKey, badge } = field.list;
    return [
      {
        key: key ?? field.name,
        label: label ?? field.label,
        ...(fallbackKeys && { fallbackKeys: [...fallbackKeys] }),
        ...(kind && { kind }),
        ...(endKey && { endKey }),
        ...(badge && { badge: { ...badge } }),
        ...(sort && { sort: field.name }),
        priority,
      },
    ];
  });
}

/**
 * The status select of a form: the description's statuses, its default status preselected. This, the event
 * and the show-on-site inputs below serve the sponsors' form, whose inputs have their own names (resources/sponsors.ts).
 */
export const statusField = ({ statuses, defaultStatus }: Pick<AnyResource, 'statuses' | 'defaultStatus'>): FormField<'status'> => ({
  name: 'status',
  label: 'Status',
  type: 'select',
  options: statuses,
  optionLabel: statusLabel,
  defaultValue: defaultStatus,
});

export const eventField = (options: Partial<FormField<'eventId'>> = {}): FormField<'eventId'> => ({
  name: 'eventId',
  label: 'Event',
  type: 'event',
  marked: true,
  ...options,
});

/** A checkbox's value in the form's text values. */
export const checkboxValue = (checked: boolean) => (checked ? 'true' : '');

/** The ticked options of a `choices` field, and back: one a line in the form's text values. */
export const listOf = (value: string | undefined): string[] => (value ? value.split('\n').filter(Boolean) : []);
export const listValue = (list: unknown): string => (Array.isArray(list) ? list.map(String).join('\n') : '');

/** "Show on site": the public site lists this record (speakers, the jury's guests, sponsors). */
export const showOnSiteField = (hint: string): FormField<'showOnSite'> => ({ name: 'showOnSite', label: 'Show on site', type: 'checkbox', hint, full: true });

/** The form values of a record: each field's value as text ("" when absent). */
export function valuesFrom(fields: FormField[], row: BaseRecord | null): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = row?.[field.name];
    values[field.name] =
      value === undefined || value === null
        ? row
          ? ''
          : (field.defaultValue ?? '')
        : field.type === 'tel'
          ? formatMobile(String(value))
          : field.type === 'checkbox'
            ? checkboxValue(value === true)
            : field.type === 'choices'
              ? listValue(value)
              : field.type === 'datetime'
                ? toEventInput(value)
                : String(value);
  }
  return values;
}

/** The request body of a form: trimmed text, numbers as numbers, unset choices left out. */
export function payloadFrom(fields: FormField[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.type === 'checkbox') {
      body[field.name] = value === 'true';
    } else if (field.type === 'choices') {
      body[field.name] = listOf(value);
    } else if (field.type === 'datetime') {
      // The input holds Hyderabad time whatever zone the device is in; an emptied one clears the date.
      body[field.name] = fromEventInput(value);
    } else if (field.type === 'number') {
      if (value !== '') body[field.name] = Number(value);
    } else if (field.type === 'select' || field.type === 'event') {
      if (value !== '') body[field.name] = value;
    } else {
      body[field.name] = value;
    }
  }
  return body;
}
