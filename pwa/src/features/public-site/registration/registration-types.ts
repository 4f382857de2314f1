// The registration types of seed 000 (§2, §3, §5): endpoints, fields, labels and the popup's and inline
// forms' validation, with the seed's messages. Pure: no React, no network.
import {
  FIELD_LABELS,
  INLINE_MESSAGES,
  INLINE_MOBILE_PATTERN,
  MOBILE_MESSAGE,
  MOBILE_PATTERN,
  normaliseMobile,
  REQUIRED_FIELDS,
  type RegistrationKind,
  requiredMessage,
  WORKING_PROFESSIONAL_CHOICES,
} from '../../../../../edge/schemas/vocabulary';
import type { PublicEndpoint } from '../../../offline/db';

export { INLINE_MESSAGES };

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

export const PROFESSIONAL_TYPES = WORKING_PROFESSIONAL_CHOICES;
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

/** A field of a popup type, labelled and marked required as seed 000 §5 says (edge/schemas/vocabulary.ts). */
function field<K extends RegistrationKind>(kind: K, name: keyof (typeof FIELD_LABELS)[K] & string, spec: Omit<FieldSpec, 'name' | 'label' | 'required'>): FieldSpec {
  return {
    name,
    label: (FIELD_LABELS[kind] as Record<string, string>)[name]!,
    required: (REQUIRED_FIELDS[kind] as readonly string[]).includes(name),
    ...spec,
  };
}
const tel = { kind: 'tel', autoComplete: 'tel' } as const;
const person = { kind: 'text', autoComplete: 'name' } as const;
const organisation = { kind: 'text', autoComplete: 'organization' } as const;

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
          field('visitor', 'fullName', person),
          field('visitor', 'mobileNumber', tel),
          field('visitor', 'workingProfessional', { kind: 'select', options: PROFESSIONAL_TYPES }),
          field('visitor', 'organizationName', organisation),
          field('visitor', 'city', { kind: 'city' }),
        ],
      };
    case 'Awards Registration':
      return {
        endpoint: '/api/awards/register',
        nameField: 'nomineeName',
        fields: [
          field('awards', 'nomineeName', person),
          field('awards', 'mobile', tel),
          field('awards', 'organization', organisation),
        ],
      };
    case 'Book a Stall':
      return {
        endpoint: '/api/stalls/register',
        nameField: 'contactPersonName',
        fields: [
          field('stall', 'companyName', organisation),
          field('stall', 'contactPersonName', person),
          field('stall', 'mobileNumber', tel),
        ],
      };
    case 'Sponsor Registration':
      return {
        endpoint: '/api/sponsors/register',
        nameField: 'name',
        fields: [
          field('sponsor', 'organization', organisation),
          field('sponsor', 'name', person),
          field('sponsor', 'mobile', tel),
        ],
      };
    case 'Enquire Now':
      return {
        endpoint: '/api/enquiries',
        nameField: 'name',
        fields: [
          field('enquiry', 'name', person),
          field('enquiry', 'mobile', tel),
          field('enquiry', 'organization', organisation),
          field('enquiry', 'subscriptionType', { kind: 'select', options: enquiryChoices }),
        ],
      };
  }
}

export const POPUP_MOBILE_MESSAGE = MOBILE_MESSAGE;
export const normalizeMobile = normaliseMobile;

export type Values = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** §5 popup rules: required fields non-blank after trimming ("{label} is required"); mobile `+`? 10–15 digits. */
export function validatePopup(fields: readonly FieldSpec[], values: Values): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.required && !value) errors[field.name] = requiredMessage(field.label);
    else if (field.kind === 'tel' && value && !MOBILE_PATTERN.test(normalizeMobile(value))) {
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

// §5 inline visitor and stall forms. The input's `pattern` attribute is the same rule, unanchored.
export const INLINE_MOBILE_PATTERN_ATTRIBUTE = INLINE_MOBILE_PATTERN.source.replace(/^\^|\$$/g, '');

export function validateInline(kind: 'visitor' | 'stall', values: Values): FieldErrors {
  const errors: FieldErrors = {};
  const name = kind === 'visitor' ? values.fullName : values.contactPersonName;
  const nameField = kind === 'visitor' ? 'fullName' : 'contactPersonName';
  if (!(name ?? '').trim()) errors[nameField] = INLINE_MESSAGES.name;
  if (!INLINE_MOBILE_PATTERN.test((values.mobileNumber ?? '').trim())) errors.mobileNumber = INLINE_MESSAGES.mobile;
  if (kind === 'stall' && !(values.companyName ?? '').trim()) errors.companyName = INLINE_MESSAGES.organization;
  if (kind === 'visitor' && !(values.city ?? '').trim()) errors.city = INLINE_MESSAGES.city;
  return errors;
}

/** Shown when a submission is kept on the device for later because the device is offline (or the network failed). */
export const QUEUED_MESSAGE =
  'You are offline. Your registration is saved on this device and will be sent automatically when you are back online.';

/** Shown when the server did not answer in time: the device is online, and the submission keeps being sent. */
export const SLOW_SERVER_MESSAGE =
  'The server is slow to answer. Your registration is saved on this device and we will keep trying; your pass will appear as soon as it is accepted.';
