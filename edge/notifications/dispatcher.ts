import type { BatchWriter } from '../db/batch-writer';
import type { Database } from '../db/database';
import type { SqlStatement } from '../db/sql-statement';
import { groupCommit } from '../perf/group-commit';
import type { Logger } from '../lib/log';
import { type Channels, ProviderError, providerErrorCode, type RenderedMessage, renderPassMessage, sendThrough } from './channels';
import { groupContent, isOptedOut, OPTED_OUT, renderGroupMessage, unsubscribeToken } from './group-messages';
import type { Channel, PassMessage, PassTemplate } from './messages';
import { isExhibitorTemplate, renderExhibitorMessage } from './exhibitor-messages';
import { cachedEvent } from '../lib/events';
import { emailConfirmationToken } from './pass-link';
import { claimDue, failedAttemptStatements, messagePassUrl, type OutboxRow, sentStatement } from './outbox';
import { cachedMessageGuard } from '../lib/site-settings';
import { describeError } from '../lib/log';
import { holderById, passView } from './pass-holders';

export interface SenderDeps {
  db: Database;
  /** The database's write lane: claims and results are committed there (with whatever else commits then). */
  writeBatch: BatchWriter;
  channels: Channels;
  now: () => Date;
  /** The secret pass links are signed with (the server's JWT_SECRET; pass-link.ts). */
  linkSecret: string;
  logger?: Logger;
}

/** Messages claimed per round of one channel; their sends run together, and their results are committed together. */
const CLAIM_BATCH = 20;
export const CHANNELS: readonly Channel[] = ['email', 'whatsapp', 'sms'];

/**
 * Sends every message due now, each channel on its own (a slow provider delays only its own messages), a
 * round of claimed messages at a time, until none is due or `maxRounds` have run per channel. Never
 * throws: a message that fails is put back with its back-off (outbox.ts), and a database that cannot be
 * reached ends the run (the next one picks up where it stopped). Answers how many were claimed and sent.
 */
export async function sendDueMessages(deps: SenderDeps, maxRounds = 20): Promise<{ claimed: number; sent: number }> {
  const lanes = await Promise.all(CHANNELS.map((channel) => sendDueOf(deps, channel, maxRounds)));
  // WhatsApp messages given up released their passes' SMS: those go now, not at the next run.
  if (lanes.some((lane) => lane.releasedSms)) lanes.push(await sendDueOf(deps, 'sms', maxRounds));
  return lanes.reduce((sum, lane) => ({ claimed: sum.claimed + lane.claimed, sent: sum.sent + lane.sent }), { claimed: 0, sent: 0 });
}

/** One channel's part of `sendDueMessages`. */
async function sendDueOf(deps: SenderDeps, channel: Channel, maxRounds: number): Promise<{ claimed: number; sent: number; releasedSms: boolean }> {
  let sent = 0;
  let claimed = 0;
  let releasedSms = false;
  for (let round = 0; round < maxRounds; round++) {
    let rows: OutboxRow[];
    try {
      rows = await claimDue(deps, deps.now(), CLAIM_BATCH, channel, await cachedMessageGuard(deps.db));
    } catch (error) {
      deps.logger?.warn('messages: could not claim', { channel, error: describeError(error) });
      return { claimed, sent, releasedSms };
    }
    if (rows.length === 0) break;
    claimed += rows.length;
    const people = new Map<string, Promise<PassMessage | undefined>>();
    const results = await Promise.all(rows.map((row) => sendOne(deps, row, people)));
    try {
      await groupCommit(
        deps.writeBatch,
        results.flatMap((result) => result.statements),
      );
    } catch (error) {
      // Left claimed: each comes due again when its claim lapses (a sent one would be sent again).
      deps.logger?.warn('messages: results not recorded', { channel, error: describeError(error), messages: rows.length });
      return { claimed, sent, releasedSms };
    }
    sent += results.filter((result) => result.sent).length;
    releasedSms ||= results.some((result) => result.statements.length > 1);
    if (rows.length < CLAIM_BATCH) break;
  }
  return { claimed, sent, releasedSms };
}

const GONE = 'not sent: the person or the event no longer exists';

/**
 * The message's values, read now from its person and event (so a corrected name goes out right); the
 * messages of one person in a round share one read.
 */
function passMessageOf(deps: SenderDeps, row: OutboxRow, people: Map<string, Promise<PassMessage | undefined>>): Promise<PassMessage | undefined> {
  const { db } = deps;
  const key = `${row.personKind}:${row.personId}:${row.createdAt}:${row.template}:${row.payload}`;
  let message = people.get(key);
  if (!message) {
    message = (async () => {
      const holder = await holderById(db, row.personKind, row.personId);
      const eventId = row.eventId ?? holder?.eventId;
      const event = eventId ? await cachedEvent(db, eventId) : undefined;
      if (!holder || !event) return undefined;
      const passUrl = messagePassUrl(row, deps.linkSecret);
      const origin = new URL(passUrl).origin;
      // A confirmation carries its own link (never the pass's): it confirms the address it was sent to.
      const confirmUrl =
        row.template === 'confirm_email'
          ? `${origin}/confirm-email/${emailConfirmationToken(deps.linkSecret, row.personKind, row.personId, new Date(row.createdAt))}`
          : undefined;
      return { ...passView(holder, event), passUrl, origin, confirmUrl };
    })();
    people.set(key, message);
  }
  return message;
}

