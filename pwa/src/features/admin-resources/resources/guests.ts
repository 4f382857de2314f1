import { guestDescription } from '@shared/resources/guests';
import { panelResource } from '../types';

/** Guests: name and phone required, the e-mail input flagged required. */
export const guestsConfig = panelResource(guestDescription, {
  title: 'Guests',
  subtitle: 'Manage guests',
  addLabel: '+ Add Guest',
  formTitle: { create: 'Add Guest', edit: 'Edit Guest' },
  submitLabel: { create: 'Add Guest', edit: 'Update Guest' },
  nameKey: 'fullName',
  searchPlaceholder: 'Search name, phone, email, organization',
  // Its form and list are its registry fields (shared/resources/).
  messages: {
    created: 'Guest registered successfully!',
    updated: 'Guest updated successfully!',
    createFailed: 'Failed to register guest. Please try again.',
    updateFailed: 'Failed to update guest. Please try again.',
    fetchFailed: 'Failed to fetch guests',
    deleteFailed: 'Failed to delete guest',
    confirmDelete: 'Are you sure you want to delete this guest?',
  },
  errorDisplay: 'inline',
  closeDelayMs: 1500,
});
