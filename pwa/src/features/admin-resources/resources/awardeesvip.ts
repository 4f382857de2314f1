import { vipAwardeeDescription } from '@shared/resources/vip-awardees';
import { WORKING_PROFESSIONAL_CHOICES } from '@shared/schemas/vocabulary';
import { contactColumns, createdOnColumn, eventField, nameColumn, statusColumn, statusField } from '../fields';
import { panelResource } from '../types';

/** VIP awardees: event, name, phone and city required, else "Please fill in all required fields". */
export const awardeesVipConfig = panelResource(vipAwardeeDescription, {
  title: 'VIP Awardees',
  subtitle: 'Manage VIP awardees',
  addLabel: '+ Add Awardee',
  formTitle: { create: 'Add Awardee', edit: 'Edit Awardee' },
  submitLabel: { create: 'Add Awardee', edit: 'Update Awardee' },
  nameKey: 'fullName',
  searchPlaceholder: 'Search name, phone, email, organization',
  columns: [
    nameColumn,
    ...contactColumns,
    { key: 'organizationName', label: 'Organization', sort: 'organizationName' },
    { key: 'designation', label: 'Designation' },
    statusColumn,
    { key: 'eventName', label: 'Event', kind: 'event' },
    createdOnColumn,
  ],
  fields: [
    eventField({ required: true, marked: false }),
    { name: 'fullName', label: 'Full Name', type: 'text', required: true },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'mobileNumber', label: 'Phone', type: 'tel', required: true, placeholder: '+91 98765 43210' },
    { name: 'city', label: 'City', type: 'text', required: true },
    { name: 'organizationName', label: 'Organization', type: 'text' },
    { name: 'designation', label: 'Designation', type: 'text' },
    { name: 'workingProfessional', label: 'Working Professional', type: 'select', options: WORKING_PROFESSIONAL_CHOICES, defaultValue: 'Working Professional' },
    { name: 'state', label: 'State', type: 'text' },
    { name: 'pincode', label: 'Pincode', type: 'text' },
    { name: 'address', label: 'Address', type: 'textarea', full: true },
    statusField(vipAwardeeDescription),
  ],
  requiredMessage: 'Please fill in all required fields',
  messages: {
    created: 'Awardee registered successfully!',
    updated: 'Awardee updated successfully!',
    createFailed: 'Failed to register awardee. Please try again.',
    updateFailed: 'Failed to update awardee. Please try again.',
    fetchFailed: 'Failed to fetch awardees',
    deleteFailed: 'Failed to delete awardee',
    deleted: 'Awardee deleted successfully!',
    confirmDelete: 'Are you sure you want to delete this awardee?',
  },
  errorDisplay: 'inline',
  closeDelayMs: 1500,
  fetchErrorToast: true,
  statusOverview: true,
});
