import type { AnyResource, ResourceName as AnyResourceName } from '@resources/describe';
import type { BaseRecord } from '../../lib/api';

/** The resources shown by the generic list and form (events have their own screen). */
export type ResourceName = Exclude<AnyResourceName, 'events'>;

export type FormValues = Record<string, string>;

export interface FormField {
  name: string;
  label: string;
  /** `checkbox`: a yes/no switch, held as 'true' or '' and sent as a boolean. */
  type: 'text' | 'email' | 'tel' | 'number' | 'textarea' | 'select' | 'event' | 'checkbox';
  /** A line under the field saying what it does. */
  hint?: string;
  /** Checked before sending, with the resource's `requiredMessage` or "{label} is required". */
  required?: boolean;
  /** Shown as required (seed: "marked required") but not enforced. */
  marked?: boolean;
  options?: readonly string[];
  /** Labels of select options; the value itself otherwise. */
  optionLabel?: (value: string) => string;
  defaultValue?: string;
  placeholder?: string;
  full?: boolean;
}

/** `phone`: a stored E.164 number shown as +91 98765 43210. */
export type ColumnKind = 'text' | 'status' | 'date' | 'event' | 'money' | 'phone';

export interface Column<Sort extends string = string> {
  key: string;
  label: string;
  kind?: ColumnKind;
  /** The API's sort key, when the column can be sorted: one of its description's `sortKeys`. */
  sort?: Sort;
  /** Read the value from one of several fields (first non-empty). */
  fallbackKeys?: string[];
}

export interface ResourceMessages {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
  fetchFailed: string;
  deleteFailed: string;
  /** The resource's own confirmation when it has one; the server's message otherwise. */
  deleted?: string;
  confirmDelete: string;
}

/** What the panel adds to a resource's shared description: its list screen and its form. */
export interface ResourceScreen<Sort extends string = string> {
  title: string;
  subtitle: string;
  /** Absent: no create in the panel (enquiries come from the public site). */
  addLabel?: string;
  formTitle: { create: string; edit: string };
  submitLabel: { create: string; edit: string };
  columns: Column<Sort>[];
  fields: FormField[];
  requiredMessage?: string;
  /** Form values → request body, when the form's fields are not the API's. */
  toPayload?: (values: FormValues) => Record<string, unknown>;
  /** API field → the form field it is edited in, where `toPayload` renames it (for the server's per-field errors). */
  formFieldOf?: Record<string, string>;
  /** Record → form values (edit); the field names otherwise. */
  fromRecord?: (row: BaseRecord) => FormValues;
  messages: ResourceMessages;
  /** Where save failures show. */
  errorDisplay: 'inline' | 'toast';
  /** How long the success shows before the panel closes. */
  closeDelayMs: number;
  /** Fetch failures also as a toast (speakers, VIP awardees). */
  fetchErrorToast?: boolean;
  /** VIP awardees: the seven status tiles above the table. */
  statusOverview?: boolean;
  /** Column showing the record's name in messages and labels. */
  nameKey: string;
  searchPlaceholder: string;
}

/** One admin list screen and its form: the resource's shared description and the panel's screen. */
export type ResourceConfig = Omit<AnyResource, 'name'> & { name: ResourceName } & ResourceScreen;

/** A screen for a description: its columns may sort only by the description's sort keys (a compile error otherwise). */
export function panelResource<D extends AnyResource & { name: ResourceName }>(description: D, screen: ResourceScreen<D['sortKeys'][number]>): ResourceConfig {
  return { ...description, ...screen };
}
