import { nominationDescription } from '@shared/resources/awards';
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
  // Its form and list are its registry fields (shared/resources/awards.ts).
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
