// The registration types of seed 000 (§2, §3, §5): endpoints, fields, labels and the popup's and inline
// forms' validation, with the seed's messages. Pure: no React, no network.
import type { PublicEndpoint } from '../../offline/db';

export type RegistrationType =
  | 'Visitor Registration'
  | 'Awards Registration'
  | 'Book a Stall'
  | 'Sponsor Registration'
  | 'Enquire Now';

export const REGISTRATION_TYPES: readonly RegistrationType[] = [
  'Visitor Registration',
  'Awards Registration',
  'Book a Stall',
  'Sponsor Registration',
  'Enquire Now',
];

export function isRegistrationType(value: unknown): value is RegistrationType {
  return typeof value === 'string' && (REGISTRATION_TYPES as readonly string[]).includes(value);
}

export const PROFESSIONAL_TYPES = ['Working Professional', 'Business', 'Others'] as const;
/** §5's default enquiry choices, used only when the site data gives none. */
export const DEFAULT_ENQUIRY_CHOICES = ['General Enquiry', 'Partnership', 'Media', 'Other'] as const;

export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'tel' | 'select' | 'city';
  required: boolean;
  autoComplete?: string;
  options?: readonly string[];
}

const mobile = (name: string, label: string): FieldSpec => ({
  name,
  label,
  kind: 'tel',
  required: true,
  autoComplete: 'tel',
});

export interface TypeSpec {
  endpoint: PublicEndpoint;
  fields: FieldSpec[];
  /** The field holding the person's name (shown on the pass and in the waiting list). */
  nameField: string;
}

export function typeSpec(type: RegistrationType, enquiryChoices: readonly string[] = DEFAULT_ENQUIRY_CHOICES): TypeSpec {
  switch (type) {
    case 'Visitor Registration':
      return {
        endpoint: '/api/visitors/register',
        nameField: 'fullName',
        fields: [
          { name: 'fullName', label: 'Full Name', kind: 'text', required: true, autoComplete: 'name' },
          mobile('mobileNumber', 'Mobile Number'),
          { name: 'workingProfessional', label: 'Professional Type', kind: 'select', required: true, options: PROFESSIONAL_TYPES },
          { name: 'organizationName', label: 'Organization Name', kind: 'text', required: false, autoComplete: 'organization' },
          { name: 'city', label: 'City', kind: 'city', required: true },
        ],
      };
    case 'Awards Registration':
      return {
        endpoint: '/api/awards/register',
        nameField: 'nomineeName',
        fields: [
          { name: 'nomineeName', label: 'Nominee Name', kind: 'text', required: true, autoComplete: 'name' },
          mobile('mobile', 'Contact Person Mobile'),
          { name: 'organization', label: 'Organization', kind: 'text', required: true, autoComplete: 'organization' },
        ],
      };
    case 'Book a Stall':
      return {
        endpoint: '/api/stalls/register',
        nameField: 'contactPersonName',
        fields: [
          { name: 'companyName', label: 'Company / Organization Name', kind: 'text', required: true, autoComplete: 'organization' },
          { name: 'contactPersonName', label: 'Contact Person Name', kind: 'text', required: true, autoComplete: 'name' },
          mobile('mobileNumber', 'Mobile Number'),
        ],
      };
    case 'Sponsor Registration':
      return {
        endpoint: '/api/sponsors/register',
        nameField: 'name',
        fields: [
          { name: 'organization', label: 'Sponsor Organization Name', kind: 'text', required: true, autoComplete: 'organization' },
          { name: 'name', label: 'Contact Person Name', kind: 'text', required: true, autoComplete: 'name' },
          mobile('mobile', 'Mobile Number'),
        ],
      };
    case 'Enquire Now':
      return {
        endpoint: '/api/enquiries',
        nameField: 'name',
        fields: [
          { name: 'name', label: 'Full Name', kind: 'text', required: true, autoComplete: 'name' },
          mobile('mobile', 'Mobile Number'),
          { name: 'organization', label: 'Organization', kind: 'text', required: false, autoComplete: 'organization' },
          { name: 'subscriptionType', label: 'Subscription Type', kind: 'select', required: true, options: enquiryChoices },
        ],
      };
  }
}

export const POPUP_MOBILE_MESSAGE = 'Mobile number must be 10-15 digits';
const POPUP_MOBILE = /^\+?\d{10,15}$/;

/** Spaces, dashes and brackets people type into phone numbers ("+91 98765 43210") are not sent. */
export function normalizeMobile(value: string): string {
  return value.replace(/[\s\-()]/g, '');
}

export type Values = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** §5 popup rules: required fields non-blank after trimming ("{label} is required"); mobile `+`? 10–15 digits. */
export function validatePopup(fields: readonly FieldSpec[], values: Values): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.required && !value) errors[field.name] = `${field.label} is required`;
    else if (field.kind === 'tel' && value && !POPUP_MOBILE.test(normalizeMobile(value))) {
      errors[field.name] = POPUP_MOBILE_MESSAGE;
    }
  }
  return errors;
}

/** The body sent: trimmed values, blank optional fields left out (the API applies §3's defaults). */
export function payloadOf(fields: readonly FieldSpec[], values: Values): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of fields) {
    const raw = (values[field.name] ?? '').trim();
    const value = field.kind === 'tel' ? normalizeMobile(raw) : raw;
    if (value) body[field.name] = value;
  }
  return body;
}

// §5 inline visitor and stall forms.
export const INLINE_MESSAGES = {
  name: 'Name is required',
  mobile: 'Valid 10-digit mobile number is required',
  organization: 'Organization name is required',
  city: 'City is required',
} as const;

export const INLINE_MOBILE_PATTERN = '[0-9]{10}';

export function validateInline(kind: 'visitor' | 'stall', values: Values): FieldErrors {
  const errors: FieldErrors = {};
  const name = kind === 'visitor' ? values.fullName : values.contactPersonName;
  const nameField = kind === 'visitor' ? 'fullName' : 'contactPersonName';
  if (!(name ?? '').trim()) errors[nameField] = INLINE_MESSAGES.name;
  if (!/^\d{10}$/.test((values.mobileNumber ?? '').trim())) errors.mobileNumber = INLINE_MESSAGES.mobile;
  if (kind === 'stall' && !(values.companyName ?? '').trim()) errors.companyName = INLINE_MESSAGES.organization;
  if (kind === 'visitor' && !(values.city ?? '').trim()) errors.city = INLINE_MESSAGES.city;
  return errors;
}

/** Shown when a submission is kept on the device for later (offline or a network failure). */
export const QUEUED_MESSAGE =
  'You are offline. Your registration is saved on this device and will be sent automatically when you are back online.';
