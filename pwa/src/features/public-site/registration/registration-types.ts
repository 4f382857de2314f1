// The public registration types (visitor, awards, stall, sponsor, enquiry): endpoints, fields and labels.
// Their rules and messages are the shared schemas' (edge/schemas/public-registrations.ts), loaded with the
// first use of a form (form-rules.ts). Pure: no React, no network.
import { FIELD_LABELS, INLINE_MOBILE_PATTERN, REQUIRED_FIELDS, type RegistrationKind, WORKING_PROFESSIONAL_CHOICES } from '@edge/schemas/vocabulary';
import type { PublicEndpoint } from '@pwa/offline/db';

/** The forms' rules: the shared schemas and the number reader (zod/mini and libphonenumber, about 40 KB gzip). */
export type FormRules = typeof import('./form-rules');
let formRules: Promise<FormRules> | undefined;
/**
 * Loads the forms' rules when a form first needs them — a field of the form focused, the popup opened, a
 * form sent — so the public pages open without them.
 */
export const loadFormRules = (): Promise<FormRules> => (formRules ??= import('./form-rules'));

export type RegistrationType = 'Visitor Registration' | 'Awards Registration' | 'Book a Stall' | 'Sponsor Registration' | 'Enquire Now';

export const PROFESSIONAL_TYPES = WORKING_PROFESSIONAL_CHOICES;
/** The default enquiry choices, used only when the site data gives none. */
const DEFAULT_ENQUIRY_CHOICES = ['General Enquiry', 'Partnership', 'Media', 'Other'] as const;

interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'tel' | 'select' | 'city';
  required: boolean;
  autoComplete?: string;
  options?: readonly string[];
}

/** A field of a popup type, labelled and marked required as edge/schemas/vocabulary.ts says. */
function field<K extends RegistrationKind>(
  kind: K,
  name: keyof (typeof FIELD_LABELS)[K] & string,
  spec: Omit<FieldSpec, 'name' | 'label' | 'required'>,
): FieldSpec {
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
  /** Which of the shared form schemas checks it. */
  kind: RegistrationKind;
  endpoint: PublicEndpoint;
  fields: FieldSpec[];
  /** The field holding the person's name (shown on the pass and in the waiting list). */
  nameField: string;
}

export function typeSpec(
  type: RegistrationType,
  enquiryChoices: readonly string[] = DEFAULT_ENQUIRY_CHOICES,
  awardCategories: readonly string[] = [],
): TypeSpec {
  switch (type) {
    case 'Visitor Registration':
      return {
        kind: 'visitor',
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
        kind: 'awards',
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
        kind: 'stall',
        endpoint: '/api/stalls/register',
        nameField: 'contactPersonName',
        fields: [field('stall', 'companyName', organisation), field('stall', 'contactPersonName', person), field('stall', 'mobileNumber', tel)],
      };
    case 'Sponsor Registration':
      return {
        kind: 'sponsor',
        endpoint: '/api/sponsors/register',
        nameField: 'name',
        fields: [field('sponsor', 'organization', organisation), field('sponsor', 'name', person), field('sponsor', 'mobile', tel)],
      };
    case 'Enquire Now':
      return {
        kind: 'enquiry',
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

export type Values = Record<string, string>;
export type FieldErrors = Record<string, string>;

// The inline mobile input's `pattern` attribute: the inline forms' rule, unanchored.
export const INLINE_MOBILE_PATTERN_ATTRIBUTE = INLINE_MOBILE_PATTERN.source.replace(/^\^|\$$/g, '');

/** Shown when a submission is kept on the device for later because the device is offline (or the network failed). */
export const QUEUED_MESSAGE = 'You are offline. Your registration is saved on this device and will be sent automatically when you are back online.';

/** Shown when the server did not answer in time: the device is online, and the submission keeps being sent. */
export const SLOW_SERVER_MESSAGE =
  'The server is slow to answer. Your registration is saved on this device and we will keep trying; your pass will appear as soon as it is accepted.';
