import * as z from 'zod/mini';
import { MAX_LONG_TEXT, mobile, optionalEmail, requiredText, statusOf, stringList, text } from './fields';

/** Stalls, sponsors, award nominations and enquiries: their fields and the statuses each may take. */
export const STALL_STATUSES = ['pending', 'confirmed', 'yet_to_confirm', 'not_attending'] as const;
export const SPONSOR_STATUSES = ['pending', 'confirmed', 'yet_to_confirm', 'not_attending'] as const;
export const NOMINATION_STATUSES = ['pending', 'submitted', 'selected', 'not_selected', 'yet_to_decide'] as const;
export const ENQUIRY_STATUSES = ['new', 'in_progress', 'resolved', 'closed', 'pending'] as const;
export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid', 'refunded'] as const;

export const bookkeeping = {
  notes: z.optional(text(MAX_LONG_TEXT)),
  priority: z.optional(z.enum(['low', 'normal', 'high', 'urgent'])),
  tags: z.optional(stringList()),
};

export const address = {
  address: z.optional(text(500)),
  city: z.optional(text()),
  state: z.optional(text()),
  pincode: z.optional(text(12)),
};

/** Enquiries are created by the public site; the panel edits and moves them along. */
export const enquiryUpdateSchema = z.object({
  name: z.optional(requiredText('Name is required')),
  email: z.optional(optionalEmail()),
  mobileNumber: z.optional(mobile('Phone number is required')),
  organization: z.optional(text()),
  subscriptionType: z.optional(text(100)),
  notes: z.optional(text(MAX_LONG_TEXT)),
  status: z.optional(statusOf(ENQUIRY_STATUSES)),
});
