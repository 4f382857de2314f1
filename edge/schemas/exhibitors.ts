import * as z from 'zod/mini';
import { mobile, requiredText } from '../../shared/schemas/fields';

/**
 * The exhibitor portal's inputs (issue 32, decision 081), shared with the PWA's forms: the organiser's
 * invitation, the sign-in by one-time code, and the owner's staff.
 */
const MOBILE_REQUIRED = 'Mobile number is required';
const uuid = (message: string) =>
  z.string({ error: message }).check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: message }));

/** `POST /api/exhibitors`: the confirmed stall or sponsor whose contact is invited (exactly one). */
export const exhibitorInviteSchema = z
  .object({ stallId: z.optional(uuid('stallId must be a record id')), sponsorId: z.optional(uuid('sponsorId must be a record id')) })
  .check(z.refine((v) => Boolean(v.stallId) !== Boolean(v.sponsorId), { error: 'Give either stallId or sponsorId', path: ['stallId'] }));

/** `GET /api/exhibitors?stallId=|sponsorId=`: the exhibitor of one booking, for its record's panel action. */
export const exhibitorOfBookingSchema = z.object({
  stallId: z.optional(uuid('stallId must be a record id')),
  sponsorId: z.optional(uuid('sponsorId must be a record id')),
});

/** `POST /api/exhibitor/sign-in/code`: a code to this number. */
export const signInCodeRequestSchema = z.object({ mobileNumber: mobile(MOBILE_REQUIRED) });

export const SIGN_IN_CODE_MESSAGE = 'Enter the 6-digit code from the message';
/** `POST /api/exhibitor/sign-in`: the number and the code sent to it (the phone is named when it signs in as a device). */
export const signInSchema = z.object({
  mobileNumber: mobile(MOBILE_REQUIRED),
  code: z.string({ error: SIGN_IN_CODE_MESSAGE }).check(z.trim(), z.regex(/^\d{6}$/, { error: SIGN_IN_CODE_MESSAGE })),
});

/** `POST /api/exhibitor/staff`: the owner adds a person, who signs in on their own phone. */
export const exhibitorStaffCreateSchema = z.object({
  name: requiredText('Name is required', 100),
  mobileNumber: mobile(MOBILE_REQUIRED),
});

export type SignInInput = z.input<typeof signInSchema>;
export type ExhibitorStaffInput = z.input<typeof exhibitorStaffCreateSchema>;
