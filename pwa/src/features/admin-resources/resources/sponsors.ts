import { sponsorDescription } from '@shared/resources/sponsors';
import type { BaseRecord } from '@pwa/lib/api';
import { checkboxValue, eventField, showOnSiteField, statusField } from '../fields';
import { type FormValues, panelResource } from '../types';
import { formatMobile } from '@shared/schemas/mobile-number';

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * Sponsors: the form's sponsorName, companyName, sponsorshipType, amount, email, phone,
 * event and city become the API's contactPersonName, organizationName, sponsorshipTier,
 * sponsorshipAmount, email, mobileNumber, eventId, city; the other fields' defaults are the server's.
 */
export const sponsorsConfig = panelResource(sponsorDescription, {
  title: 'Sponsors',
  subtitle: 'Manage sponsors',
  addLabel: '+ Add Sponsor',
  formTitle: { create: 'Add Sponsor', edit: 'Edit Sponsor' },
  submitLabel: { create: 'Add Sponsor', edit: 'Update Sponsor' },
  nameKey: 'contactPersonName',
  searchPlaceholder: 'Search company, contact, email, phone, tier',
  // Its list is its registry fields (shared/resources/sponsors.ts); its form uses its own names, mapped below.
  // The form's own inputs, mapped onto the API's fields by `toPayload`.
  notFields: ['sponsorName', 'companyName', 'sponsorshipType', 'amount', 'phone'],
  fields: [
    { name: 'sponsorName', label: 'Sponsor Name', type: 'text' },
    { name: 'companyName', label: 'Company Name', type: 'text' },
    { name: 'sponsorshipType', label: 'Sponsorship Type', type: 'text', defaultValue: 'bronze' },
    { name: 'amount', label: 'Amount (INR)', type: 'number', defaultValue: '0' },
    { name: 'amountPaid', label: 'Amount Paid (INR)', type: 'number', defaultValue: '0', hint: 'The balance is the amount less what was paid.' },
    { name: 'email', label: 'Email', type: 'email' },
    { name: 'phone', label: 'Phone', type: 'tel', placeholder: '+91 98765 43210' },
    eventField(),
    { name: 'city', label: 'City', type: 'text', defaultValue: 'Delhi' },
    statusField(sponsorDescription),
    showOnSiteField('Listed under Sponsors on the public site: company name and sponsorship type only.'),
  ],
  formFieldOf: {
    contactPersonName: 'sponsorName',
    organizationName: 'companyName',
    sponsorshipTier: 'sponsorshipType',
    sponsorshipAmount: 'amount',
    mobileNumber: 'phone',
  },
  toPayload: (v: FormValues) => ({
    contactPersonName: v.sponsorName?.trim() ?? '',
    organizationName: v.companyName?.trim() || v.sponsorName?.trim() || '',
    sponsorshipTier: v.sponsorshipType?.trim() || 'bronze',
    sponsorshipAmount: v.amount?.trim() ? Number(v.amount) : 0,
    amountPaid: v.amountPaid?.trim() ? Number(v.amountPaid) : 0,
    email: v.email?.trim() ?? '',
    mobileNumber: v.phone?.trim() ?? '',
    city: v.city?.trim() || 'Delhi',
    ...(v.eventId ? { eventId: v.eventId } : {}),
    ...(v.status ? { status: v.status } : {}),
    showOnSite: v.showOnSite === 'true',
  }),
  fromRecord: (row: BaseRecord) => ({
    sponsorName: text(row.contactPersonName),
    companyName: text(row.organizationName),
    sponsorshipType: text(row.sponsorshipTier),
    amount: text(row.sponsorshipAmount),
    amountPaid: text(row.amountPaid),
    email: text(row.email),
    phone: formatMobile(text(row.mobileNumber)),
    eventId: text(row.eventId),
    city: text(row.city),
    status: text(row.status),
    showOnSite: checkboxValue(row.showOnSite === true),
  }),
  messages: {
    created: 'Sponsor added successfully',
    updated: 'Sponsor updated successfully',
    createFailed: 'Failed to add sponsor',
    updateFailed: 'Failed to update sponsor',
    fetchFailed: 'Failed to fetch sponsors',
    deleteFailed: 'Failed to delete sponsor',
    confirmDelete: 'Are you sure you want to delete this sponsor?',
  },
  errorDisplay: 'inline',
  closeDelayMs: 1200,
});
