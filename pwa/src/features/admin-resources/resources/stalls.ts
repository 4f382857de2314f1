import { stallDescription } from '@shared/resources/stalls';
import type { BaseRecord } from '@pwa/lib/api';
import { panelFields, payloadFrom, valuesFrom } from '../fields';
import { type FormValues, panelResource } from '../types';

/** The stall form's fields: the registry's (shared/resources/stalls.ts), the size as its three columns. */
const stallFields = panelFields(stallDescription.fields, stallDescription.order);

/** Stalls: contact name, e-mail and phone required; what the form leaves out the server fills in (stalls.ts there). */
export const stallsConfig = panelResource(stallDescription, {
  title: 'Stalls',
  subtitle: 'Create and manage stalls',
  addLabel: '+ Create Stall',
  formTitle: { create: 'Create Stall', edit: 'Edit Stall' },
  submitLabel: { create: 'Create Stall', edit: 'Update Stall' },
  nameKey: 'contactPersonName',
  searchPlaceholder: 'Search company, contact, email, phone',
  // Its form and list are its registry fields.
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
