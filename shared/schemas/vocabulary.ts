/**
 * The fixed words of the registration forms: choices, patterns, labels, messages and defaults.
 * No zod here, so any screen (the public header included) may import it without weight; the schemas in
 * fields.ts, people.ts and public-registrations.ts build on it.
 */

/** The popup's rule, also the admin forms': an optional leading plus, then 10 to 15 digits. */
export const MOBILE_PATTERN = /^\+?\d{10,15}$/;
export const MOBILE_MESSAGE = 'Mobile number must be 10-15 digits';
/** A number with letters or signs other than spaces, dashes, brackets and a leading +. */
export const MOBILE_CHARACTERS_MESSAGE = 'Mobile number may hold only digits, spaces, dashes, brackets and a leading +';

/** Spaces and dashes people type into phone numbers ("+91 (98765) 43210") are not part of the number. */
export const normaliseMobile = (value: string) => value.replace(/[\s\-()]/g, '');

export const WORKING_PROFESSIONAL_CHOICES = ['Working Professional', 'Business', 'Others'] as const;

/** Longest text stored from a public form: a name or an organisation fits; nothing huge reaches the database. */
export const MAX_TEXT_LENGTH = 200;
/** Client-made submission ids (a timestamp or a UUID) and event ids fit easily. */
export const MAX_ID_LENGTH = 100;

/** The inline visitor and stall forms: exactly 10 digits (a client rule; the API accepts the popup's range). */
export const INLINE_MOBILE_PATTERN = /^\d{10}$/;
export const INLINE_MESSAGES = {
  name: 'Name is required',
  mobile: 'Valid 10-digit mobile number is required',
  organization: 'Organization name is required',
  city: 'City is required',
} as const;

/**
 * Up to this many more people registered with a visitor on the same form (a family, issue 30), each with a
 * record and pass of their own, under the one submission: the cap keeps one request from queueing more
 * than six passes' messages (each also under the guard's caps, decision 077).
 */
export const MAX_FAMILY_MEMBERS = 5;

/** The defaults the API applies to absent (or blank) optional fields of a public registration. */
export const REGISTRATION_DEFAULTS = {
  workingProfessional: 'Others',
  organizationName: 'Not specified',
  city: 'Not specified',
  subscriptionType: 'General Enquiry',
} as const;

/** Every public form's optional e-mail (the pass, or the reply, goes there too). */
export const EMAIL_LABEL = 'E-mail (optional)';

export type RegistrationKind = 'visitor' | 'awards' | 'stall' | 'sponsor' | 'enquiry';

/**
 * Field labels per form, shown in the popup and in its "{label} is required" messages. The two optional
 * organisation fields (visitor and enquiry) get a plain label.
 */
export const FIELD_LABELS = {
  visitor: {
    fullName: 'Full Name',
    mobileNumber: 'Mobile Number',
    workingProfessional: 'Professional Type',
    organizationName: 'Organization Name',
    city: 'City',
    email: EMAIL_LABEL,
  },
  awards: { nomineeName: 'Nominee Name', mobile: 'Contact Person Mobile', organization: 'Organization', category: 'Award Category', email: EMAIL_LABEL },
  stall: { companyName: 'Company / Organization Name', contactPersonName: 'Contact Person Name', mobileNumber: 'Mobile Number', email: EMAIL_LABEL },
  sponsor: { organization: 'Sponsor Organization Name', name: 'Contact Person Name', mobile: 'Mobile Number', email: EMAIL_LABEL },
  enquiry: { name: 'Full Name', mobile: 'Mobile Number', organization: 'Organization', subscriptionType: 'Subscription Type', email: EMAIL_LABEL },
} as const satisfies Record<RegistrationKind, Record<string, string>>;

/** The popup's required fields per type, in the order the popup shows them. */
export const REQUIRED_FIELDS = {
  visitor: ['fullName', 'mobileNumber', 'workingProfessional', 'city'],
  awards: ['nomineeName', 'mobile', 'organization'],
  stall: ['companyName', 'contactPersonName', 'mobileNumber'],
  sponsor: ['organization', 'name', 'mobile'],
  enquiry: ['name', 'mobile', 'subscriptionType'],
} as const satisfies { [K in RegistrationKind]: ReadonlyArray<keyof (typeof FIELD_LABELS)[K]> };

export const requiredMessage = (label: string) => `${label} is required`;

/**
 * Text people type is refused when it holds control characters (NUL, escape, bidi-breaking C1 codes…)
 * or half of a UTF-16 surrogate pair: they break CSV exports, logs and other systems a name is copied to,
 * and no keyboard types them. Long free text may keep tabs and line breaks.
 */
export const INVALID_CHARACTERS_MESSAGE = 'must not contain control characters or broken characters';
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export function isPlainText(value: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value) && !LONE_SURROGATE.test(value);
}

/** An award category that is not one of the organiser's (Settings → Award categories). */
export const UNKNOWN_AWARD_CATEGORY_MESSAGE = 'Choose one of the award categories';
