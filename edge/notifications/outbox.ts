import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../db/database';
import type { BatchWriter } from '../db/batch-writer';
import { type SqlStatement, statementTemplate } from '../db/sql-statement';
import { messageCounts, notifications } from '../db/tables/notifications';
import type { AppEnv } from '../env';
import { groupCommit } from '../perf/group-commit';
import { uuidv7 } from '../lib/uuid-v7';
import { type Channels, NOT_CONFIGURED } from './channels';
import type { Channel, MessageTemplate } from './messages';
import { passLinkToken } from './pass-link';
import { e164Mobile } from './recipient';
import { guardWindows, isPaidChannel, type MessageGuard, named, PAID_CHANNELS, paidRecipientRefusal, siteDayKey, siteHourKey, WAITING } from './message-guard';

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

/**
 * The site's address that pass links point at: PUBLIC_ORIGIN, never the address a request came to (a
 * `Host` header is the client's to choose). Without it no message is queued (decision 045).
 */
export function publicOrigin(c: Context<AppEnv>): string | undefined {
  return c.get('deps').messaging?.publicOrigin || undefined;
}

export const NO_PUBLIC_ORIGIN = 'not sent: PUBLIC_ORIGIN is not set';
/** A pass e-mail kept back until its address is confirmed (the confirmation message queued with it, decision 056). */
export const EMAIL_UNCONFIRMED = 'not sent: waiting for the e-mail address to be confirmed';
/** An SMS kept back while its pass's WhatsApp message may still arrive (one paid message per pass). */
export const SMS_STANDBY = 'not sent: standby, SMS goes only if WhatsApp fails';

/**
 * What a message row stores beyond its person and event: the site's address its pass link points at. The
 * link itself is signed when the message is sent (pass-link.ts), issued at the row's creation time, so
 * every message of one registration or one "Find my pass" carries the same link. Rows queued before links
 * were signed carry their stored link (`passUrl`) instead.
 */
type MessagePayload = { origin: string; net?: string } | { passUrl: string };

/** The link a message carries: its stored one, or the one signed now for its person and creation time. */
export function messagePassUrl(row: Pick<OutboxRow, 'payload' | 'personKind' | 'personId' | 'createdAt'>, linkSecret: string): string {
  const payload = JSON.parse(row.payload) as MessagePayload;
  if ('passUrl' in payload) return payload.passUrl;
  return `${payload.origin}/p/${passLinkToken(linkSecret, row.personKind, row.personId, new Date(row.createdAt))}`;
}

/**
 * A message row's payload: links to `origin`, and the client network the request came from (`net`, for
 * the per-network cap of paid messages). The last one is kept: a crowd comes through a few networks.
 */
let lastPayload = { key: '', payload: '' };

function messagePayload(origin: string, net: string | undefined): string {
  const key = `${origin}|${net ?? ''}`;
  if (key !== lastPayload.key) lastPayload = { key, payload: JSON.stringify({ origin, ...(net ? { net } : {}) } satisfies MessagePayload) };
  return lastPayload.payload;
}

const NO_ADDRESS: Record<Channel, string> = {
  email: 'not sent: no e-mail address',
  whatsapp: 'not sent: no valid mobile number',
  sms: 'not sent: no valid mobile number',
};

/**
 * The statement that queues `holder`'s messages, with a new pass link, on every channel: one row per
 * channel, `queued` where the channel is configured, the person has an address on it and the guard lets a
 * paid message go there, else `not_sent` with the reason. Committed by the caller with the registration
 * itself. A row holds only the site's address and the request's network; the link is signed and the
 * message written from the person and the event when it is sent, so the registration's own request pays
 * for neither. Without PUBLIC_ORIGIN nothing is queued: a link must never come from the request. Answers the
 * channels it queued on, the sender's lanes to wake.
 */
