import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../db/database';
import { insertStatement, type SqlStatement } from '../db/sql-statement';
import { notifications, passLinks } from '../db/tables/notifications';
import type { AppEnv } from '../env';
import type { PublicEvent } from '../lib/events';
import { randomBytes } from '../lib/random-bytes';
import { sha256Hex } from '../lib/sha256';
import { uuidv7 } from '../lib/uuid-v7';
import { type Channels, NOT_CONFIGURED } from './channels';
import type { Channel, MessageTemplate, PassMessage } from './messages';
import { e164Mobile } from './recipient';

/** Who a pass belongs to: the resource (`visitors`, `stalls`, ...) and the record's id. */
export interface PassHolder {
  kind: string;
  id: string;
  name: string;
  typeLabel: string;
  mobileNumber: string;
  email?: string | null;
  passCode: string;
}

/** A pass link's token: 128 random bits, base64url (22 characters). Only its SHA-256 is stored. */
export function newPassToken(): string {
  let binary = '';
  for (const byte of randomBytes(16)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const passTokenHash = (token: string) => sha256Hex(`pass-link:${token}`);

/** The site's address that links point at: PUBLIC_ORIGIN, else the address this request came to. */
export function publicOrigin(c: Context<AppEnv>): string {
  return c.var.deps.messaging?.publicOrigin || new URL(c.req.url).origin;
}

const NO_ADDRESS: Record<Channel, string> = {
  email: 'not sent: no e-mail address',
  whatsapp: 'not sent: no valid mobile number',
  sms: 'not sent: no valid mobile number',
};

/**
 * The statements that give `holder` a new pass link and queue its messages on every channel: one row
 * per channel, `queued` where the channel is configured and the person has an address on it, else
 * `not_sent` with the reason. Committed by the caller with the registration itself.
 */
export function passMessageStatements(
  db: Database,
  options: { holder: PassHolder; event: PublicEvent; template: MessageTemplate; channels: Channels; origin: string; now: Date },
): { statements: SqlStatement[]; queued: number } {
  const { holder, event, template, channels, origin, now } = options;
  const at = now.toISOString();
  const token = newPassToken();
  const payload: PassMessage = {
    name: holder.name,
    typeLabel: holder.typeLabel,
    eventId: event.id,
    eventName: event.eventName,
    startDateTime: event.startDateTime,
    endDateTime: event.endDateTime,
    venue: event.venue,
    city: event.city,
    passCode: holder.passCode,
    passUrl: `${origin}/p/${token}`,
    origin,
  };
  const payloadText = JSON.stringify(payload);
  const statements: SqlStatement[] = [
    insertStatement(db, passLinks, { tokenHash: passTokenHash(token), personKind: holder.kind, personId: holder.id, createdAt: at }),
  ];
  const mobile = e164Mobile(holder.mobileNumber);
  const email = holder.email?.trim() || '';
  const addresses: Array<[Channel, string]> = [
    // No e-mail address, no e-mail row: the public forms do not ask for one.
    ...(email ? [['email', email] as [Channel, string]] : []),
    ['whatsapp', mobile ?? holder.mobileNumber],
    ['sms', mobile ?? holder.mobileNumber],
  ];
  let queued = 0;
  for (const [channel, recipient] of addresses) {
    const reason = !channels[channel] ? NOT_CONFIGURED : channel !== 'email' && !mobile ? NO_ADDRESS[channel] : '';
    if (!reason) queued++;
    statements.push(
      insertStatement(db, notifications, {
        id: uuidv7(),
        channel,
        recipient,
        template,
        payload: payloadText,
        status: reason ? 'not_sent' : 'queued',
        nextAttemptAt: reason ? null : at,
        lastError: reason,
        personKind: holder.kind,
        personId: holder.id,
        eventId: event.id,
        createdAt: at,
        updatedAt: at,
      }),
    );
  }
  return { statements, queued };
}

/** How long a sender holds a claimed message before another may take it (a sender that died mid-send). */
export const CLAIM_MS = 2 * 60_000;
/** Attempts before a message is given up as `failed`. */
export const MAX_ATTEMPTS = 6;
/** Back-off after a failed attempt n (1-based): 30 s, 1, 2, 4, 8 minutes. */
export const retryDelayMs = (attempt: number) => 30_000 * 2 ** Math.max(0, attempt - 1);

export type OutboxRow = typeof notifications.$inferSelect;

/**
 * Claims up to `limit` due messages for this sender: one conditional UPDATE moves their next attempt past
 * the claim's end and counts the attempt, and only rows still due when it runs are taken — of two senders
 * racing, each row goes to one.
 */
export async function claimDue(db: Database, now: Date, limit: number): Promise<OutboxRow[]> {
  const at = now.toISOString();
  const due = and(eq(notifications.status, 'queued'), lte(notifications.nextAttemptAt, at));
  return db
    .update(notifications)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS).toISOString(), attempts: sql`${notifications.attempts} + 1`, updatedAt: at })
    .where(
      and(
        due,
        inArray(
          notifications.id,
          db.select({ id: notifications.id }).from(notifications).where(due).orderBy(notifications.nextAttemptAt).limit(limit),
        ),
      ),
    )
    .returning();
}

