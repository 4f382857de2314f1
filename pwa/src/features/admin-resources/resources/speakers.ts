import { speakerDescription } from '@shared/resources/speakers';
import { addressFields, contactColumns, createdOnColumn, eventField, nameColumn, personFields, showOnSiteField, statusField } from '../fields';
import { panelResource } from '../types';

/** Speakers: the guest fields plus title and bio; the list has no status column. */
export const speakersConfig = panelResource(speakerDescription, {
  title: 'Speakers',
  subtitle: 'Manage speakers',
  addLabel: '+ Add Speaker',
  formTitle: { create: 'Add Speaker', edit: 'Edit Speaker' },
  submitLabel: { create: 'Add Speaker', edit: 'Update Speaker' },
  nameKey: 'fullName',
  searchPlaceholder: 'Search name, title, phone, email',
  columns: [nameColumn, { key: 'title', label: 'Title', sort: 'title' }, ...contactColumns, createdOnColumn],
  fields: [
    ...personFields(true),
    { name: 'title', label: 'Title', type: 'text' },
    ...addressFields,
    eventField(),
    statusField(speakerDescription),
    { name: 'bio', label: 'Bio', type: 'textarea', full: true },
    showOnSiteField('Listed under Speakers on the public site: name, title, bio and photo, never contact details.'),
  ],
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
