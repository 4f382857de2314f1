import { and, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../db/database';
import type { BatchWriter } from '../db/batch-writer';
import { type SqlStatement, statementTemplate, toStatement } from '../db/sql-statement';
import { notifications } from '../db/tables/notifications';
import type { AppEnv } from '../env';
import { groupCommit } from '../perf/group-commit';
import { uuidv7 } from '../lib/uuid-v7';
import { type Channels, NOT_CONFIGURED } from './channels';
import type { Channel, MessageTemplate } from './messages';
import { passLinkToken } from './pass-link';
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

/** The site's address that links point at: PUBLIC_ORIGIN, else the address this request came to. */
export function publicOrigin(c: Context<AppEnv>): string {
  return c.get('deps').messaging?.publicOrigin || requestOrigin(c.req.url);
}

/** The origin of the last request address seen: a crowd's requests come to one address, and parsing it cost a registration about 1 %. */
let lastOrigin = { scheme: '', origin: '' };

function requestOrigin(url: string): string {
  const pathAt = url.indexOf('/', url.indexOf('//') + 2);
  const schemeAndHost = pathAt === -1 ? url : url.slice(0, pathAt);
  if (schemeAndHost !== lastOrigin.scheme) lastOrigin = { scheme: schemeAndHost, origin: new URL(url).origin };
  return lastOrigin.origin;
}

/**
 * What a message row stores beyond its person and event: the site's address its pass link points at. The
 * link itself is signed when the message is sent (pass-link.ts), issued at the row's creation time, so
 * every message of one registration or one "Find my pass" carries the same link. Rows queued before links
 * were signed carry their stored link (`passUrl`) instead.
 */
type MessagePayload = { origin: string } | { passUrl: string };

/** The link a message carries: its stored one, or the one signed now for its person and creation time. */
export function messagePassUrl(row: Pick<OutboxRow, 'payload' | 'personKind' | 'personId' | 'createdAt'>, linkSecret: string): string {
  const payload = JSON.parse(row.payload) as MessagePayload;
  if ('passUrl' in payload) return payload.passUrl;
  return `${payload.origin}/p/${passLinkToken(linkSecret, row.personKind, row.personId, new Date(row.createdAt))}`;
}

/** A message row's payload for links to `origin` (the last one kept: it is the same for every registration). */
let lastPayload = { origin: '', payload: '' };

function originPayload(origin: string): string {
  if (origin !== lastPayload.origin) lastPayload = { origin, payload: JSON.stringify({ origin } satisfies MessagePayload) };
  return lastPayload.payload;
}

const NO_ADDRESS: Record<Channel, string> = {
  email: 'not sent: no e-mail address',
  whatsapp: 'not sent: no valid mobile number',
  sms: 'not sent: no valid mobile number',
};

/**
 * The statement that queues `holder`'s messages, with a new pass link, on every channel: one row per
 * channel, `queued` where the channel is configured and the person has an address on it, else `not_sent`
 * with the reason. Committed by the caller with the registration itself. A row holds only the site's
 * address; the link is signed and the message written from the person and the event when it is sent, so
 * the registration's own request pays for neither.
 */
export function passMessageStatements(
  db: Database,
  options: { holder: PassHolder; eventId: string; template: MessageTemplate; channels: Channels; origin: string; now: Date },
): { statements: SqlStatement[]; queued: number } {
  const { holder, eventId, template, channels, origin, now } = options;
  const at = now.toISOString();
  const payload = originPayload(origin);
  const mobile = e164Mobile(holder.mobileNumber);
  const email = holder.email?.trim() || '';
  // No e-mail address, no e-mail row: the public forms do not ask for one.
  const messageChannels: Channel[] = email ? ['email', 'whatsapp', 'sms'] : ['whatsapp', 'sms'];
  let queued = 0;
  const rows = messageChannels.map((channel) => {
    const reason = !channels[channel] ? NOT_CONFIGURED : channel !== 'email' && !mobile ? NO_ADDRESS[channel] : '';
    if (!reason) queued++;
    return { channel, reason };
  });
  const values: MessageRowsValues = {
    email,
    phone: mobile ?? holder.mobileNumber,
    payload,
    personKind: holder.kind,
    personId: holder.id,
    eventId,
    at,
  };
  for (let i = 0; i < rows.length; i++) values[`id${i}`] = uuidv7();
  return { statements: [messageRowsStatement(db, template, rows, values)], queued };
}

type MessageRowsValues = { email: string; phone: string; payload: string; personKind: string; personId: string; eventId: string; at: string } & {
  [id: `id${number}`]: string;
};

const messageRowsTemplates = new Map<string, (db: Database, values: MessageRowsValues) => SqlStatement>();

/**
 * One INSERT of a person's message rows. What is the same for every registration (channel, template,
 * status, reason) is written into the SQL text, one text per combination, and what the rows share is
 * bound once: a registration's messages cross to the embedded writer's thread as 8 values instead of 26.
 */
function messageRowsStatement(db: Database, template: MessageTemplate, rows: Array<{ channel: Channel; reason: string }>, values: MessageRowsValues) {
  const shape = `${template}|${rows.map(({ channel, reason }) => `${channel}:${reason}`).join('|')}`;
  let build = messageRowsTemplates.get(shape);
  if (!build) {
    build = statementTemplate<MessageRowsValues>((db, p) =>
      db.insert(notifications).values(
        rows.map(({ channel, reason }, i) => ({
          id: p(`id${i}`),
          channel: sqlText(channel),
          recipient: p(channel === 'email' ? 'email' : 'phone'),
          template: sqlText(template),
          payload: p('payload'),
          status: sqlText(reason ? 'not_sent' : 'queued'),
          nextAttemptAt: reason ? sql`NULL` : p('at'),
          lastError: sqlText(reason),
          personKind: p('personKind'),
          personId: p('personId'),
          eventId: p('eventId'),
          createdAt: p('at'),
          updatedAt: p('at'),
        })) as unknown as Array<typeof notifications.$inferInsert>,
      ),
    );
    messageRowsTemplates.set(shape, build);
  }
  return build(db, values);
}

/** One of this module's own constant strings (a channel, a status, a reason) as an SQL literal. */
const sqlText = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

/** How long a sender holds a claimed message before another may take it (a sender that died mid-send). */
const CLAIM_MS = 2 * 60_000;
/** Attempts before a message is given up as `failed`. */
const MAX_ATTEMPTS = 6;
/** Back-off after a failed attempt n (1-based): 30 s, 1, 2, 4, 8 minutes. */
const retryDelayMs = (attempt: number) => 30_000 * 2 ** Math.max(0, attempt - 1);

/**
 * The longest a queued message waits by design (a claim, or the last back-off). A next attempt further
 * ahead than this can only come from a clock stepped back since it was set (a VM resumed, an NTP step): it
 * is due now rather than an hour late.
 */
const LONGEST_WAIT_MS = Math.max(CLAIM_MS, retryDelayMs(MAX_ATTEMPTS - 1));

/** A claimed message: what sending it needs. */
export interface OutboxRow {
  id: string;
  channel: string;
  recipient: string;
  template: string;
  payload: string;
  personKind: string;
  personId: string;
  eventId: string | null;
  /** Attempts so far, this one included. */
  attempts: number;
  /** When the message was queued: its pass link's time of issue. */
  createdAt: string;
}

/**
 * Claims up to `limit` due messages for this sender: one conditional UPDATE moves their next attempt past
 * the claim's end and counts the attempt, and only rows still due when it runs are taken — of two senders
 * racing, each row goes to one. Written through the write lane (group commit), like the results below, so
 * the sender never makes the server's request thread wait on a commit of its own.
 */
export async function claimDue({ db, writeBatch }: { db: Database; writeBatch: BatchWriter }, now: Date, limit: number): Promise<OutboxRow[]> {
  const at = now.toISOString();
  const steppedBack = new Date(now.getTime() + LONGEST_WAIT_MS).toISOString();
  const due = and(eq(notifications.status, 'queued'), or(lte(notifications.nextAttemptAt, at), gt(notifications.nextAttemptAt, steppedBack)));
  const claim = db
    .update(notifications)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS).toISOString(), attempts: sql`${notifications.attempts} + 1`, updatedAt: at })
    .where(
      and(due, inArray(notifications.id, db.select({ id: notifications.id }).from(notifications).where(due).orderBy(notifications.nextAttemptAt).limit(limit))),
    )
    .returning({
      id: notifications.id,
      channel: notifications.channel,
      recipient: notifications.recipient,
      template: notifications.template,
      payload: notifications.payload,
      personKind: notifications.personKind,
      personId: notifications.personId,
      eventId: notifications.eventId,
      attempts: notifications.attempts,
      createdAt: notifications.createdAt,
    });
  const [rows = []] = await groupCommit(writeBatch, [toStatement(claim)]);
  // The write lane answers rows by column name.
  return rows.map((row) => ({
    id: String(row.id),
    channel: String(row.channel),
    recipient: String(row.recipient),
    template: String(row.template),
    payload: String(row.payload),
    personKind: String(row.person_kind),
    personId: String(row.person_id),
    eventId: row.event_id == null ? null : String(row.event_id),
    attempts: Number(row.attempts),
    createdAt: String(row.created_at),
  }));
}

