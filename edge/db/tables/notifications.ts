import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { idColumn, timestampColumns } from './columns';

/**
 * The outbox of messages to people (e-mail, WhatsApp, SMS): one row per message. A registration inserts
 * its rows in the same commit as the record, so a message is never lost nor sent for a registration that
 * did not happen; a background sender (edge/notifications/dispatcher.ts) sends them afterwards.
 *
 * - `status`: `queued` (waiting or being retried), `sent`, `failed` (gave up after its attempts) or
 *   `not_sent` (no channel configured, or nothing to send it to; `lastError` says which).
 * - `nextAttemptAt`: when a queued row is next due. A sender claims a row by moving this forward (a
 *   conditional UPDATE), so two senders never send one message; a sender that dies mid-send leaves a row
 *   that comes due again when its claim lapses.
 * - `payload`: JSON, what the message carries that its person and event do not say: the site's address its
 *   pass link points at (the link is signed when it is sent: notifications/pass-link.ts; rows queued before
 *   links were signed hold the link itself). The
 *   rest (name, event, date, venue, pass code) is read when it is sent, so a corrected name goes out right.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: idColumn(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    payload: text('payload').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at'),
    lastError: text('last_error').notNull().default(''),
    providerMessageId: text('provider_message_id').notNull().default(''),
    personKind: text('person_kind').notNull(),
    personId: text('person_id').notNull(),
    eventId: text('event_id'),
    sentAt: text('sent_at'),
    ...timestampColumns(),
  },
  (t) => [
    // Only queued rows are looked for by time: sent and not-sent rows stay out of the senders' index. Each
    // channel's lane claims its own rows, so the channel leads: a lane with nothing due finds nothing at
    // once, however many of another channel's messages wait (a flood's WhatsApp backlog made the empty
    // e-mail and SMS claims, run beside every registration's commit, scan it all).
    index('notifications_due_idx').on(t.channel, t.nextAttemptAt).where(sql`status = 'queued'`),
    index('notifications_person_idx').on(t.personId),
  ],
);

/**
 * Pass links issued before links were signed (notifications/pass-link.ts), kept so the links already sent
 * still open their pass; nothing new is written here. A token is its time of issue (12 hex digits of
 * milliseconds) and 128 random bits.
 */
export const passLinks = sqliteTable('pass_links', {
  token: text('token').primaryKey(),
  personKind: text('person_kind').notNull(),
  personId: text('person_id').notNull(),
  createdAt: text('created_at').notNull(),
});

/**
 * Counters of paid messages (WhatsApp, SMS) per window, which the organiser's caps are checked against
 * (notifications/message-guard.ts): the site's per hour and per day, each number's per day, each client
 * network's (/24 or /64) per hour. A sender counts a message when it claims it, in the claim's own
 * transaction, so two senders never both slip under a cap. `windowEnd` lets old windows be removed.
 */
export const messageCounts = sqliteTable('message_counts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowEnd: text('window_end').notNull(),
});

/**
 * Pass links a person's record no longer honours: every link to this pass issued before `revokedBefore`
 * answers "revoked" (an admin re-issued the pass; the new link is sent with it).
 */
export const passLinkRevocations = sqliteTable(
  'pass_link_revocations',
  {
    personKind: text('person_kind').notNull(),
    personId: text('person_id').notNull(),
    revokedBefore: text('revoked_before').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personKind, t.personId] })],
);

/**
 * E-mail addresses a person confirmed (the link of the confirmation message): pass e-mails go only to an
 * address confirmed here, so a public form cannot make the organiser mail whoever the sender typed
 * (decision 056). One row per person and address; the first confirmation is kept.
 */
export const emailConfirmations = sqliteTable(
  'email_confirmations',
  {
    personKind: text('person_kind').notNull(),
    personId: text('person_id').notNull(),
    email: text('email').notNull(),
    confirmedAt: text('confirmed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personKind, t.personId, t.email] })],
);

/**
 * A message an admin sent to a group (a list's filter or selection, up to 5,000 people): what it says, once;
 * each recipient's delivery is a `notifications` row (template `group`, payload naming this row), sent by
 * the same outbox within the same caps. E-mail: `subject` and `body` (free text, `{name}` for the person's
 * name). WhatsApp: `template` is the approved template's name and `variables` its body values. SMS: `template`
 * is the DLT-registered MSG91 template's id and `variables` its variables by name.
 */
export const groupMessages = sqliteTable('group_messages', {
  id: idColumn(),
  resource: text('resource').notNull(),
  channel: text('channel').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull().default(''),
  template: text('template').notNull().default(''),
  /** JSON: an array of values (WhatsApp) or an object of variables by name (SMS); `{name}` in any is the person's. */
  variables: text('variables').notNull().default('[]'),
  recipients: integer('recipients').notNull(),
  sendAt: text('send_at').notNull(),
  createdBy: text('created_by').notNull(),
  ...timestampColumns(),
});

/** Addresses (e-mail, lower-case; numbers, E.164) that asked for no more group messages (unsubscribe link, STOP). */
export const messageOptOuts = sqliteTable('message_opt_outs', {
  recipient: text('recipient').primaryKey(),
  createdAt: text('created_at').notNull(),
});
