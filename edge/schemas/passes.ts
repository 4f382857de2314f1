import * as z from 'zod/mini';
import { MOBILE_PATTERN } from '../../shared/schemas/vocabulary';
import { CONSENT_PURPOSES } from '../../shared/consent';

/** "Find my pass": the visitor's mobile number or e-mail address, in one field. */
const FIND_PASS_CONTACT_MESSAGE = 'Please enter your mobile number or e-mail address';

export const findPassSchema = z.object({
  contact: z.string({ error: FIND_PASS_CONTACT_MESSAGE }).check(
    z.trim(),
    z.maxLength(254, { error: FIND_PASS_CONTACT_MESSAGE }),
    z.refine((value) => (value.includes('@') ? z.email().safeParse(value).success : MOBILE_PATTERN.test(value.replace(/[\s()-]/g, ''))), {
      error: FIND_PASS_CONTACT_MESSAGE,
    }),
  ),
});

/** A link issued before links were signed: 12 hex digits of its time of issue, then 22 base64url characters (128 random bits). */
export const STORED_PASS_TOKEN_PATTERN = /^[0-9a-f]{12}[A-Za-z0-9_-]{22}$/;
/** A pass link's token: a signed one (52 base64url characters: notifications/pass-link.ts), or a stored one. */
const PASS_TOKEN_PATTERN = /^(?:[A-Za-z0-9_-]{52}|[0-9a-f]{12}[A-Za-z0-9_-]{22})$/;

export const passTokenParamSchema = z.object({ token: z.string().check(z.regex(PASS_TOKEN_PATTERN, { error: 'Pass not found' })) });

export const calendarQuerySchema = z.object({ eventId: z.optional(z.string().check(z.trim(), z.maxLength(100))) });

/** An e-mail confirmation link's token (the same signed shape as a pass link's, under its own key). */
export const CONFIRMATION_NOT_FOUND_MESSAGE = 'This confirmation link is not valid';
export const confirmationTokenParamSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{52}$/, { error: CONFIRMATION_NOT_FOUND_MESSAGE })),
});

/** A person's act on their pass link: give or withdraw one purpose, shown the words of `textVersion`. */
const CONSENT_PURPOSE_MESSAGE = `purpose must be one of: ${CONSENT_PURPOSES.join(', ')}`;
export const consentActSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES, { error: CONSENT_PURPOSE_MESSAGE }),
  given: z.boolean({ error: 'given must be true (give) or false (withdraw)' }),
  textVersion: z.string({ error: 'textVersion is required' }).check(z.trim(), z.minLength(1, { error: 'textVersion is required' }), z.maxLength(100)),
});
