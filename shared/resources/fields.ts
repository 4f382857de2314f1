import * as z from 'zod/mini';

/**
 * One field of a resource, said once: the API's rule for it, the panel's input, list column and words,
 * the export's column and the import's spellings, and the server's default. The create schema, the
 * panel's form and list, the CSV and Excel exports and the import mapping are derived from a resource's
 * `fields` (`schemaOf` here, `panelFields` in the panel, `csvColumns` and `fieldDefaults` on the server).
 */

/** What the panel's form shows for a field (pwa/src/features/admin-resources/types.ts `FormField['type']`). */
export type InputKind = 'text' | 'email' | 'tel' | 'number' | 'textarea' | 'select' | 'event' | 'checkbox' | 'choices' | 'datetime' | 'url';

/** How a list cell shows a value (`phone`: +91 98765 43210; `status`: its words; `date`: IST; `answers`: the chosen choices' words). */
export type ListKind = 'text' | 'status' | 'date' | 'event' | 'money' | 'phone' | 'image' | 'period' | 'answers';

/**
 * How the CSV writes a value: as stored, a phone as the panel shows it, a status in words, an instant in IST,
 * a flag as "yes" or nothing; `answers`: one column per registration question of the exported events,
 * headed by its words, the chosen choices in words (shared/registration-questions.ts).
 */
export type CsvFormat = 'text' | 'phone' | 'status' | 'dateTime' | 'yes' | 'answers';

export interface FieldSpec<Name extends string = string> {
  name: Name;
  /** The form's label (and the import's name for the column). */
  label: string;
  /** The API's rule in the create schema (the update schema is its partial); absent: not an input of the API. */
  rule?: z.ZodMiniType;
  /** The server's value when a create leaves it out; the form's initial value too. */
  default?: string | number | boolean | readonly string[];
  /** The panel's form input; absent: not in the form. */
  input?: InputKind;
  /** The form checks it before sending, with the resource's `requiredMessage` or "{label} is required". */
  required?: boolean;
  /** Shown with the required mark but not enforced (the server has a default). */
  marked?: boolean;
  options?: readonly string[];
  /** Form hints: a line under the field, an example, the full row's width. */
  hint?: string;
  placeholder?: string;
  full?: boolean;
  /** The organiser's list in Settings the form's input chooses from (types.ts `FormField['settingsList']`). */
  settingsList?: 'awardCategories';
  /**
   * The list column. `priority`: 1 always shown, 2 from tablet widths, 3 on wide screens only. `key`: the
   * answer's field the cell reads when it is not the field itself (an event's name for `eventId`);
   * `fallbackKeys`: the answer's fields it shows when that one is empty (older records' spellings);
   * `endKey`: a period's end; `badge`: words after the value while another field is true (types.ts `Column`).
   */
  list?: {
    label?: string;
    kind?: ListKind;
    sort?: boolean;
    priority: 1 | 2 | 3;
    key?: string;
    fallbackKeys?: readonly string[];
    endKey?: string;
    badge?: { key: string; text: string };
  };
  /**
   * The CSV and Excel column: its header, the answer's field it reads (else the field), the field it reads
   * when that one is empty (`fallbackKey`, older records' spelling) and its format.
   */
  csv?: { header: string; key?: string; fallbackKey?: string; format?: CsvFormat };
  /** More headers of an organiser's file that mean this field (the import's mapping). */
  aliases?: readonly string[];
}

/** The order of each view when it is not the fields' own: named fields first, then the others in the fields' order. */
export interface ViewOrder<Name extends string = string> {
  form?: readonly Name[];
  list?: readonly Name[];
  csv?: readonly Name[];
}

/** `names` first in their order, then every other field in the fields' order. */
export function inOrder<F extends FieldSpec>(fields: readonly F[], names: readonly string[] = []): F[] {
  const named = names.map((name) => fields.find((field) => field.name === name)).filter((field): field is F => field !== undefined);
  return [...named, ...fields.filter((field) => !names.includes(field.name))];
}

/** The create schema's shape: each field with a rule, in the fields' order. */
function schemaShape<F extends FieldSpec>(fields: readonly F[]): Record<string, z.ZodMiniType> {
  return Object.fromEntries(fields.filter((field) => field.rule !== undefined).map((field) => [field.name, field.rule!]));
}

/** The create schema's shape of some fields, typed: each field with a rule, under its name. */
export type ShapeOf<F extends readonly FieldSpec[]> = {
  [K in F[number] as K extends { rule: z.ZodMiniType } ? K['name'] : never]: K extends { rule: infer R } ? R : never;
};

/** The create schema of a resource's fields, typed by them (the update schema is its partial). */
export const schemaOf = <const F extends readonly FieldSpec[]>(fields: F) => z.object(schemaShape(fields) as ShapeOf<F>);