export async function markSent(db: Database, row: OutboxRow, providerMessageId: string, now: Date) {
  const at = now.toISOString();
  await db
    .update(notifications)
    .set({ status: 'sent', providerMessageId, sentAt: at, nextAttemptAt: null, lastError: '', updatedAt: at })
    .where(eq(notifications.id, row.id));
}

/** After a failed attempt: due again after the back-off, or `failed` (permanent, or out of attempts). */
export async function markFailedAttempt(db: Database, row: OutboxRow, error: string, permanent: boolean, now: Date) {
  const at = now.toISOString();
  const givesUp = permanent || row.attempts >= MAX_ATTEMPTS;
  await db
    .update(notifications)
    .set({
      status: givesUp ? (error === NOT_CONFIGURED ? 'not_sent' : 'failed') : 'queued',
      lastError: error.slice(0, 500),
      nextAttemptAt: givesUp ? null : new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString(),
      updatedAt: at,
    })
    .where(eq(notifications.id, row.id));
}

/** A person's messages, newest first, as the panel shows them (without the payload's link). */
export async function messagesOf(db: Database, kind: string, id: string) {
  return db
    .select({
      id: notifications.id,
      channel: notifications.channel,
      recipient: notifications.recipient,
      template: notifications.template,
      status: notifications.status,
      attempts: notifications.attempts,
      nextAttemptAt: notifications.nextAttemptAt,
      lastError: notifications.lastError,
      providerMessageId: notifications.providerMessageId,
      sentAt: notifications.sentAt,
      createdAt: notifications.createdAt,
      updatedAt: notifications.updatedAt,
    })
    .from(notifications)
    .where(and(eq(notifications.personKind, kind), eq(notifications.personId, id)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(100);
}

/**
 * Queues one of a person's messages again ("Resend"): due now, attempts counted afresh. Where its channel
 * is not configured it stays `not_sent`. Answers false when the person has no such message.
 */
export async function requeue(db: Database, channels: Channels, kind: string, personId: string, messageId: string, now: Date) {
  const [row] = await db
    .select({ channel: notifications.channel })
    .from(notifications)
    .where(and(eq(notifications.id, messageId), eq(notifications.personKind, kind), eq(notifications.personId, personId)));
  if (!row) return false;
  const at = now.toISOString();
  const configured = Boolean(channels[row.channel as Channel]);
  await db
    .update(notifications)
    .set(
      configured
        ? { status: 'queued', attempts: 0, nextAttemptAt: at, lastError: '', updatedAt: at }
        : { status: 'not_sent', nextAttemptAt: null, lastError: NOT_CONFIGURED, updatedAt: at },
    )
    .where(eq(notifications.id, messageId));
  return true;
}
