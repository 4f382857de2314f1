import * as z from 'zod/mini';
import { ANSWER_FILTER_MESSAGE, ANSWER_FILTER_PATTERN } from '../../shared/registration-questions';

/** Records one bulk request may name by id (a page of the list is at most 100; a selection across pages stays well under this). */
const MAX_BULK_IDS = 1000;

const filterText = z.optional(z.string().check(z.trim(), z.maxLength(100)));

/**
 * `POST /api/<resource>/bulk`: one action on the records named by `ids`, or on every record matching
 * `filter` (the list's own event, status, search and answers filter). Exactly one of the two.
 */
export const bulkActionSchema = z
  .object({
    action: z.enum(['status', 'delete'], { error: 'action must be one of: status, delete' }),
    status: z.optional(z.string().check(z.trim(), z.minLength(1, { error: 'Please select a status' }), z.maxLength(60))),
    ids: z.optional(
      z
        .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)), { error: 'ids must be a list of record ids' })
        .check(
          z.minLength(1, { error: 'Select at least one record' }),
          z.maxLength(MAX_BULK_IDS, { error: `Select at most ${MAX_BULK_IDS} records, or act on the whole filter` }),
        ),
    ),
    filter: z.optional(
      z.object({
        eventId: filterText,
        status: z.optional(z.string().check(z.trim(), z.maxLength(60))),
        q: filterText,
        answer: z.optional(z.string().check(z.trim(), z.maxLength(820), z.regex(ANSWER_FILTER_PATTERN, { error: ANSWER_FILTER_MESSAGE }))),
      }),
    ),
  })
  .check(
    z.refine((v) => (v.ids === undefined) !== (v.filter === undefined), { error: 'Send either ids or filter', path: ['ids'] }),
    z.refine((v) => v.action !== 'status' || v.status !== undefined, { error: 'Please select a status', path: ['status'] }),
  );
