import * as z from 'zod/mini';

/** `GET /api/<resource>/duplicates?eventId=`: one event's possible duplicates, or every event's. */
export const duplicatesQuerySchema = z.object({ eventId: z.optional(z.string().check(z.trim(), z.maxLength(100))) });

const recordId = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }), z.maxLength(100));

/** `POST /api/<resource>/duplicates/merge`: the record that stays and the one merged into it. */
export const mergeSchema = z
  .object({
    survivorId: recordId('Choose the record to keep'),
    mergedId: recordId('Choose the record to merge into it'),
  })
  .check(z.refine((v) => v.survivorId !== v.mergedId, { error: 'Choose two different records', path: ['mergedId'] }));
