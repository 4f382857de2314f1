import * as z from 'zod/mini';
import { CONSENT_NOTICES, UNKNOWN_CONSENT_MESSAGE } from '../../shared/consent';
import { LANGUAGES } from '../../shared/languages';
import {
  blankAsAbsent,
  inlineMobile,
  optionalId,
  optionalText,
  publicEmail,
  publicMobile,
  publicOptionalMobile,
  requiredText,
  textWithDefault,
} from '../../shared/schemas/fields';
import { answersRule } from '../../shared/schemas/questions';
import {
  FIELD_LABELS,
  INLINE_MESSAGES,
  MAX_FAMILY_MEMBERS,
  MAX_TEXT_LENGTH,
  REGISTRATION_DEFAULTS,
  requiredMessage,
  WORKING_PROFESSIONAL_CHOICES,
} from '../../shared/schemas/vocabulary';

/**
 * The five public submissions (visitor, stall, award nomination, sponsor, enquiry): their fields, rules
 * and messages, shared by the API and the PWA's forms. Mobile numbers are stored in their canonical E.164
 * form (fields.ts, mobile-number.ts). Their field builders are the one set in shared/schemas/fields.ts.
 *
 * Three sets of schemas, because the API and the forms differ on purpose: the popup enforces every
 * required field of its type ("{label} is required"), while the API applies defaults to absent optional
 * fields (workingProfessional "Others", organizationName and city "Not specified", subscriptionType
 * "General Enquiry"); the inline visitor and stall forms have messages of their own and take an Indian
 * mobile number, sent as its 10 digits. `*RegistrationSchema` is what the API accepts, `*FormSchema` what
 * the popup checks and `inline*FormSchema` what the inline forms check; a form sends its schema's output.
 */

const workingProfessionalMessage = `Professional Type must be one of: ${WORKING_PROFESSIONAL_CHOICES.join(', ')}`;
const workingProfessionalChoice = z.enum(WORKING_PROFESSIONAL_CHOICES, { error: workingProfessionalMessage });

const KNOWN_CONSENT_VERSIONS: readonly string[] = Object.values(CONSENT_NOTICES).flatMap((notice) => notice.versions);
/** The version of the consent line the person saw above the form's button (shared/consent.ts); absent: none shown. */
const consentVersion = z.optional(
  z.string({ error: UNKNOWN_CONSENT_MESSAGE }).check(z.refine((version) => KNOWN_CONSENT_VERSIONS.includes(version), { error: UNKNOWN_CONSENT_MESSAGE })),
);

const LANGUAGE_MESSAGE = `language must be one of: ${LANGUAGES.join(', ')}`;

/** Fields every public submission may carry. `language`: the page's (decision 087), English when absent. */
const submissionFields = {
  eventId: optionalId('eventId'),
  uniqueSubmissionId: optionalId('uniqueSubmissionId'),
  consentVersion,
  language: z.optional(z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE })),
};

export { MAX_FAMILY_MEMBERS };
const FAMILY_LIMIT_MESSAGE = `At most ${MAX_FAMILY_MEMBERS} more people can register with you`;

/** One of the people registering with a visitor: a name, and a mobile number of their own if they have one. */
const familyMemberSchema = z.object({
  fullName: requiredText(requiredMessage(FIELD_LABELS.visitor.fullName)),
  mobileNumber: publicOptionalMobile(FIELD_LABELS.visitor.mobileNumber),
});

// ---- API schemas (what the server accepts; unknown fields such as status or createdAt are stripped) ----

/**
 * The exhibitors box (a purpose of its own, `chosen`: shared/consent.ts): the version of its words when the
 * visitor ticked it; absent when not ticked.
 */
const exhibitorsConsentVersion = z.optional(
  z
    .string({ error: UNKNOWN_CONSENT_MESSAGE })
    .check(z.refine((version) => CONSENT_NOTICES.exhibitors.versions.includes(version), { error: UNKNOWN_CONSENT_MESSAGE })),
);

export const visitorRegistrationSchema = z.object({
  fullName: requiredText(requiredMessage(FIELD_LABELS.visitor.fullName)),
  mobileNumber: publicMobile(FIELD_LABELS.visitor.mobileNumber),
  workingProfessional: z.pipe(textWithDefault(FIELD_LABELS.visitor.workingProfessional, REGISTRATION_DEFAULTS.workingProfessional), workingProfessionalChoice),
  organizationName: textWithDefault(FIELD_LABELS.visitor.organizationName, REGISTRATION_DEFAULTS.organizationName),
  city: textWithDefault(FIELD_LABELS.visitor.city, REGISTRATION_DEFAULTS.city),
  email: publicEmail(),
  /** Answers to the event's questions; the route checks them against the event's (shared/registration-questions.ts). */
  answers: z.optional(answersRule),
  exhibitorsConsentVersion,
  /** The people registering with this visitor (name, optional mobile number). */
  family: z.optional(
    z.array(familyMemberSchema, { error: 'family must be a list of people' }).check(z.maxLength(MAX_FAMILY_MEMBERS, { error: FAMILY_LIMIT_MESSAGE })),
  ),
  ...submissionFields,
});

