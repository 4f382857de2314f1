import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { type SqlStatement, toStatement } from '../db/sql-statement';
import { groupMessages, messageOptOuts, notifications } from '../db/tables/notifications';
import { uuidv7 } from '../lib/uuid-v7';
import type { Channels, RenderedMessage } from './channels';
import { NOT_CONFIGURED } from './channels';
import { isPaidChannel, type MessageGuard, paidRecipientRefusal } from './message-guard';
import { type Channel, escapeHtml, messageName, messageText } from './messages';
import { NO_PUBLIC_ORIGIN } from './outbox';
import { confirmedEmails } from './email-confirmations';
import { type FoundHolder, holdersWhere } from './pass-holders';
import type { MessageKind } from '../../shared/resources/kinds';
import { passLinkToken } from './pass-link';
import { e164Mobile } from './recipient';

/**
 * Messages to groups (issue 27): an admin picks people from a list (its filter, or a selection), writes an
 * e-mail or fills an approved WhatsApp/SMS template, previews it for one of them, sees the count and the
 * cost against the caps, and sends it now or at a time. The text is stored once (`group_messages`); each
 * recipient gets an outbox row (template `group`), sent by the same lanes within the same caps, shown in
 * their messages. People who opted out (`message_opt_outs`: the unsubscribe link, STOP) get none.
 */
export const MAX_GROUP_RECIPIENTS = 5_000;
export const OPTED_OUT = 'not sent: opted out of group messages';
/** A group e-mail goes only to an address its owner confirmed or an organiser entered (decision 056). */
export const NOT_CONFIRMED = 'not sent: e-mail address not confirmed';
/** The placeholder of the person's name (cleaned for messages) in a group message's text or values. */
const NAME = /\{name\}/g;

/**
 * What one paid message costs, for the composer's estimate (INR, before taxes): Meta's utility-template
 * rate for India and a typical DLT transactional SMS. The organiser's own contract decides the real bill.
 */
export const COST_ESTIMATE_INR: Record<Channel, number> = { email: 0, whatsapp: 0.115, sms: 0.25 };

export interface GroupMessageContent {
  channel: Channel;
  subject: string;
  body: string;
  template: string;
  /** WhatsApp: the body's values in order; SMS: the variables by name. */
  variables: string[] | Record<string, string>;
}

/** The unsubscribe link of a group e-mail (its person, the row's time of issue), under a key of its own. */
export const unsubscribeToken = (secret: string, kind: string, id: string, issuedAt: Date) => passLinkToken(secret, kind, id, issuedAt, 'unsubscribe');

