import { Hono } from 'hono';
import { MESSAGES, requireAdmin, requireStaff } from '../auth/require-role';
import type { ResourceShape } from '../resources/describe';
import { nominationDescription } from '../resources/awards';
import { guestDescription } from '../resources/guests';
import { speakerDescription } from '../resources/speakers';
import { sponsorDescription } from '../resources/sponsors';
import { stallDescription } from '../resources/stalls';
import { vipAwardeeDescription } from '../resources/vip-awardees';
import { visitorDescription } from '../resources/visitors';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { messagesOf, requeue } from '../notifications/outbox';
import { passLinkMessages } from '../notifications/pass-link-messages';
import { holderById, isPassHolderKind } from '../notifications/pass-holders';
import { revokeLinksStatement } from '../notifications/pass-link';
import { groupCommit } from '../perf/group-commit';
import { toStatement } from '../db/sql-statement';

/** The resources whose records have passes, and so messages. */
const PEOPLE: readonly ResourceShape<never, string, never, never>[] = [
  visitorDescription,
  stallDescription,
  sponsorDescription,
  nominationDescription,
  guestDescription,
  speakerDescription,
  vipAwardeeDescription,
] as never;
const isPeople = (resource: string) => PEOPLE.some((people) => people.name === resource);
/** Staff read the messages of the people they check in only (decision 051): a stall's or sponsor's are the organisers'. */
const staffReadsMessagesOf = (resource: string) => PEOPLE.some((people) => people.name === resource && people.staff === 'check-in');

const MESSAGE_NOT_FOUND = 'Message not found';
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
 * check in) lists them with
 * status, attempts and last error; `POST /api/<resource>/:id/messages/:messageId/resend` (admins) queues
 * one again.
 */
export const messageRoutes = new Hono<AppEnv>()
  .get('/:resource/:id/messages', requireStaff, async (c) => {
    const { resource, id } = c.req.param();
    if (!isPeople(resource)) return fail(c, 404, 'Not found');
    const admin = c.get('user').role === 'admin';
    if (!admin && !staffReadsMessagesOf(resource)) return fail(c, 403, MESSAGES.forbidden);
    const items = await messagesOf(c.get('deps').db, resource, id);
    return ok(c, { items: admin ? items : items.map((m) => ({ ...m, lastError: staffError(m.lastError) })) });
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
