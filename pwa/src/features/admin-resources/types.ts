import type * as z from 'zod/mini';
import type { BaseRecord } from '../../components/panel-api';

export type ResourceName = 'visitors' | 'stalls' | 'sponsors' | 'awards' | 'guests' | 'speakers' | 'awardeesvip' | 'enquiries';

export type FormValues = Record<string, string>;

export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'number' | 'textarea' | 'select' | 'event';
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

export interface Column {
  key: string;
  label: string;
  kind?: ColumnKind;
  /** The API's sort key, when the column can be sorted. */
  sort?: string;
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
  /** The seed's own text when it has one; the server's message otherwise. */
  deleted?: string;
  confirmDelete: string;
}

/** One admin list screen and its form: everything the list and form components need to know. */
export interface ResourceConfig {
  name: ResourceName;
  singular: string;
  title: string;
  subtitle: string;
  /** Absent: no create in the panel (enquiries come from the public site). */
  addLabel?: string;
  formTitle: { create: string; edit: string };
  submitLabel: { create: string; edit: string };
  statuses: readonly string[];
  /** Staff may change these statuses (people at the venue door). */
  staffMayChangeStatus: boolean;
  columns: Column[];
  fields: FormField[];
  /** The API's own create schema (edge/schemas), checked before sending. */
  schema?: z.ZodMiniType;
  requiredMessage?: string;
  /** Seed 001 §3 payload shaping: form values → request body. */
  toPayload?: (values: FormValues) => Record<string, unknown>;
  /** Record → form values (edit); the field names otherwise. */
  fromRecord?: (row: BaseRecord) => FormValues;
  image?: { field: 'profileImage'; label: string; urlField: 'profileImageUrl' };
  messages: ResourceMessages;
  /** Seed 001 §8: where save failures show. */
  errorDisplay: 'inline' | 'toast';
  /** Seed 001 §9: how long the success shows before the panel closes. */
  closeDelayMs: number;
  /** Seed 001 §8: fetch failures also as a toast (speakers, VIP awardees). */
  fetchErrorToast?: boolean;
  /** VIP awardees: the seven status tiles above the table. */
  statusOverview?: boolean;
  /** Column showing the record's name in messages and labels. */
  nameKey: string;
  searchPlaceholder: string;
}