export function passMessageStatements(
  db: Database,
  options: {
    holder: PassHolder;
    eventId: string;
    template: MessageTemplate;
    channels: Channels;
    origin: string | undefined;
    guard: Pick<MessageGuard, 'allowedCountryCodes' | 'smsAlsoWhenWhatsapp'>;
    /** The client network the request came from (message-guard.ts `networkOf`). */
    network?: string;
    /** Whether the holder's e-mail address is confirmed (email-confirmations.ts); else a confirmation goes first. */
    emailConfirmed?: boolean;
    now: Date;
  },
): { statements: SqlStatement[]; queued: number; channels: Channel[] } {
  const { holder, eventId, template, channels, origin, guard, network, emailConfirmed = false, now } = options;
  const at = now.toISOString();
  const mobile = e164Mobile(holder.mobileNumber);
  const email = holder.email?.trim() || '';
  const phoneRefusal = mobile ? paidRecipientRefusal(mobile, guard) : null;
  // No e-mail address, no e-mail row: the public forms do not ask for one.
  const messageChannels: Channel[] = email ? ['email', 'whatsapp', 'sms'] : ['whatsapp', 'sms'];
  let queued = 0;
  const rows: MessageRow[] = messageChannels.map((channel) => {
    let reason = '';
    if (!channels[channel]) reason = NOT_CONFIGURED;
    else if (!origin) reason = NO_PUBLIC_ORIGIN;
    else if (channel !== 'email' && !mobile) reason = NO_ADDRESS[channel];
    else if (channel !== 'email' && phoneRefusal) reason = phoneRefusal;
    else if (channel === 'sms' && channels.whatsapp && !guard.smsAlsoWhenWhatsapp) reason = SMS_STANDBY;
    else if (channel === 'email' && !emailConfirmed) reason = EMAIL_UNCONFIRMED;
    if (!reason) queued++;
    return { channel, template, reason };
  });
  // An address typed into a public form gets the question first: its pass e-mail goes when it is confirmed.
  if (rows.some((row) => row.reason === EMAIL_UNCONFIRMED)) {
    rows.push({ channel: 'email', template: 'confirm_email', reason: '' });
    queued++;
  }
  const queuedOn = [...new Set(rows.filter((row) => !row.reason).map((row) => row.channel))];
  const values: MessageRowsValues = {
    email,
    phone: mobile ?? holder.mobileNumber,
    payload: messagePayload(origin ?? '', network),
    personKind: holder.kind,
    personId: holder.id,
    eventId,
    at,
  };
  for (let i = 0; i < rows.length; i++) values[`id${i}`] = uuidv7();
  return { statements: [messageRowsStatement(db, rows, values)], queued, channels: queuedOn };
}

type MessageRow = { channel: Channel; template: MessageTemplate; reason: string };

type MessageRowsValues = { email: string; phone: string; payload: string; personKind: string; personId: string; eventId: string; at: string } & {
  [id: `id${number}`]: string;
};

const messageRowsTemplates = new Map<string, (db: Database, values: MessageRowsValues) => SqlStatement>();

/**
 * One INSERT of a person's message rows. What is the same for every registration (channel, template,
 * status, reason) is written into the SQL text, one text per combination, and what the rows share is
 * bound once: a registration's messages cross to the embedded writer's thread as 8 values instead of 26.
 */
