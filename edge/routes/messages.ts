import { Hono } from 'hono';
import { MESSAGES, requireAdmin, requireStaff } from '../auth/require-role';
import { DESCRIPTIONS } from '../../shared/resources';
import { MESSAGE_KINDS } from '../../shared/resources/kinds';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { messagesOf, paidMessageUsage, requeue } from '../notifications/outbox';
import { channelStates } from '../notifications/channels';
import { groupMessageStatements, previewGroup } from '../notifications/group-messages';
import { groupMessageSchema, type GroupMessageInput } from '../schemas/group-messages';
import { validate } from '../http/validate';
import { cachedMessageGuard } from '../lib/site-settings';
import { passLinkMessages } from '../notifications/pass-link-messages';
import { holderById, isPassHolderKind } from '../notifications/pass-holders';
import { revokeLinksStatement } from '../notifications/pass-link';
import { groupCommit } from '../perf/group-commit';
import { toStatement } from '../db/sql-statement';
import { emailConfirmedOf } from '../notifications/email-confirmations';

/** The resources whose records have passes, and so messages. */
const PEOPLE = MESSAGE_KINDS.map((name) => DESCRIPTIONS[name]);
const isPeople = (resource: string) => PEOPLE.some((people) => people.name === resource);
/** Staff read the messages of the people they check in only (decision 051): a stall's or sponsor's are the organisers'. */
const staffReadsMessagesOf = (resource: string) => PEOPLE.some((people) => people.name === resource && people.staff === 'check-in');

const MESSAGE_NOT_FOUND = 'Message not found';
const SEND_AT_PAST_MESSAGE = 'The time to send at has passed';
const NO_RECIPIENTS_MESSAGE = 'Nobody is in this group';
const GROUP_QUEUED_MESSAGE = 'Message queued for the group';
const GROUP_SCHEDULED_MESSAGE = 'Message scheduled for the group';

/** A group message's audience and content as the notifications module takes them. */
function groupOptions(input: GroupMessageInput) {
  return {
    audience: { resource: input.resource, ids: input.ids, eventId: input.filter?.eventId || undefined, status: input.filter?.status || undefined },
    content: { channel: input.channel, subject: input.subject ?? '', body: input.body ?? '', template: input.template ?? '', variables: input.variables ?? [] },
  };
}
const RESENT_MESSAGE = 'Message queued again';
const REISSUED_MESSAGE = 'New pass link sent; the links sent before no longer open the pass';
const NO_PASS_MESSAGE = 'This record has no pass';

/**
 * What staff see of a failure: our own reasons ("not sent: …", "waiting: …") whole, a provider's only by
 * its kind ("HTTP 400", "SMTP"): its text may name the person's address or number. Admins see it all.
 */
const staffError = (lastError: string) => (/^(?:not sent|waiting):/.test(lastError) ? lastError : lastError.split(':')[0]!);

/**
 * A person's messages in the panel: `GET /api/<resource>/:id/messages` (admins; staff for the people they
 * check in) lists them with status, attempts and last error, and says whether the record's e-mail is confirmed; `POST /api/<resource>/:id/messages/:messageId/resend` (admins) queues
 * one again.
 */
