import * as z from 'zod/mini';
import { WORKING_PROFESSIONAL_CHOICES } from './vocabulary';
import { eventReference, MAX_LONG_TEXT, mobile, optionalEmail, requiredText, showOnSite, statusOf, stringList, text } from './fields';
import { VIP_STATUSES, VISITOR_STATUSES } from '../resources/kinds';

export { VIP_STATUSES, VISITOR_STATUSES };

/** Visitors, guests, speakers and VIP awardees: one field set, each resource adding its own. Their statuses are the registry's (resources/kinds.ts). */
const personFields = {
  fullName: requiredText('Full name is required'),
  mobileNumber: mobile('Phone number is required'),
  email: z.optional(optionalEmail()),
  organizationName: z.optional(text()),
  designation: z.optional(text()),
  address: z.optional(text(500)),
  city: z.optional(text()),
  state: z.optional(text()),
  pincode: z.optional(text(12)),
  eventId: z.optional(eventReference()),
  notes: z.optional(text(MAX_LONG_TEXT)),
  priority: z.optional(z.enum(['low', 'normal', 'high', 'urgent'])),
  tags: z.optional(stringList()),
};

const workingProfessional = z.optional(z.enum(WORKING_PROFESSIONAL_CHOICES));

export const visitorCreateSchema = z.object({
  ...personFields,
  workingProfessional,
  status: z.optional(statusOf(VISITOR_STATUSES)),
});

export const guestCreateSchema = z.object({
  ...personFields,
  status: z.optional(statusOf(VIP_STATUSES)),
  showOnSite,
});

export const speakerCreateSchema = z.object({
  ...personFields,
  title: z.optional(text()),
  bio: z.optional(text(MAX_LONG_TEXT)),
  status: z.optional(statusOf(VIP_STATUSES)),
  showOnSite,
});

/**
 * VIP awardees: event, name, phone and city are required, all with the one message "Please fill in all
 * required fields". Statuses arrive in older spellings ("Not Confirmed", "checked-in", "pending"): spaces
 * and hyphens become underscores, and pending, unknown or empty become `not_confirmed`, before checking.
 */
const VIP_REQUIRED = 'Please fill in all required fields';
export function normaliseVipStatus(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const status = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (VIP_STATUSES as readonly string[]).includes(status) ? status : 'not_confirmed';
}
export const vipAwardeeCreateSchema = z.object({
  ...personFields,
  fullName: requiredText(VIP_REQUIRED),
  mobileNumber: mobile(VIP_REQUIRED),
  city: requiredText(VIP_REQUIRED),
  eventId: z.pipe(eventReference(), z.string().check(z.minLength(1, { error: VIP_REQUIRED }))),
  workingProfessional,
  status: z.optional(z.pipe(z.transform(normaliseVipStatus), statusOf(VIP_STATUSES))),
});
