import * as z from 'zod/mini';
import { MAX_LONG_TEXT, text } from '../../shared/schemas/fields';

/**
 * `PUT /api/<resource>/:id/status`: a status straight from a list row, the enquiry panel or the venue
 * door. The status is checked against the resource's own set by the route; `If-Match: <updatedAt>`
 * refuses a change made on a row that has changed since.
 */
export const statusChangeSchema = z.object({
  status: z.string({ error: 'Please select a status' }).check(z.trim(), z.minLength(1, { error: 'Please select a status' }), z.maxLength(60)),
  notes: z.optional(text(MAX_LONG_TEXT)),
});
