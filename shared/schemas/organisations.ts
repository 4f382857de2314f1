import * as z from 'zod/mini';
import { MAX_LONG_TEXT, stringList, text } from './fields';

/** Stalls, sponsors, award nominations and enquiries: the statuses each may take and the rules they share (their fields: shared/resources/<r>.ts). */
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
