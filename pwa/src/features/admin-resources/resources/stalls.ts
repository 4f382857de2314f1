import { stallDescription } from '@shared/resources/stalls';
import type { BaseRecord } from '@pwa/lib/api';
import { createdOnColumn, eventField, payloadFrom, statusColumn, statusField, valuesFrom } from '../fields';
import { type FieldNameOf, type FormField, type FormValues, panelResource } from '../types';

/** The stall's place and size: number, type, and width × length in feet or metres. */
const STALL_UNITS = ['feet', 'metres'] as const;

const stallFields: FormField<FieldNameOf<typeof stallDescription>>[] = [
  { name: 'contactPersonName', label: 'Name', type: 'text', required: true },
  { name: 'companyName', label: 'Organization', type: 'text' },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'mobileNumber', label: 'Phone', type: 'tel', required: true, placeholder: '+91 98765 43210' },
  { name: 'designation', label: 'Designation', type: 'text' },
  eventField(),
  statusField(stallDescription),
  { name: 'stallNumber', label: 'Stall Number', type: 'text' },
  { name: 'stallType', label: 'Stall Type', type: 'text', defaultValue: 'standard' },
  { name: 'stallWidth', label: 'Width', type: 'number', defaultValue: '0' },
  { name: 'stallLength', label: 'Length', type: 'number', defaultValue: '0' },
  { name: 'stallUnit', label: 'Unit', type: 'select', options: STALL_UNITS, defaultValue: 'feet' },
  { name: 'additionalRequirements', label: 'Requirements', type: 'textarea', full: true },
];

/** Stalls: contact name, e-mail and phone required; what the form leaves out the server fills in (stalls.ts there). */
export const stallsConfig = panelResource(stallDescription, {
  title: 'Stalls',
  subtitle: 'Create and manage stalls',
  addLabel: '+ Create Stall',
  formTitle: { create: 'Create Stall', edit: 'Edit Stall' },
  submitLabel: { create: 'Create Stall', edit: 'Update Stall' },
  nameKey: 'contactPersonName',
  searchPlaceholder: 'Search company, contact, email, phone',
  columns: [
    { key: 'contactPersonName', label: 'Contact Person', sort: 'contactPersonName' },
    { key: 'companyName', label: 'Company', sort: 'companyName' },
    { key: 'email', label: 'Email' },
    { key: 'mobileNumber', label: 'Phone', kind: 'phone' },
    statusColumn,
    createdOnColumn,
  ],
  fields: stallFields,
  // The API takes the size as one `stallSize` object and answers it the same way.
  toPayload: (values: FormValues) => {
    const { stallWidth, stallLength, stallUnit, ...body } = payloadFrom(stallFields, values);
    return { ...body, stallSize: { width: stallWidth ?? 0, length: stallLength ?? 0, unit: stallUnit ?? 'feet' } };
  },
  fromRecord: (row: BaseRecord) => {
    const size = (row.stallSize ?? {}) as { width?: number; length?: number; unit?: string };
    return valuesFrom(stallFields, {
      ...row,
      stallWidth: size.width ?? row.stallWidth,
      stallLength: size.length ?? row.stallLength,
      stallUnit: size.unit ?? row.stallUnit,
    });
  },
  formFieldOf: { stallSize: 'stallWidth' },
  messages: {
    created: 'Stall created successfully!',
    updated: 'Stall updated successfully!',
    createFailed: 'Failed to create stall. Please try again.',
    updateFailed: 'Failed to update stall. Please try again.',
    fetchFailed: 'Failed to fetch stalls',
    deleteFailed: 'Failed to delete stall',
    confirmDelete: 'Are you sure you want to delete this stall?',
  },
  errorDisplay: 'inline',
  closeDelayMs: 1500,
});