function messageRowsStatement(db: Database, rows: MessageRow[], values: MessageRowsValues) {
  const shape = rows.map(({ channel, template, reason }) => `${channel}:${template}:${reason}`).join('|');
  let build = messageRowsTemplates.get(shape);
  if (!build) {
    build = statementTemplate<MessageRowsValues>((db, p) =>
      db.insert(notifications).values(
        rows.map(({ channel, template, reason }, i) => ({
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

const RETURNED = 'id, channel, recipient, template, payload, person_kind, person_id, event_id, attempts, created_at';

/**
 * Claims up to `limit` due messages of one channel for this sender: one conditional UPDATE moves their
 * next attempt past the claim's end and counts the attempt, and only rows still due when it runs are
 * taken — of two senders racing, each row goes to one. Each channel is claimed (and sent) on its own, so
 * a slow provider holds up only its own messages. Written through the write lane (group commit), like the
 * results below, so the sender never makes the server's request thread wait on a commit of its own.
 *
 * Paid channels (WhatsApp, SMS) are claimed within the organiser's caps (message-guard.ts), in the same
 * transaction as the claim: rows whose number or network has had its share wait for the next window; the
 * claim takes no more than the site's hour and day have room for, and counts what it took; when the site's
 * cap is reached, every due paid message waits, visibly, for the window that has room.
 */
export async function claimDue(
  { writeBatch }: { writeBatch: BatchWriter },
  now: Date,
  limit: number,
  channel: Channel,
  guard: MessageGuard,
): Promise<OutboxRow[]> {
  const at = now.toISOString();
  const steppedBack = new Date(now.getTime() + LONGEST_WAIT_MS).toISOString();
  const claimEnd = new Date(now.getTime() + CLAIM_MS).toISOString();
  const statements = isPaidChannel(channel)
    ? paidClaimStatements(channel, guard, now, limit, steppedBack)
    : [plainClaim(channel, at, claimEnd, limit, steppedBack)];
  const results = await groupCommit(writeBatch, statements);
  const rows = results[isPaidChannel(channel) ? 1 : 0] ?? [];
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

/**
 * Due: its next attempt has come, or lies further ahead than any wait set by design (`LONGEST_WAIT_MS`), which
 * only a clock stepped back since can make — except a paid message waiting, by the organiser's caps, for its
 * next hour or day (its reason says `waiting: …`).
 */
const DUE_NOW = `status = 'queued' AND (next_attempt_at <= :at OR (next_attempt_at > :steppedBack AND last_error NOT LIKE 'waiting:%'))`;
const DUE = `${DUE_NOW} AND channel = :channel`;

function plainClaim(channel: Channel, at: string, claimEnd: string, limit: number, steppedBack: string): SqlStatement {
  return named(
    `UPDATE notifications SET next_attempt_at = :claimEnd, attempts = attempts + 1, updated_at = :at
     WHERE ${DUE_NOW}
       AND id IN (SELECT id FROM notifications WHERE ${DUE} ORDER BY next_attempt_at LIMIT :limit)
     RETURNING ${RETURNED}`,
    { at, claimEnd, channel, limit, steppedBack },
  );
}

/** Rows of the current window's count of a number and of a network (message_counts keys). */
const NUMBER_COUNT = `coalesce((SELECT count FROM message_counts WHERE key = 'num:' || notifications.recipient || ':' || :day), 0)`;
const NETWORK_COUNT = `coalesce((SELECT count FROM message_counts WHERE key = 'net:' || json_extract(notifications.payload, '$.net') || ':' || :hour), 0)`;
const SITE_HOUR = `coalesce((SELECT count FROM message_counts WHERE key = :hourKey), 0)`;
const SITE_DAY = `coalesce((SELECT count FROM message_counts WHERE key = :dayKey), 0)`;
/**
 * The rows this claim took: it marks them with its own id (until their result is recorded, the panel shows
 * "sending"). They are found through the due index by the channel and the claim's end they were given, not
 * by the mark alone, which would read every queued message of every channel (a flood's backlog) three times a claim.
 */
const CLAIMED = `status = 'queued' AND channel = :channel AND next_attempt_at = :claimEnd AND last_error = :claimMark`;

function paidClaimStatements(channel: Channel, guard: MessageGuard, now: Date, limit: number, steppedBack: string): SqlStatement[] {
  const w = guardWindows(now);
  const values = {
    at: now.toISOString(),
    steppedBack,
    claimEnd: new Date(now.getTime() + CLAIM_MS).toISOString(),
    claimMark: `sending (claim ${uuidv7()})`,
    channel,
    limit,
    scan: limit * 4,
    day: w.day,
    hour: w.hour,
    dayEnd: w.dayEnd,
    hourEnd: w.hourEnd,
    hourKey: siteHourKey(w.hour),
    dayKey: siteDayKey(w.day),
    perHour: guard.paidPerHour,
    perDay: guard.paidPerDay,
    perNumber: guard.paidPerNumberPerDay,
    perNetwork: guard.paidPerNetworkPerHour,
    numberWaits: WAITING.number(guard.paidPerNumberPerDay),
    networkWaits: WAITING.network(guard.paidPerNetworkPerHour),
    hourWaits: WAITING.hour(guard.paidPerHour),
    dayWaits: WAITING.day(guard.paidPerDay),
    stale: new Date(now.getTime() - 2 * 24 * 3_600_000).toISOString(),
  };
  // Whose number or network has had its share waits for its next window (among the first rows due).
  const overShare = named(
    `UPDATE notifications SET
         next_attempt_at = CASE WHEN ${NUMBER_COUNT} >= :perNumber THEN :dayEnd ELSE :hourEnd END,
         last_error = CASE WHEN ${NUMBER_COUNT} >= :perNumber THEN :numberWaits ELSE :networkWaits END,
         updated_at = :at
       WHERE id IN (SELECT id FROM notifications WHERE ${DUE} ORDER BY next_attempt_at LIMIT :scan)
         AND (${NUMBER_COUNT} >= :perNumber OR ${NETWORK_COUNT} >= :perNetwork)`,
    values,
  );
  const statements = [
    overShare,
    // The claim: no more than the site's hour and day have room for, nor more of one number or one network
    // than theirs have (ranked within the round, so one round cannot overshoot them either).
    named(
      `UPDATE notifications SET next_attempt_at = :claimEnd, attempts = attempts + 1, updated_at = :at, last_error = :claimMark
       WHERE ${DUE_NOW}
         AND id IN (
           SELECT id FROM (
             SELECT id, next_attempt_at, recipient, json_extract(payload, '$.net') AS net,
                    row_number() OVER (PARTITION BY recipient ORDER BY next_attempt_at) AS of_number,
                    row_number() OVER (PARTITION BY json_extract(payload, '$.net') ORDER BY next_attempt_at) AS of_network
             FROM (SELECT id, next_attempt_at, recipient, payload FROM notifications WHERE ${DUE} ORDER BY next_attempt_at LIMIT :scan)
           ) AS d
           WHERE d.of_number + coalesce((SELECT count FROM message_counts WHERE key = 'num:' || d.recipient || ':' || :day), 0) <= :perNumber
             AND (d.net IS NULL OR d.of_network + coalesce((SELECT count FROM message_counts WHERE key = 'net:' || d.net || ':' || :hour), 0) <= :perNetwork)
           ORDER BY d.next_attempt_at
           LIMIT max(0, min(:limit, :perHour - ${SITE_HOUR}, :perDay - ${SITE_DAY})))
       RETURNING ${RETURNED}`,
      values,
    ),
    // What it took, counted against the site's hour and day, each number's day and each network's hour.
    named(
      `INSERT INTO message_counts (key, count, window_end)
       SELECT w.key, c.n, w.window_end
       FROM (SELECT count(*) AS n FROM notifications WHERE ${CLAIMED}) AS c,
            (SELECT :hourKey AS key, :hourEnd AS window_end UNION ALL SELECT :dayKey, :dayEnd) AS w
       WHERE c.n > 0
       ON CONFLICT (key) DO UPDATE SET count = count + excluded.count`,
      values,
    ),
    named(
      `INSERT INTO message_counts (key, count, window_end)
       SELECT 'num:' || recipient || ':' || :day, count(*), :dayEnd FROM notifications WHERE ${CLAIMED} GROUP BY recipient
       ON CONFLICT (key) DO UPDATE SET count = count + excluded.count`,
      values,
    ),
    named(
      `INSERT INTO message_counts (key, count, window_end)
       SELECT 'net:' || json_extract(payload, '$.net') || ':' || :hour, count(*), :hourEnd FROM notifications
       WHERE ${CLAIMED} AND json_extract(payload, '$.net') IS NOT NULL GROUP BY json_extract(payload, '$.net')
       ON CONFLICT (key) DO UPDATE SET count = count + excluded.count`,
      values,
    ),
    // Again after the counts: rows of a number or network this very claim filled (ranked out of it) wait too,
    // saying why, rather than stay due with no reason until the next round.
    overShare,
    // The site's cap reached: every due paid message waits for the window that has room, saying why. Whether
    // it is reached is the upper bound of the index range ('' when not: an empty range), which SQLite works
    // out once; as a condition beside the others it was checked against every due message of the backlog.
    named(
      `UPDATE notifications SET
         next_attempt_at = CASE WHEN ${SITE_DAY} >= :perDay THEN :dayEnd ELSE :hourEnd END,
         last_error = CASE WHEN ${SITE_DAY} >= :perDay THEN :dayWaits ELSE :hourWaits END,
         updated_at = :at
       WHERE status = 'queued' AND channel IN ('whatsapp', 'sms')
         AND next_attempt_at <= (CASE WHEN ${SITE_HOUR} >= :perHour OR ${SITE_DAY} >= :perDay THEN :at ELSE '' END)`,
      values,
    ),
  ];
  // Now and then, windows that ended two days ago go.
  if (Math.random() < 0.01) statements.push(named('DELETE FROM message_counts WHERE window_end < :stale', values));
  return statements;
}

/** This hour's and today's paid messages, site-wide (the guard's counters). */
export async function paidMessageCounts(db: Database, now: Date): Promise<{ thisHour: number; today: number }> {
  const w = guardWindows(now);
  const counts = await db
    .select({ key: messageCounts.key, count: messageCounts.count })
    .from(messageCounts)
    .where(inArray(messageCounts.key, [siteHourKey(w.hour), siteDayKey(w.day)]));
  const countOf = (key: string) => counts.find((c) => c.key === key)?.count ?? 0;
  return { thisHour: countOf(siteHourKey(w.hour)), today: countOf(siteDayKey(w.day)) };
}

/** Today's and this hour's paid messages against the caps, and how many wait (Settings shows them). */
export async function paidMessageUsage(db: Database, guard: MessageGuard, now: Date) {
  const { thisHour, today } = await paidMessageCounts(db, now);
  const [waiting] = await db
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .where(and(eq(notifications.status, 'queued'), inArray(notifications.channel, [...PAID_CHANNELS]), sql`${notifications.lastError} LIKE 'waiting:%'`));
  return {
    thisHour,
    today,
    perHour: guard.paidPerHour,
    perDay: guard.paidPerDay,
    waiting: Number(waiting?.n ?? 0),
    capReached: today >= guard.paidPerDay ? ('day' as const) : thisHour >= guard.paidPerHour ? ('hour' as const) : null,
  };
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

/**
 * After a failed attempt: due again after the back-off, or `failed` (permanent, or out of attempts). A
 * WhatsApp message given up releases its pass's SMS kept on standby (one paid message per pass).
 */
export function failedAttemptStatements(db: Database, row: OutboxRow, error: string, permanent: boolean, now: Date): SqlStatement[] {
  const givesUp = permanent || row.attempts >= MAX_ATTEMPTS;
  const at = now.toISOString();
  const statements = [
    failedTemplate(db, {
      id: row.id,
      status: givesUp ? (error === NOT_CONFIGURED || error.startsWith('not sent:') ? 'not_sent' : 'failed') : 'queued',
      lastError: error.slice(0, 500),
      nextAttemptAt: givesUp ? null : new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString(),
      at,
    }),
  ];
  if (givesUp && row.channel === 'whatsapp') {
    statements.push(
      named(
        `UPDATE notifications SET status = 'queued', next_attempt_at = :at, last_error = '', updated_at = :at
         WHERE person_id = :personId AND person_kind = :personKind AND created_at = :createdAt AND template = :template
           AND channel = 'sms' AND status = 'not_sent' AND last_error = :standby`,
        { at, personId: row.personId, personKind: row.personKind, createdAt: row.createdAt, template: row.template, standby: SMS_STANDBY },
      ),
    );
  }
  return statements;
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
