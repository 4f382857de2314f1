import * as z from 'zod/mini';
import { CONSENT_NOTICES, UNKNOWN_CONSENT_MESSAGE } from '../../shared/consent';
import { toCanonicalMobile } from '../../shared/schemas/fields';
import { indianMobileDigits } from '../../shared/schemas/mobile-number';
import {
  FIELD_LABELS,
  INLINE_MESSAGES,
  INVALID_CHARACTERS_MESSAGE,
  isPlainText,
  MAX_FAMILY_MEMBERS,
  MAX_ID_LENGTH,
  MAX_TEXT_LENGTH,
  MOBILE_MESSAGE,
  MOBILE_PATTERN,
  normaliseMobile,
  REGISTRATION_DEFAULTS,
  requiredMessage,
  WORKING_PROFESSIONAL_CHOICES,
} from '../../shared/schemas/vocabulary';

/**
 * The five public submissions (visitor, stall, award nomination, sponsor, enquiry): their fields, rules
 * and messages, shared by the API and the PWA's forms. Mobile numbers are stored in their canonical E.164
 * form (fields.ts, mobile-number.ts).
 *
 * Three sets of schemas, because the API and the forms differ on purpose: the popup enforces every
 * required field of its type ("{label} is required"), while the API applies defaults to absent optional
 * fields (workingProfessional "Others", organizationName and city "Not specified", subscriptionType
 * "General Enquiry"); the inline visitor and stall forms have messages of their own and take an Indian
 * mobile number, sent as its 10 digits. `*RegistrationSchema` is what the API accepts, `*FormSchema` what
 * the popup checks and `inline*FormSchema` what the inline forms check; a form sends its schema's output.
 */

