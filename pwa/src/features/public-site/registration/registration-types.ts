// The public registration types (visitor, awards, stall, sponsor, enquiry): endpoints, fields and labels.
// Their rules and messages are the shared schemas' (edge/schemas/public-registrations.ts), loaded with the
// first use of a form (form-rules.ts). Pure: no React, no network.
import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { FIELD_LABELS, INLINE_MOBILE_PATTERN, REQUIRED_FIELDS, type RegistrationKind, WORKING_PROFESSIONAL_CHOICES } from '@shared/schemas/vocabulary';
import { loadOnce } from '@pwa/lib/load-once';
import type { PublicEndpoint } from '@pwa/offline/db';

/** The forms' rules: the shared schemas and the number reader (zod/mini and libphonenumber, about 40 KB gzip). */
export type FormRules = typeof import('./form-rules');
/**
 * Loads the forms' rules when a form first needs them — a field of the form focused, the popup opened, a
 * form sent — so the public pages open without them. A failed load is tried again at the next call.
 */
export const loadFormRules: () => Promise<FormRules> = loadOnce(() => import('./form-rules'));

/** The sender (submit.ts: the API client, the outbox and its database): loaded with the rules, at a form's first use. */
export type Submitter = typeof import('./submit');
export const loadSubmitter: () => Promise<Submitter> = loadOnce(() => import('./submit'));

/**
 * Everything a form needs to check, send or queue a submission, loaded together at the form's first use (a
 * field focused, the popup opened), so a network lost at the moment of sending finds it here. Should it
 * still be missing then, the form holds the submission without it (public-outbox-signal.ts `holdSubmission`).
 */
export const loadSubmitKit = async (): Promise<[FormRules, Submitter]> => {
  // The list that shows a kept submission comes too (public-layout.tsx loads it by the same import).
  const [rules, submitter] = await Promise.all([loadFormRules(), loadSubmitter(), import('./waiting-list').catch(() => undefined)]);
  return [rules, submitter];
};

export type RegistrationType = 'Visitor Registration' | 'Awards Registration' | 'Book a Stall' | 'Sponsor Registration' | 'Enquire Now';

export const PROFESSIONAL_TYPES = WORKING_PROFESSIONAL_CHOICES;
/** The default enquiry choices, used only when the site data gives none. */
const DEFAULT_ENQUIRY_CHOICES = ['General Enquiry', 'Partnership', 'Media', 'Other'] as const;

interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'tel' | 'email' | 'select' | 'city';
  required: boolean;
  autoComplete?: string;
  options?: readonly string[];
}

/** A field of a popup type, labelled and marked required as shared/schemas/vocabulary.ts says. */
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
const email = { kind: 'email', autoComplete: 'email' } as const;

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
          field('visitor', 'email', email),
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
          field('awards', 'email', email),
        ],
      };
    case 'Book a Stall':
      return {
        kind: 'stall',
        endpoint: '/api/stalls/register',
        nameField: 'contactPersonName',
        fields: [
          field('stall', 'companyName', organisation),
          field('stall', 'contactPersonName', person),
          field('stall', 'mobileNumber', tel),
          field('stall', 'email', email),
        ],
      };
    case 'Sponsor Registration':
      return {
        kind: 'sponsor',
        endpoint: '/api/sponsors/register',
        nameField: 'name',
        fields: [
          field('sponsor', 'organization', organisation),
          field('sponsor', 'name', person),
          field('sponsor', 'mobile', tel),
          field('sponsor', 'email', email),
        ],
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
          field('enquiry', 'email', email),
        ],
      };
  }
}

export type Values = Record<string, string>;
export type FieldErrors = Record<string, string>;

// The inline mobile input's `pattern` attribute: the inline forms' rule, unanchored.
export const INLINE_MOBILE_PATTERN_ATTRIBUTE = INLINE_MOBILE_PATTERN.source.replace(/^\^|\$$/g, '');

/**
 * Why a submission waits on the device: no network (`offline`), a network but no answer from the server
 * (`unreachable`: refused connection, a gateway's 502/503/504), or an answer slower than the time-out (`slow`).
 */
export type WaitReason = 'offline' | 'unreachable' | 'slow';

/** What a submission is called in the words the person reads: an enquiry gets a reply, not a pass. */
export const submissionNoun = (endpoint: string): 'registration' | 'enquiry' => (endpoint === '/api/enquiries' ? 'enquiry' : 'registration');

/** What the form says when it keeps a submission on the device for later, true to why. */
export function queuedMessage(reason: WaitReason, noun: 'registration' | 'enquiry'): string {
  const saved = `Your ${noun} is saved on this device`;
  if (reason === 'offline') return `You are offline. ${saved} and will be sent automatically when you are back online.`;
  if (reason === 'unreachable') return `The server is not answering. ${saved} and will be sent automatically as soon as it answers.`;
  const after = noun === 'enquiry' ? 'it will show here as sent as soon as it is accepted' : 'your pass will appear as soon as it is accepted';
  return `The server is slow to answer. ${saved} and we will keep trying; ${after}.`;
}

/** Why a submission held without the form's code waits: the device's network, else the server it could not reach. */
export const heldReason = (): WaitReason => (deviceHasNetwork() ? 'unreachable' : 'offline');
