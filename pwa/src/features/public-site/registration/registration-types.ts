// The public registration types (visitor, awards, stall, sponsor, enquiry): endpoints, fields, labels and
// the popup's and inline forms' validation, with their messages. Pure: no React, no network.
import {
  FIELD_LABELS,
  INLINE_MESSAGES,
  INLINE_MOBILE_PATTERN,
  MAX_TEXT_LENGTH,
  MOBILE_MESSAGE,
  MOBILE_PATTERN,
  normaliseMobile,
  REQUIRED_FIELDS,
  type RegistrationKind,
  requiredMessage,
  WORKING_PROFESSIONAL_CHOICES,
} from '../../../../../edge/schemas/vocabulary';

/** The number reader: libphonenumber with its metadata (edge/schemas/mobile-number.ts). */
export type MobileNumbers = typeof import('../../../../../edge/schemas/mobile-number');
let mobileNumbers: Promise<MobileNumbers> | undefined;
/**
 * Loads the number reader (about 30 KB gzip) when a form first needs it — a field of the form focused,
 * the popup opened, a form sent — so the registration pages open without it.
 */
export const loadMobileNumbers = (): Promise<MobileNumbers> => (mobileNumbers ??= import('../../../../../edge/schemas/mobile-number'));
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
/** The default enquiry choices, used only when the site data gives none. */
export const DEFAULT_ENQUIRY_CHOICES = ['General Enquiry', 'Partnership', 'Media', 'Other'] as const;

export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'tel' | 'select' | 'city';
  required: boolean;
  autoComplete?: string;
  options?: readonly string[];
}

/** A field of a popup type, labelled and marked required as edge/schemas/vocabulary.ts says. */
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

export function typeSpec(type: RegistrationType, enquiryChoices: readonly string[] = DEFAULT_ENQUIRY_CHOICES, awardCategories: readonly string[] = []): TypeSpec {
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
          // Offered once the organiser has listed the categories (Settings); optional.
          ...(awardCategories.length > 0 ? [field('awards', 'category', { kind: 'select', options: awardCategories })] : []),
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

/** Longer text is refused with this message (never cut): the API's own limit and words. */
export const tooLongMessage = (label: string) => `${label} must be at most ${MAX_TEXT_LENGTH} characters`;

/**
 * The popup's rules: required fields non-blank after trimming ("{label} is required"); text at most 200
 * characters; mobile `+`? 10–15 digits (spaces, dashes and brackets aside) that some country can hold.
 */
export function validatePopup(fields: readonly FieldSpec[], values: Values, phone: MobileNumbers): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.required && !value) errors[field.name] = requiredMessage(field.label);
    else if (field.kind === 'tel' && value) {
      if (!MOBILE_PATTERN.test(normalizeMobile(value))) errors[field.name] = POPUP_MOBILE_MESSAGE;
      else if (!phone.canonicalMobile(value)) errors[field.name] = phone.MOBILE_UNREADABLE_MESSAGE;
    } else if (value.length > MAX_TEXT_LENGTH) errors[field.name] = tooLongMessage(field.label);
  }
  return errors;
}

/** The body sent: trimmed values, numbers in their canonical E.164 form, blank optional fields left out (the API applies its defaults). */
export function payloadOf(fields: readonly FieldSpec[], values: Values, phone: MobileNumbers): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of fields) {
    const raw = (values[field.name] ?? '').trim();
    const value = field.kind === 'tel' && raw ? (phone.canonicalMobile(raw) ?? normalizeMobile(raw)) : raw;
    if (value) body[field.name] = value;
  }
  return body;
}

/**
 * The inline visitor and stall forms: exactly 10 digits after normalisation. A number pasted or typed
 * in another spelling of an Indian mobile ("+91 98765 43210", "098765 43210", "0091 98765 43210",
 * "919876543210") becomes its 10 digits as it arrives; anything else stays as typed, and the field's
 * message says what is wrong when the form is sent. Nothing is cut.
 */
export function inlineMobileInput(value: string, phone: MobileNumbers): string {
  const spelledOtherwise = /[^\d]/.test(value) || value.startsWith('0') || /^91\d{10}$/.test(value);
  return spelledOtherwise ? (phone.indianMobileDigits(value) ?? value) : value;
}

// The input's `pattern` attribute: the same rule, unanchored.
export const INLINE_MOBILE_PATTERN_ATTRIBUTE = INLINE_MOBILE_PATTERN.source.replace(/^\^|\$$/g, '');

const INLINE_LABELS = { fullName: 'Full Name', contactPersonName: 'Contact Person Name', companyName: 'Company / Organization Name', organizationName: 'Organization Name' } as const;

export function validateInline(kind: 'visitor' | 'stall', values: Values, phone: MobileNumbers): FieldErrors {
  const errors: FieldErrors = {};
  const nameField = kind === 'visitor' ? 'fullName' : 'contactPersonName';
  const name = (values[nameField] ?? '').trim();
  if (!name) errors[nameField] = INLINE_MESSAGES.name;
  else if (name.length > MAX_TEXT_LENGTH) errors[nameField] = tooLongMessage(INLINE_LABELS[nameField]);
  if (phone.indianMobileDigits((values.mobileNumber ?? '').trim()) === null) errors.mobileNumber = INLINE_MESSAGES.mobile;
  const company = (values.companyName ?? '').trim();
  if (kind === 'stall' && !company) errors.companyName = INLINE_MESSAGES.organization;
  else if (kind === 'stall' && company.length > MAX_TEXT_LENGTH) errors.companyName = tooLongMessage(INLINE_LABELS.companyName);
  if (kind === 'visitor' && (values.organizationName ?? '').trim().length > MAX_TEXT_LENGTH) errors.organizationName = tooLongMessage(INLINE_LABELS.organizationName);
  if (kind === 'visitor' && !(values.city ?? '').trim()) errors.city = INLINE_MESSAGES.city;
  return errors;
}

/** The inline form's body: trimmed values, blank ones left out, the mobile number as its 10 digits. */
export function inlinePayload(values: Values, phone: MobileNumbers): Record<string, string> {
  const body = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]).filter(([, value]) => value));
  if (body.mobileNumber) body.mobileNumber = phone.indianMobileDigits(body.mobileNumber) ?? body.mobileNumber;
  return body;
}

/** Shown when a submission is kept on the device for later because the device is offline (or the network failed). */
export const QUEUED_MESSAGE =
  'You are offline. Your registration is saved on this device and will be sent automatically when you are back online.';

/** Shown when the server did not answer in time: the device is online, and the submission keeps being sent. */
export const SLOW_SERVER_MESSAGE =
  'The server is slow to answer. Your registration is saved on this device and we will keep trying; your pass will appear as soon as it is accepted.';