/**
 * A group message's row written for its person: the stored text (read once per round) with their name, and
 * for e-mail the unsubscribe link. An address that opted out since it was queued gets nothing.
 */
async function groupMessageOf(deps: SenderDeps, row: OutboxRow, payload: PassMessage): Promise<RenderedMessage> {
  const { group } = JSON.parse(row.payload) as { group: string };
  const content = await groupContent(deps.db, group);
  if (!content) throw new ProviderError(GONE, true);
  if (await isOptedOut(deps.db, row.recipient)) throw new ProviderError(OPTED_OUT, true);
  const token = unsubscribeToken(deps.linkSecret, row.personKind, row.personId, new Date(row.createdAt));
  return renderGroupMessage(content, payload.name, `${payload.origin}/unsubscribe/${token}`);
}

/** A pass-holder's message (its pass, its link, its address's confirmation, a group message) for its channel. */
async function renderPassOrGroupMessage(deps: SenderDeps, row: OutboxRow, people: Map<string, Promise<PassMessage | undefined>>): Promise<RenderedMessage> {
  const payload = await passMessageOf(deps, row, people);
  if (!payload) throw new ProviderError(GONE, true);
  return row.template === 'group'
    ? groupMessageOf(deps, row, payload)
    : renderPassMessage(deps.channels, row.channel as Channel, row.template as PassTemplate, payload, deps.now());
}

/** Sends one claimed message; answers the statements that record how it went. */
async function sendOne(
  deps: SenderDeps,
  row: OutboxRow,
  people: Map<string, Promise<PassMessage | undefined>>,
): Promise<{ sent: boolean; statements: SqlStatement[] }> {
  try {
    const rendered = isExhibitorTemplate(row.template)
      ? await renderExhibitorMessage(deps, { ...row, template: row.template })
      : await renderPassOrGroupMessage(deps, row, people);
    const providerId = await sendThrough(deps.channels, { id: row.id, recipient: row.recipient, rendered });
    return { sent: true, statements: [sentStatement(deps.db, row, providerId, deps.now())] };
  } catch (error) {
    const permanent = error instanceof ProviderError ? error.permanent : false;
    // The log says which channel and what kind of failure; the provider's own words (which may name the
    // person) stay in the message's row, which only the panel shows.
    deps.logger?.info('message not sent', { channel: row.channel, attempts: row.attempts, permanent, code: providerErrorCode(error) });
    return { sent: false, statements: failedAttemptStatements(deps.db, row, errorText(error), permanent, deps.now()) };
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The Node server's sender: one lane per channel, each run when woken (after each request that queued
 * something) and every `intervalMs` for retries, one run at a time per lane (a wake during a run makes
 * one more). A lane sends a round of at most CLAIM_BATCH messages, then waits `roundGapMs` before the next
 * while more are due: at most 80 messages a second per channel by default (the WhatsApp Cloud API's
 * default rate per number), so a crowd at the gates is answered first and its messages follow within
 * seconds; an SMTP server that hangs holds up e-mail only.
 */
export class MessageLoop {
  private readonly lanes = new Map(CHANNELS.map((channel) => [channel, { running: null as Promise<void> | null, again: false }]));
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: SenderDeps,
    private readonly roundGapMs = 250,
  ) {}

  start(intervalMs: number) {
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref?.();
    this.wake();
    return this;
  }

  /** Sends what is due soon, outside the caller's request (never awaited by it). */
  wake() {
    if (this.stopped) return;
    for (const [channel, lane] of this.lanes) {
      if (lane.running) {
        lane.again = true;
        continue;
      }
      lane.running = (async () => {
        let pause = 0;
        do {
          lane.again = false;
          // After the current turn at least: a registration's answer goes out before its messages do.
          await new Promise((resolve) => setTimeout(resolve, pause));
          const { claimed, releasedSms } = await sendDueOf(this.deps, channel, 1);
          if (releasedSms) this.wake();
          // A full round: more may be due, after the pause.
          pause = claimed >= CLAIM_BATCH ? this.roundGapMs : 0;
          if (claimed >= CLAIM_BATCH) lane.again = true;
        } while (lane.again && !this.stopped);
      })().finally(() => {
        lane.running = null;
      });
    }
  }

  /** Resolves when no run is under way on any lane (tests; shutdown). */
  async idle() {
    for (;;) {
      const running = [...this.lanes.values()].map((lane) => lane.running).filter(Boolean);
      if (!running.length) return;
      await Promise.all(running);
    }
  }

  /** Resolves when `channel`'s lane has no run under way. */
  async idleOf(channel: Channel) {
    const lane = this.lanes.get(channel)!;
    while (lane.running) await lane.running;
  }

  /** No more runs: the ones under way finish their round; what is still due waits for the next start. */
  stop() {
    this.stopped = true;
    clearInterval(this.timer);
  }
}
