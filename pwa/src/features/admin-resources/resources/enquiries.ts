import { enquiryDescription } from '@shared/resources/enquiries';
import { createdOnColumn, statusColumn } from '../fields';
import { panelResource } from '../types';

/** Enquiries: created on the public site only; the panel searches them, moves them along and deletes them. */
export const enquiriesConfig = panelResource(enquiryDescription, {
  title: 'Enquiries',
  subtitle: 'Enquiries from the public site',
  formTitle: { create: 'Enquiry', edit: 'Enquiry' },
  submitLabel: { create: 'Save', edit: 'Save' },
  nameKey: 'name',
  searchPlaceholder: 'Search name, email, phone, organization, status',
  // Enquiries of the older site answer `phone`; newer ones `mobileNumber`.
  notFields: ['phone'],
  columns: [
    { key: 'name', label: 'Name', sort: 'name', priority: 1 },
    { key: 'email', label: 'Email', priority: 3 },
    { key: 'phone', label: 'Phone', fallbackKeys: ['mobileNumber'], kind: 'phone', priority: 2 },
    { key: 'organization', label: 'Organization', priority: 3 },
    { key: 'subscriptionType', label: 'Subscription', sort: 'subscriptionType', priority: 2 },
    statusColumn,
    createdOnColumn,
  ],
  fields: [],
  messages: {
    created: '',
    updated: '',
    createFailed: '',
    updateFailed: '',
    fetchFailed: 'Failed to load enquiries',
    deleteFailed: 'Failed to delete enquiry',
    deleted: 'Enquiry deleted successfully!',
    confirmDelete: 'Are you sure you want to delete this enquiry?',
  },
  errorDisplay: 'toast',
  closeDelayMs: 1200,
});