export const messageRoutes = new Hono<AppEnv>()
  /**
   * `POST /api/messages/groups/preview` (admins): how many a group message reaches, how many not and why,
   * the cost estimate, how many the caps let go now, and the message as one recipient would get it.
   */
  .post('/messages/groups/preview', requireAdmin, validate('json', groupMessageSchema), async (c) => {
    const { db, now, messaging } = c.get('deps');
    const input = c.req.valid('json');
    const guard = await cachedMessageGuard(db);
    const usage = await paidMessageUsage(db, guard, now());
    const preview = await previewGroup(db, { ...groupOptions(input), channels: messaging?.channels ?? {}, origin: messaging?.publicOrigin, guard, usage });
    return ok(c, preview);
  })
  /**
   * `POST /api/messages/groups` (admins): queues the message for each recipient, due at `sendAt` (now by
   * default); sent by the outbox within the caps (beyond them, each waits visibly), shown in each person's messages.
   */
  .post('/messages/groups', requireAdmin, validate('json', groupMessageSchema), async (c) => {
    const { db, writeBatch, now, messaging } = c.get('deps');
    const input = c.req.valid('json');
    const at = now();
    const sendAt = input.sendAt ? new Date(input.sendAt) : at;
    if (sendAt.getTime() < at.getTime() - 60_000) return fail(c, 400, SEND_AT_PAST_MESSAGE, { sendAt: SEND_AT_PAST_MESSAGE });
    const guard = await cachedMessageGuard(db);
    const group = await groupMessageStatements(db, {
      ...groupOptions(input),
      channels: messaging?.channels ?? {},
      origin: messaging?.publicOrigin,
      guard,
      sendAt,
      createdBy: c.get('user').id,
      now: at,
    });
    if (group.recipients === 0) return fail(c, 400, NO_RECIPIENTS_MESSAGE);
    await groupCommit(writeBatch, group.statements);
    if (group.queued && sendAt <= at) messaging?.dispatch(c);
    return ok(
      c,
      { id: group.id, recipients: group.recipients, queued: group.queued, sendAt: sendAt.toISOString() },
      sendAt > at ? GROUP_SCHEDULED_MESSAGE : GROUP_QUEUED_MESSAGE,
      201,
    );
  })
  .get('/:resource/:id/messages', requireStaff, async (c) => {
    const { resource, id } = c.req.param();
    if (!isPeople(resource)) return fail(c, 404, 'Not found');
    const admin = c.get('user').role === 'admin';
    if (!admin && !staffReadsMessagesOf(resource)) return fail(c, 403, MESSAGES.forbidden);
    const { db, messaging } = c.get('deps');
    const [items, holder] = await Promise.all([messagesOf(db, resource, id), holderById(db, resource, id)]);
    // The record's e-mail and whether e-mail may go to it (decision 056): the panel says "not confirmed yet".
    const email = holder?.email ? { address: holder.email, confirmed: await emailConfirmedOf(db, { ...holder, email: holder.email }) } : null;
    // Admins resend: they are told which channels send (and why not), so Resend is offered only where it would.
    if (admin) return ok(c, { items, email, channels: channelStates(messaging?.channels ?? {}, messaging?.publicOrigin) });
    return ok(c, { items: items.map((m) => ({ ...m, lastError: staffError(m.lastError) })), email });
  })
  /**
   * `POST /api/<resource>/:id/pass-link` (admins): re-issues the pass by link — every link sent before
   * stops opening it (a forwarded or leaked message), and a new one goes out through the channels.
   */
  .post('/:resource/:id/pass-link', requireAdmin, async (c) => {
    const { resource, id } = c.req.param();
    const { db, writeBatch, now, messaging } = c.get('deps');
    const holder = isPassHolderKind(resource) ? await holderById(db, resource, id) : undefined;
    if (!holder?.eventId) return fail(c, 404, NO_PASS_MESSAGE);
    // Links issued before this instant stop opening; the new one, issued at it, opens.
    const issued = now();
    const messages = await passLinkMessages(c, [{ ...holder, eventId: holder.eventId }], { now: issued });
    await groupCommit(writeBatch, [toStatement(revokeLinksStatement(db, resource, id, issued)), ...messages.statements]);
    if (messages.queued) messaging?.dispatch(c);
    return ok(c, { items: await messagesOf(db, resource, id) }, REISSUED_MESSAGE);
  })
  .post('/:resource/:id/messages/:messageId/resend', requireAdmin, async (c) => {
    const { resource, id, messageId } = c.req.param();
    if (!isPeople(resource)) return fail(c, 404, 'Not found');
    const { db, now, messaging } = c.get('deps');
    if (!(await requeue(db, messaging?.channels ?? {}, resource, id, messageId, now()))) return fail(c, 404, MESSAGE_NOT_FOUND);
    messaging?.dispatch(c);
    return ok(c, { items: await messagesOf(db, resource, id) }, RESENT_MESSAGE);
  });