const sentTemplate = statementTemplate<{ id: string; providerMessageId: string; at: string }>((db, p) =>
  db
    .update(notifications)
    .set({
      status: 'sent',
      providerMessageId: sql`${p('providerMessageId')}`,
      sentAt: sql`${p('at')}`,
      nextAttemptAt: null,
      lastError: '',
      updatedAt: sql`${p('at')}`,
    })
    .where(eq(notifications.id, p('id'))),
);

export function sentStatement(db: Database, row: OutboxRow, providerMessageId: string, now: Date): SqlStatement {
  return sentTemplate(db, { id: row.id, providerMessageId, at: now.toISOString() });
}

const failedTemplate = statementTemplate<{ id: string; status: string; lastError: string; nextAttemptAt: string | null; at: string }>((db, p) =>
  db
    .update(notifications)
    .set({ status: sql`${p('status')}`, lastError: sql`${p('lastError')}`, nextAttemptAt: sql`${p('nextAttemptAt')}`, updatedAt: sql`${p('at')}` })
    .where(eq(notifications.id, p('id'))),
);

/** After a failed attempt: due again after the back-off, or `failed` (permanent, or out of attempts). */
export function failedAttemptStatement(db: Database, row: OutboxRow, error: string, permanent: boolean, now: Date): SqlStatement {
  const givesUp = permanent || row.attempts >= MAX_ATTEMPTS;
  return failedTemplate(db, {
    id: row.id,
    status: givesUp ? (error === NOT_CONFIGURED || error.startsWith('not sent:') ? 'not_sent' : 'failed') : 'queued',
    lastError: error.slice(0, 500),
    nextAttemptAt: givesUp ? null : new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString(),
    at: now.toISOString(),
  });
}

/** A person's messages, newest first, as the panel shows them (without the link they carry). */
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
