import { speakerDescription } from '@shared/resources/speakers';
import { panelResource } from '../types';

/** Speakers: the panel's words; the form and the list are the registry's fields. */
export const speakersConfig = panelResource(speakerDescription, {
  title: 'Speakers',
  subtitle: 'Manage speakers',
  addLabel: '+ Add Speaker',
  formTitle: { create: 'Add Speaker', edit: 'Edit Speaker' },
  submitLabel: { create: 'Add Speaker', edit: 'Update Speaker' },
  nameKey: 'fullName',
  searchPlaceholder: 'Search name, title, phone, email',
  // Its form and list are its registry fields (shared/resources/speakers.ts).
  messages: {
    created: 'Speaker added successfully!',
    updated: 'Speaker updated successfully!',
    createFailed: 'Failed to add speaker',
    updateFailed: 'Failed to update speaker',
    fetchFailed: 'Failed to fetch speakers',
    deleteFailed: 'Failed to delete speaker',
    deleted: 'Speaker deleted successfully!',
    confirmDelete: 'Are you sure you want to delete this speaker?',
  },
  errorDisplay: 'toast',
  closeDelayMs: 1500,
  fetchErrorToast: true,
});
