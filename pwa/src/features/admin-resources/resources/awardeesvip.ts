import { vipAwardeeDescription } from '@shared/resources/vip-awardees';
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
  // Its form and list are its registry fields (shared/resources/).
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