/** A group message written for one person, as its channel sends it; `{name}` is their name cleaned for messages. */
export function renderGroupMessage(content: GroupMessageContent, name: string, unsubscribeUrl: string): RenderedMessage {
  const cleanName = messageName(name);
  const fill = (text: string) => text.replace(NAME, cleanName);
  if (content.channel === 'email') {
    const text = `${fill(content.body)}\n\n--\nTo receive no more of these messages: ${unsubscribeUrl}`;
    const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${fill(content.body)
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join('')}<p style="font-size:small"><a href="${escapeHtml(unsubscribeUrl)}">Receive no more of these messages</a></p></body></html>`;
    return { channel: 'email', mail: { subject: messageText(fill(content.subject), 150), text, html, attachments: [] } };
  }
  if (content.channel === 'whatsapp') {
    // Each value one line, as Meta requires of a template's text parameter.
    const values = Array.isArray(content.variables) ? content.variables : Object.values(content.variables);
    return { channel: 'whatsapp', template: content.template, parameters: values.map((value) => messageText(fill(value), 200) || '-') };
  }
  const variables = Array.isArray(content.variables) ? Object.fromEntries(content.variables.map((v, i) => [`var${i + 1}`, v])) : content.variables;
  // DLT: each variable at most 30 characters.
  return {
    channel: 'sms',
    templateId: content.template,
    variables: Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, messageText(fill(value), 30) || '-'])),
  };
}

export interface GroupAudience {
  /** Any kind that gets messages (shared/resources/kinds.ts MESSAGE_KINDS): visitors, guests, speakers, VIP awardees, stalls, awards, sponsors. */
  resource: MessageKind;
  ids?: string[];
  eventId?: string;
  status?: string;
}

/** The people a group message goes to: the selection, or everyone the filter finds (one more than the maximum, to tell). */
export function audienceOf(db: Database, audience: GroupAudience): Promise<FoundHolder[]> {
  return holdersWhere(
    db,
    audience.resource,
    (c) => {
      const conditions: SQL[] = [];
      if (audience.ids?.length) conditions.push(inArray(c.id, audience.ids));
      if (audience.eventId) conditions.push(eq(c.eventId, audience.eventId));
      if (audience.status) conditions.push(eq(c.status, audience.status));
      return conditions.length ? and(...conditions) : undefined;
    },
    MAX_GROUP_RECIPIENTS + 1,
  );
}

/** Who a group message is for, and how it reaches it. */
interface GroupTarget {
  audience: GroupAudience;
  content: GroupMessageContent;
  channels: Channels;
  origin: string | undefined;
  guard: MessageGuard;
}

/**
 * The audience (`found`: how many the selection or filter finds, one over the maximum at most) and, for the
 * first 5,000, each one's address on the channel and why none goes where one cannot.
 */
async function deliveries(db: Database, { audience, content, channels, origin, guard }: GroupTarget) {
  const found = await audienceOf(db, audience);
  const people = found.slice(0, MAX_GROUP_RECIPIENTS);
  const { channel } = content;
  const addresses = people.map((person) => (channel === 'email' ? (person.email ?? '').trim().toLowerCase() : (e164Mobile(person.mobileNumber) ?? '')));
  const isConfirmed = channel === 'email' ? await confirmedEmails(db, people) : () => true;
  const optedOut = await optedOutAmong(db, addresses);
  const rows = people.map((person, i) => {
    const address = addresses[i]!;
    let reason = '';
    if (!channels[channel]) reason = NOT_CONFIGURED;
    else if (!origin) reason = NO_PUBLIC_ORIGIN;
    else if (!address) reason = channel === 'email' ? 'not sent: no e-mail address' : 'not sent: no valid mobile number';
    else if (optedOut.has(address)) reason = OPTED_OUT;
    else if (channel === 'email' && !person.enteredByOrganiser && !isConfirmed(person.kind, person.id, address)) reason = NOT_CONFIRMED;
    else if (isPaidChannel(channel)) reason = paidRecipientRefusal(address, guard) ?? '';
    return { person, address: address || person.mobileNumber, reason };
  });
  return { found: found.length, rows };
}

/** What the composer shows before sending: how many, how many not, the cost, the room left under the caps. */
export async function previewGroup(db: Database, options: GroupTarget & { usage: { thisHour: number; today: number } }) {
  const { found, rows } = await deliveries(db, options);
  const sending = rows.filter((row) => !row.reason).length;
  const paid = isPaidChannel(options.content.channel);
  const roomNow = paid ? Math.max(0, Math.min(options.guard.paidPerHour - options.usage.thisHour, options.guard.paidPerDay - options.usage.today)) : sending;
  const notSent: Record<string, number> = {};
  for (const row of rows) if (row.reason) notSent[row.reason] = (notSent[row.reason] ?? 0) + 1;
  const sample = rows.find((row) => !row.reason) ?? rows[0];
  return {
    count: Math.min(found, MAX_GROUP_RECIPIENTS),
    tooMany: found > MAX_GROUP_RECIPIENTS,
    sending,
    notSent,
    paid,
    estimatedCostInr: Math.round(sending * COST_ESTIMATE_INR[options.content.channel] * 100) / 100,
    /** Paid messages the caps let go in this hour; the rest wait, visibly, for the next windows. */
    withinCapsNow: Math.min(sending, roomNow),
    waitingForCaps: Math.max(0, sending - roomNow),
    sample: sample
      ? {
          name: sample.person.name,
          recipient: sample.address,
          message: renderGroupMessage(options.content, sample.person.name, `${options.origin ?? ''}/unsubscribe/…`),
        }
      : null,
  };
}

/**
 * The statements that store a group message and queue it for each recipient, due at `sendAt` (now, or the
 * time it is scheduled for). Rows are written 200 to a statement.
 */
export async function groupMessageStatements(
  db: Database,
  options: GroupTarget & { sendAt: Date; createdBy: string; now: Date },
): Promise<{ id: string; statements: SqlStatement[]; queued: number; recipients: number }> {
  const { content, now } = options;
  const { rows } = await deliveries(db, options);
  const id = uuidv7();
  const at = now.toISOString();
  const sendAt = options.sendAt.toISOString();
  const payload = JSON.stringify({ origin: options.origin ?? '', group: id });
  const scheduled = options.sendAt.getTime() > now.getTime() ? `waiting: scheduled for ${sendAt}` : '';
  const statements: SqlStatement[] = [
    toStatement(
      db.insert(groupMessages).values({
        id,
        resource: options.audience.resource,
        channel: content.channel,
        subject: content.subject,
        body: content.body,
        template: content.template,
        variables: JSON.stringify(content.variables),
        recipients: rows.length,
        sendAt,
        createdBy: options.createdBy,
        createdAt: at,
        updatedAt: at,
      }),
    ),
  ];
  for (let i = 0; i < rows.length; i += 200) {
    statements.push(
      toStatement(
        db.insert(notifications).values(
          rows.slice(i, i + 200).map(({ person, address, reason }) => ({
            id: uuidv7(),
            channel: content.channel,
            recipient: address,
            template: 'group',
            payload,
            status: reason ? 'not_sent' : 'queued',
            nextAttemptAt: reason ? null : sendAt,
            // A later time says so ("waiting: …" also keeps it from being taken for a clock stepped back: outbox.ts DUE_NOW).
            lastError: reason || scheduled,
            personKind: person.kind,
            personId: person.id,
            eventId: person.eventId,
            createdAt: at,
            updatedAt: at,
          })),
        ),
      ),
    );
  }
  return { id, statements, queued: rows.filter((row) => !row.reason).length, recipients: rows.length };
}

/** The stored content of group messages (never changed once stored: kept for the last few read). */
const contents = new Map<string, GroupMessageContent>();
export async function groupContent(db: Database, id: string): Promise<GroupMessageContent | undefined> {
  const hit = contents.get(id);
  if (hit) return hit;
  const [row] = await db.select().from(groupMessages).where(eq(groupMessages.id, id)).limit(1);
  if (!row) return undefined;
  const content = { channel: row.channel as Channel, subject: row.subject, body: row.body, template: row.template, variables: JSON.parse(row.variables) };
  if (contents.size >= 50) contents.delete(contents.keys().next().value!);
  contents.set(id, content);
  return content;
}

/**
 * Which of these addresses (e-mails, lower-case, or E.164 numbers) opted out: read 500 to a query, once for a
 * group's audience and again, per round of the sender, when its messages go (an opt-out may have come since).
 */
export async function optedOutAmong(db: Database, addresses: readonly string[]): Promise<Set<string>> {
  const optedOut = new Set<string>();
  const known = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  for (let i = 0; i < known.length; i += 500) {
    const rows = await db
      .select({ recipient: messageOptOuts.recipient })
      .from(messageOptOuts)
      .where(inArray(messageOptOuts.recipient, known.slice(i, i + 500)));
    for (const row of rows) optedOut.add(row.recipient);
  }
  return optedOut;
}

/** Opts out one address (an e-mail, lower-case, or an E.164 number): its group messages still waiting are not sent. */
export function optOutAddressStatements(db: Database, recipient: string, now: Date): SqlStatement[] {
  const at = now.toISOString();
  return [
    toStatement(db.insert(messageOptOuts).values({ recipient, createdAt: at }).onConflictDoNothing()),
    toStatement(
      db
        .update(notifications)
        .set({ status: 'not_sent', nextAttemptAt: null, lastError: OPTED_OUT, updatedAt: at })
        .where(and(eq(notifications.recipient, recipient), eq(notifications.template, 'group'), eq(notifications.status, 'queued'))),
    ),
  ];
}

/** Opts out every address of a person (their e-mail and mobile): no more group messages to either. */
export function optOutStatements(db: Database, person: FoundHolder, now: Date): SqlStatement[] {
  const addresses = [(person.email ?? '').trim().toLowerCase(), e164Mobile(person.mobileNumber) ?? ''].filter(Boolean);
  return addresses.flatMap((recipient) => optOutAddressStatements(db, recipient, now));
}

/** What a person writes back to stop group messages (WhatsApp's and India's usual words). */
export const isStopWord = (text: string) => /^\s*(?:stop|unsubscribe|stop all|optout|opt out|cancel)\s*[.!]*\s*$/i.test(text);

/**
 * The replies a provider forwarded (WhatsApp's webhook, MSG91's inbound SMS): each number (E.164) whose
 * reply is a stop word is opted out, as the unsubscribe link does. Answers the statements and how many numbers.
 */
export function stopReplyStatements(db: Database, replies: Array<{ number: string | null | undefined; text: string }>, now: Date) {
  const stops = new Set(replies.filter((reply) => reply.number && isStopWord(reply.text)).map((reply) => reply.number!));
  return { optedOut: stops.size, statements: [...stops].flatMap((number) => optOutAddressStatements(db, number, now)) };
}
