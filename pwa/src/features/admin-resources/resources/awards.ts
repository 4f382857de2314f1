import { nominationDescription } from '@shared/resources/awards';
import { createdOnColumn, eventField, statusColumn, statusField } from '../fields';
import { panelResource } from '../types';

/** Award nominations ("Awardees Nominees" in the sidebar): nothing required but a nominee. */
export const awardsConfig = panelResource(nominationDescription, {
  title: 'Awardees Nominees',
  subtitle: 'Manage nominations',
  addLabel: '+ Create Nomination',
  formTitle: { create: 'Create Nomination', edit: 'Edit Nomination' },
  submitLabel: { create: 'Create Nomination', edit: 'Update Nomination' },
  nameKey: 'nomineeName',
  searchPlaceholder: 'Search nominee, contact, email, category',
  columns: [
    { key: 'nomineeName', label: 'Nominee', sort: 'nomineeName', priority: 1 },
    { key: 'mobileNumber', label: 'Contact', fallbackKeys: ['email'], kind: 'phone', priority: 3 },
    { key: 'category', label: 'Category', sort: 'category', fallbackKeys: ['awardCategory'], priority: 2 },
    statusColumn,
    createdOnColumn,
  ],
  fields: [
    { name: 'nomineeName', label: 'Nominee Name', type: 'text' },
    { name: 'category', label: 'Category', type: 'text', settingsList: 'awardCategories' },
    { name: 'mobileNumber', label: 'Contact Number', type: 'tel', placeholder: '+91 98765 43210' },
    { name: 'email', label: 'Email', type: 'email' },
    eventField(),
    statusField(nominationDescription),
    { name: 'description', label: 'Description', type: 'textarea', full: true },
    { name: 'achievements', label: 'Achievements', type: 'textarea', full: true },
  ],
  messages: {
    created: 'Nomination created successfully!',
    updated: 'Nomination updated successfully!',
    createFailed: 'Failed to create nomination',
    updateFailed: 'Failed to update nomination',
    fetchFailed: 'Failed to fetch awards',
    deleteFailed: 'Failed to delete awardee',
    confirmDelete: 'Are you sure you want to delete this awardee?',
  },
  errorDisplay: 'toast',
  closeDelayMs: 1000,
});
