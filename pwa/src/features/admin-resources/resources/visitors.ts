import { visitorDescription } from '@shared/resources/visitors';
import { panelResource } from '../types';

/** Visitors: full name and phone required, e-mail optional; working professional 'Others' unless chosen. */
export const visitorsConfig = panelResource(visitorDescription, {
  title: 'Visitors',
  subtitle: 'Manage visitors',
  addLabel: '+ Add Visitor',
  formTitle: { create: 'Add Visitor', edit: 'Edit Visitor' },
  submitLabel: { create: 'Register Visitor', edit: 'Update Visitor' },
  nameKey: 'fullName',
  searchPlaceholder: 'Search name, phone, email, organization',
  // Its form and list are its registry fields (shared/resources/).
  messages: {
    created: 'Visitor registered successfully!',
    updated: 'Visitor updated successfully!',
    createFailed: 'Failed to register visitor. Please try again.',
    updateFailed: 'Failed to update visitor...',
    fetchFailed: 'Failed to fetch visitors',
    deleteFailed: 'Failed to delete visitor',
    confirmDelete: 'Are you sure you want to delete this visitor?',
  },
  errorDisplay: 'inline',
  closeDelayMs: 1500,
});
