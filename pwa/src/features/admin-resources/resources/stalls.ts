import { stallDescription } from '@resources/stalls';
import { createdOnColumn, eventField, statusColumn, statusField } from '../fields';
import { panelResource } from '../types';

/** Stalls (seed 001 §3 stall payload, §5: name, e-mail and phone required; §9 defaults on the server). */
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
  fields: [
    { name: 'contactPersonName', label: 'Name', type: 'text', required: true },
    { name: 'companyName', label: 'Organization', type: 'text' },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'mobileNumber', label: 'Phone', type: 'tel', required: true, placeholder: '+91 98765 43210' },
    { name: 'designation', label: 'Designation', type: 'text' },
    eventField(),
    statusField(stallDescription),
    { name: 'additionalRequirements', label: 'Requirements', type: 'textarea', full: true },
  ],
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