/** Non-blank after trimming, `required` ("{label} is required" by default) otherwise (also when absent or not text). */
function requiredText(label: string, required = requiredMessage(label)) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${label} must be text`) })
    .check(
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(MAX_TEXT_LENGTH, { error: `${label} must be at most ${MAX_TEXT_LENGTH} characters` }),
      plainText(label),
    );
}

/** Names and other short text: no control characters, no half surrogate pairs (vocabulary.ts). */
const plainText = (label: string) => z.refine<string>((v) => isPlainText(v), { error: `${label} ${INVALID_CHARACTERS_MESSAGE}` });

/**
 * A required mobile number: blank → "{label} is required"; otherwise the popup's rule (an optional + and 10 to
 * 15 digits, spaces, dashes and brackets aside), stored in its canonical E.164 form (mobile-number.ts).
 */
function requiredMobile(label: string) {
  const required = requiredMessage(label);
  return z.pipe(
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : MOBILE_MESSAGE) })
      .check(
        z.trim(),
        z.minLength(1, { error: required }),
        z.maxLength(MAX_TEXT_LENGTH, { error: MOBILE_MESSAGE }),
        z.overwrite(normaliseMobile),
        z.regex(MOBILE_PATTERN, { error: MOBILE_MESSAGE }),
      ),
    toCanonicalMobile,
  );
}

/** Optional text: absent, null or blank becomes `fallback`. */
function textWithDefault(label: string, fallback: string) {
  return z.pipe(
    z.optional(
      z.nullable(
        z
          .string({ error: `${label} must be text` })
          .check(z.trim(), z.maxLength(MAX_TEXT_LENGTH, { error: `${label} must be at most ${MAX_TEXT_LENGTH} characters` }), plainText(label)),
      ),
    ),
    z.transform((value: string | null | undefined) => value || fallback),
  );
}

const workingProfessionalMessage = `Professional Type must be one of: ${WORKING_PROFESSIONAL_CHOICES.join(', ')}`;
const workingProfessionalChoice = z.enum(WORKING_PROFESSIONAL_CHOICES, { error: workingProfessionalMessage });

/** Fields every public submission may carry. Blank ids count as absent (forms send "" for "none"). */
const optionalId = (label: string) =>
  z.pipe(
    z.optional(
      z.nullable(
        z
          .string({ error: `${label} must be text` })
          .check(z.trim(), z.maxLength(MAX_ID_LENGTH, { error: `${label} must be at most ${MAX_ID_LENGTH} characters` }), plainText(label)),
      ),
    ),
    z.transform((value: string | null | undefined) => value || undefined),
  );

const KNOWN_CONSENT_VERSIONS: readonly string[] = Object.values(CONSENT_NOTICES).flatMap((notice) => notice.versions);
/** The version of the consent line the person saw above the form's button (shared/consent.ts); absent: none shown. */
const consentVersion = z.optional(
  z.string({ error: UNKNOWN_CONSENT_MESSAGE }).check(z.refine((version) => KNOWN_CONSENT_VERSIONS.includes(version), { error: UNKNOWN_CONSENT_MESSAGE })),
);

const submissionFields = {
  eventId: optionalId('eventId'),
  uniqueSubmissionId: optionalId('uniqueSubmissionId'),
  consentVersion,
};

const EMAIL_MESSAGE = 'Please enter a valid e-mail address';

/** An optional e-mail address (the pass is e-mailed there too); blank counts as absent. */
const optionalEmail = z.pipe(
  z.optional(z.nullable(z.string({ error: EMAIL_MESSAGE }).check(z.trim(), z.maxLength(254, { error: EMAIL_MESSAGE })))),
  z.pipe(
    z.transform((value: string | null | undefined) => value || undefined),
    z.optional(z.string().check(z.email({ error: EMAIL_MESSAGE }))),
  ),
);

/** An optional mobile number: blank counts as absent; otherwise the rule of a required one. */
const optionalMobile = (label: string) =>
  z.pipe(
    z.optional(z.nullable(z.string({ error: MOBILE_MESSAGE }).check(z.trim()))),
    z.pipe(
      z.transform((value: string | null | undefined) => value || undefined),
      z.optional(requiredMobile(label)),
    ),
  );

export { MAX_FAMILY_MEMBERS };
const FAMILY_LIMIT_MESSAGE = `At most ${MAX_FAMILY_MEMBERS} more people can register with you`;

const familyMemberSchema = z.object({
  fullName: requiredText(FIELD_LABELS.visitor.fullName),
  mobileNumber: optionalMobile(FIELD_LABELS.visitor.mobileNumber),
});

// ---- API schemas (what the server accepts; unknown fields such as status or createdAt are stripped) ----

export const visitorRegistrationSchema = z.object({
  fullName: requiredText(FIELD_LABELS.visitor.fullName),
  mobileNumber: requiredMobile(FIELD_LABELS.visitor.mobileNumber),
  workingProfessional: z.pipe(textWithDefault(FIELD_LABELS.visitor.workingProfessional, REGISTRATION_DEFAULTS.workingProfessional), workingProfessionalChoice),
  organizationName: textWithDefault(FIELD_LABELS.visitor.organizationName, REGISTRATION_DEFAULTS.organizationName),
  city: textWithDefault(FIELD_LABELS.visitor.city, REGISTRATION_DEFAULTS.city),
  email: optionalEmail,
  /** The people registering with this visitor (name, optional mobile number). */
  family: z.optional(
    z.array(familyMemberSchema, { error: 'family must be a list of people' }).check(z.maxLength(MAX_FAMILY_MEMBERS, { error: FAMILY_LIMIT_MESSAGE })),
  ),
  ...submissionFields,
});

export const stallRegistrationSchema = z.object({
  companyName: requiredText(FIELD_LABELS.stall.companyName),
  contactPersonName: requiredText(FIELD_LABELS.stall.contactPersonName),
  mobileNumber: requiredMobile(FIELD_LABELS.stall.mobileNumber),
  email: optionalEmail,
  ...submissionFields,
});

export const awardRegistrationSchema = z.object({
  nomineeName: requiredText(FIELD_LABELS.awards.nomineeName),
  mobile: requiredMobile(FIELD_LABELS.awards.mobile),
  organization: requiredText(FIELD_LABELS.awards.organization),
  // One of the organiser's categories when there are any (checked by the route against Settings).
  category: textWithDefault(FIELD_LABELS.awards.category, ''),
  email: optionalEmail,
  ...submissionFields,
});

export const sponsorRegistrationSchema = z.object({
  organization: requiredText(FIELD_LABELS.sponsor.organization),
  name: requiredText(FIELD_LABELS.sponsor.name),
  mobile: requiredMobile(FIELD_LABELS.sponsor.mobile),
  email: optionalEmail,
  ...submissionFields,
});

export const enquirySchema = z.object({
  name: requiredText(FIELD_LABELS.enquiry.name),
  mobile: requiredMobile(FIELD_LABELS.enquiry.mobile),
  // Optional and without a default value: blank stays blank (the column's default is '').
  organization: textWithDefault(FIELD_LABELS.enquiry.organization, ''),
  subscriptionType: textWithDefault(FIELD_LABELS.enquiry.subscriptionType, REGISTRATION_DEFAULTS.subscriptionType),
  email: optionalEmail,
  ...submissionFields,
});

/**
 * "Tell me about the next edition" on an ended event: a name, a number and an optional e-mail, kept with the
 * person's consent for that purpose, which this request is: its consent version is required.
 */
export const nextEditionSchema = z.object({
  name: requiredText(FIELD_LABELS.enquiry.name),
  mobile: requiredMobile(FIELD_LABELS.enquiry.mobile),
  email: optionalEmail,
  ...submissionFields,
  consentVersion: z
    .string({ error: UNKNOWN_CONSENT_MESSAGE })
    .check(z.refine((version) => KNOWN_CONSENT_VERSIONS.includes(version), { error: UNKNOWN_CONSENT_MESSAGE })),
});

// ---- Popup form schemas (every required field non-blank after trimming; the API's defaults do not apply) ----

/** Optional text; blank is left out of the body, so the API applies its default. */
function optionalText(label: string) {
  return z.pipe(
    z.optional(
      z
        .string({ error: `${label} must be text` })
        .check(z.trim(), z.maxLength(MAX_TEXT_LENGTH, { error: `${label} must be at most ${MAX_TEXT_LENGTH} characters` }), plainText(label)),
    ),
    z.transform((value: string | undefined) => value || undefined),
  );
}

const visitorFormSchema = z.object({
  ...visitorRegistrationSchema.def.shape,
  workingProfessional: z.pipe(requiredText(FIELD_LABELS.visitor.workingProfessional), workingProfessionalChoice),
  organizationName: optionalText(FIELD_LABELS.visitor.organizationName),
  city: requiredText(FIELD_LABELS.visitor.city),
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
  subscriptionType: requiredText(FIELD_LABELS.enquiry.subscriptionType),
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

/**
 * An Indian mobile number in any spelling ("98765 43210", "+91 98765 43210", "098765 43210"), sent as its
 * 10 digits; anything else "Valid 10-digit mobile number is required". Nothing is cut: a longer number is refused.
 */
const inlineMobile = z.pipe(
  z.string({ error: INLINE_MESSAGES.mobile }),
  z.transform((value: string, ctx) => {
    const digits = indianMobileDigits(value.trim());
    if (digits) return digits;
    ctx.issues.push({ code: 'custom', message: INLINE_MESSAGES.mobile, input: value });
    return z.NEVER;
  }),
);

const inlineVisitorFormSchema = z.object({
  fullName: requiredText(FIELD_LABELS.visitor.fullName, INLINE_MESSAGES.name),
  mobileNumber: inlineMobile,
  workingProfessional: z.optional(workingProfessionalChoice),
  organizationName: optionalText(FIELD_LABELS.visitor.organizationName),
  city: requiredText(FIELD_LABELS.visitor.city, INLINE_MESSAGES.city),
  email: optionalEmail,
});

const inlineStallFormSchema = z.object({
  companyName: requiredText(FIELD_LABELS.stall.companyName, INLINE_MESSAGES.organization),
  contactPersonName: requiredText(FIELD_LABELS.stall.contactPersonName, INLINE_MESSAGES.name),
  mobileNumber: inlineMobile,
  email: optionalEmail,
});

export const INLINE_FORM_SCHEMAS = { visitor: inlineVisitorFormSchema, stall: inlineStallFormSchema } as const;

/** One more person on the inline visitor form: a name, and a mobile number of their own if they have one (blank: none). */
export const INLINE_FAMILY_MEMBER_SCHEMA = z.object({
  fullName: requiredText(FIELD_LABELS.visitor.fullName, INLINE_MESSAGES.name),
  mobileNumber: z.pipe(
    z.optional(z.string({ error: INLINE_MESSAGES.mobile }).check(z.trim())),
    z.pipe(
      z.transform((value: string | undefined) => value || undefined),
      z.optional(inlineMobile),
    ),
  ),
});