export const stallRegistrationSchema = z.object({
  companyName: requiredText(requiredMessage(FIELD_LABELS.stall.companyName)),
  contactPersonName: requiredText(requiredMessage(FIELD_LABELS.stall.contactPersonName)),
  mobileNumber: publicMobile(FIELD_LABELS.stall.mobileNumber),
  email: publicEmail(),
  ...submissionFields,
});

export const awardRegistrationSchema = z.object({
  nomineeName: requiredText(requiredMessage(FIELD_LABELS.awards.nomineeName)),
  mobile: publicMobile(FIELD_LABELS.awards.mobile),
  organization: requiredText(requiredMessage(FIELD_LABELS.awards.organization)),
  // One of the organiser's categories when there are any (checked by the route against Settings).
  category: textWithDefault(FIELD_LABELS.awards.category, ''),
  email: publicEmail(),
  ...submissionFields,
});

export const sponsorRegistrationSchema = z.object({
  organization: requiredText(requiredMessage(FIELD_LABELS.sponsor.organization)),
  name: requiredText(requiredMessage(FIELD_LABELS.sponsor.name)),
  mobile: publicMobile(FIELD_LABELS.sponsor.mobile),
  email: publicEmail(),
  ...submissionFields,
});

export const enquirySchema = z.object({
  name: requiredText(requiredMessage(FIELD_LABELS.enquiry.name)),
  mobile: publicMobile(FIELD_LABELS.enquiry.mobile),
  // Optional and without a default value: blank stays blank (the column's default is '').
  organization: textWithDefault(FIELD_LABELS.enquiry.organization, ''),
  subscriptionType: textWithDefault(FIELD_LABELS.enquiry.subscriptionType, REGISTRATION_DEFAULTS.subscriptionType),
  email: publicEmail(),
  ...submissionFields,
});

/**
 * "Tell me about the next edition" on an ended event: a name, a number and an optional e-mail, kept with the
 * person's consent for that purpose, which this request is: its consent version is required.
 */
export const nextEditionSchema = z.object({
  name: requiredText(requiredMessage(FIELD_LABELS.enquiry.name)),
  mobile: publicMobile(FIELD_LABELS.enquiry.mobile),
  email: publicEmail(),
  ...submissionFields,
  consentVersion: z
    .string({ error: UNKNOWN_CONSENT_MESSAGE })
    .check(z.refine((version) => KNOWN_CONSENT_VERSIONS.includes(version), { error: UNKNOWN_CONSENT_MESSAGE })),
});

// ---- Popup form schemas (every required field non-blank after trimming; the API's defaults do not apply) ----

const visitorFormSchema = z.object({
  ...visitorRegistrationSchema.def.shape,
  workingProfessional: z.pipe(requiredText(requiredMessage(FIELD_LABELS.visitor.workingProfessional)), workingProfessionalChoice),
  organizationName: optionalText(FIELD_LABELS.visitor.organizationName),
  city: requiredText(requiredMessage(FIELD_LABELS.visitor.city)),
});
const stallFormSchema = stallRegistrationSchema;
const awardFormSchema = z.object({
  ...awardRegistrationSchema.def.shape,
  category: optionalText(FIELD_LABELS.awards.category),
});
const sponsorFormSchema = sponsorRegistrationSchema;
const enquiryFormSchema = z.object({
  ...enquirySchema.def.shape,
  organization: optionalText(FIELD_LABELS.enquiry.organization),
  subscriptionType: requiredText(requiredMessage(FIELD_LABELS.enquiry.subscriptionType)),
});

export const FORM_SCHEMAS = {
  nextEdition: nextEditionSchema,
  visitor: visitorFormSchema,
  awards: awardFormSchema,
  stall: stallFormSchema,
  sponsor: sponsorFormSchema,
  enquiry: enquiryFormSchema,
} as const;

// ---- Inline form schemas (the visitor and stall forms on the pages) ----

const inlineVisitorFormSchema = z.object({
  fullName: requiredText(INLINE_MESSAGES.name, MAX_TEXT_LENGTH, FIELD_LABELS.visitor.fullName),
  mobileNumber: inlineMobile(),
  workingProfessional: z.optional(workingProfessionalChoice),
  organizationName: optionalText(FIELD_LABELS.visitor.organizationName),
  city: requiredText(INLINE_MESSAGES.city, MAX_TEXT_LENGTH, FIELD_LABELS.visitor.city),
  email: publicEmail(),
});

const inlineStallFormSchema = z.object({
  companyName: requiredText(INLINE_MESSAGES.organization, MAX_TEXT_LENGTH, FIELD_LABELS.stall.companyName),
  contactPersonName: requiredText(INLINE_MESSAGES.name, MAX_TEXT_LENGTH, FIELD_LABELS.stall.contactPersonName),
  mobileNumber: inlineMobile(),
  email: publicEmail(),
});

export const INLINE_FORM_SCHEMAS = { visitor: inlineVisitorFormSchema, stall: inlineStallFormSchema } as const;

/** One more person on the inline visitor form: a name, and a mobile number of their own if they have one (blank: none). */
export const INLINE_FAMILY_MEMBER_SCHEMA = z.object({
  fullName: requiredText(INLINE_MESSAGES.name, MAX_TEXT_LENGTH, FIELD_LABELS.visitor.fullName),
  mobileNumber: blankAsAbsent(z.string({ error: INLINE_MESSAGES.mobile }).check(z.trim()), inlineMobile()),
});
