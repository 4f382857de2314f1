import * as z from 'zod/mini';
import { MAX_LONG_TEXT, text } from '../../shared/schemas/fields';
import { MESSAGE_KINDS } from '../../shared/resources/kinds';

const MAX_RECIPIENT_IDS = 5000;
const filterText = z.optional(z.string().check(z.trim(), z.maxLength(100)));
/** A template value: one line, up to 200 characters; `{name}` is the person's name. */
const templateValue = z.string().check(z.trim(), z.minLength(1, { error: 'Every template value is required' }), z.maxLength(200));

/**
 * `POST /api/messages/groups` and `/preview`: who (a list's selection `ids` of any kind that gets messages, or its `filter` of
 * event and status), on which channel, and what: an e-mail's subject and text; a WhatsApp template's name and
 * its body values in order; an SMS (MSG91, DLT) template's id and its variables by name. `sendAt` schedules it.
 */
export const groupMessageSchema = z
  .object({
    resource: z.enum(MESSAGE_KINDS, { error: `Group messages go to ${MESSAGE_KINDS.join(', ')}` }),
    ids: z.optional(
      z
        .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)), { error: 'ids must be a list of record ids' })
        .check(z.minLength(1, { error: 'Select at least one person' }), z.maxLength(MAX_RECIPIENT_IDS, { error: 'Select at most 5,000 people' })),
    ),
    filter: z.optional(z.object({ eventId: filterText, status: filterText, q: filterText })),
    channel: z.enum(['email', 'whatsapp', 'sms'], { error: 'channel must be one of: email, whatsapp, sms' }),
    subject: z.optional(text(150)),
    body: z.optional(z.string().check(z.trim(), z.maxLength(MAX_LONG_TEXT))),
    template: z.optional(z.string().check(z.trim(), z.maxLength(100), z.regex(/^[A-Za-z0-9_-]*$/, { error: 'Template: letters, digits, _ and -' }))),
    variables: z.optional(
      z.union([z.array(templateValue).check(z.maxLength(20)), z.record(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,29}$/)), templateValue)]),
    ),
    sendAt: z.optional(z.iso.datetime({ offset: true, error: 'sendAt: a date and time (ISO 8601)' })),
  })
  .check(
    z.refine((v) => (v.ids === undefined) !== (v.filter === undefined), { error: 'Send either ids or filter', path: ['ids'] }),
    z.refine((v) => !v.filter?.q, { error: 'A search cannot pick a group message: filter by event and status, or select people', path: ['filter'] }),
    z.refine((v) => v.channel !== 'email' || Boolean(v.subject && v.body), { error: 'An e-mail needs a subject and a text', path: ['body'] }),
    z.refine((v) => v.channel !== 'whatsapp' || (Boolean(v.template) && Array.isArray(v.variables)), {
      error: 'WhatsApp: the approved template’s name and its values in order',
      path: ['template'],
    }),
    z.refine((v) => v.channel !== 'sms' || (Boolean(v.template) && v.variables !== undefined && !Array.isArray(v.variables)), {
      error: 'SMS: the DLT template’s id and its variables by name',
      path: ['template'],
    }),
  );
export type GroupMessageInput = z.output<typeof groupMessageSchema>;
