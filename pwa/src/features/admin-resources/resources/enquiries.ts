import { enquiryDescription } from '@shared/resources/enquiries';
import { panelResource } from '../types';

/** Enquiries: created on the public site only; the panel searches them, moves them along and deletes them. */
export const enquiriesConfig = panelResource(enquiryDescription, {
  title: 'Enquiries',
  subtitle: 'Enquiries from the public site',
  formTitle: { create: 'Enquiry', edit: 'Enquiry' },
  submitLabel: { create: 'Save', edit: 'Save' },
  nameKey: 'name',
  searchPlaceholder: 'Search name, email, phone, organization, status',
  // Its list is its registry fields (shared/resources/enquiries.ts); it has no form (no field has an input).
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
