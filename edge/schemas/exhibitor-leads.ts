import * as z from 'zod/mini';
import { text } from '../../shared/schemas/fields';
import { LEAD_OPERATION_KINDS, LEAD_RATINGS } from '../db/tables/exhibitors';
import { deviceReportSchema, deviceSignInSchema, isoTime, operationList, sender, uuid } from './checkin';

/**
 * The exhibitor phones' lead lane (issue 32, decision 083): the door's operation model (docs/checkin-sync.md)
 * with lead operations instead of status changes. The batch's sender (device, name, author ticket, sentAt),
 * the signature and the limits are the door's; a device signs in and reports with the door's bodies.
 */
export const leadDeviceSignInSchema = deviceSignInSchema;
export const leadDeviceReportSchema = deviceReportSchema;

/** A pass code as the pass's QR code carries it (lib/pass-code.ts: 12 of Crockford's base-32 letters), typed in any case. */
const passCode = z
  .string({ error: 'passCode is required' })
  .check(z.trim(), z.toUpperCase(), z.regex(/^[0-9A-HJKMNP-TV-Z]{12}$/, { error: 'This is not a pass code' }));

/**
 * One lead operation, made on the phone (its id a UUID v7, applied once by it):
 * - `scan` {passCode}: the scanned pass (the phone holds no roster: the server finds the visitor). The
 *   lead's id is the first scan's id; a later scan of the same visitor, by any staff, is the same lead.
 * - `rate` {leadId, rating}, `note` {leadId, note}, `follow_up` {leadId, followUps}: `leadId` is the id of
 *   the phone's own scan of that visitor (whichever lead it became); `baseOperationId` the operation that set
 *   the field as the phone last saw it (null: none).
 */
export const leadOperationSchema = z
  .object({
    id: uuid('id'),
    kind: z.enum(LEAD_OPERATION_KINDS, { error: `kind must be one of: ${LEAD_OPERATION_KINDS.join(', ')}` }),
    deviceTime: isoTime('deviceTime'),
    passCode: z.optional(passCode),
    leadId: z.optional(uuid('leadId')),
    baseOperationId: z._default(z.nullable(z.string().check(z.maxLength(100))), null),
    rating: z.optional(z.enum(LEAD_RATINGS, { error: 'rating must be hot, warm or cold' })),
    note: z.optional(text(2000)),
    followUps: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(20, { error: 'At most 20 follow-ups' }))),
  })
  .check(
    z.refine((op) => op.kind !== 'scan' || op.passCode !== undefined, { error: 'A scan carries the scanned passCode', path: ['passCode'] }),
    z.refine((op) => op.kind === 'scan' || op.leadId !== undefined, { error: 'leadId is required', path: ['leadId'] }),
    z.refine((op) => op.kind !== 'rate' || op.rating !== undefined, { error: 'rating must be hot, warm or cold', path: ['rating'] }),
    z.refine((op) => op.kind !== 'note' || op.note !== undefined, { error: 'note is required', path: ['note'] }),
    z.refine((op) => op.kind !== 'follow_up' || op.followUps !== undefined, { error: 'followUps is required', path: ['followUps'] }),
  );
export type LeadOperation = z.output<typeof leadOperationSchema>;

export const leadBatchSchema = z.object({ ...sender, operations: operationList(leadOperationSchema) });

export const LEADS_PAGE_MAX = 500;
export const leadListQuerySchema = z.object({
  page: z._default(z.coerce.number({ error: 'page must be a whole number' }).check(z.int(), z.gte(1), z.lte(100_000)), 1),
  limit: z._default(z.coerce.number({ error: 'limit must be a whole number' }).check(z.int(), z.gte(1), z.lte(LEADS_PAGE_MAX)), 100),
  rating: z.optional(z.enum(LEAD_RATINGS, { error: 'rating must be hot, warm or cold' })),
});

/** The exhibitor's follow-up questions, the whole list at once (a few: at most 10). */
export const leadQuestionsSchema = z.object({
  questions: z
    .array(
      z.object({
        id: z.optional(z.string().check(z.maxLength(100))),
        label: z
          .string({ error: 'Every question needs its words' })
          .check(z.trim(), z.minLength(1, { error: 'Every question needs its words' }), z.maxLength(120)),
      }),
    )
    .check(z.maxLength(10, { error: 'At most 10 follow-up questions' })),
});

export const leadMessageRequestSchema = z.object({
  message: z
    .string({ error: 'Write the message for the organiser to pass on' })
    .check(z.trim(), z.minLength(1, { error: 'Write the message for the organiser to pass on' }), z.maxLength(1000)),
});
