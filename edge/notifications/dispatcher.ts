import type { BatchWriter } from '../db/batch-writer';
import type { Database } from '../db/database';
import type { SqlStatement } from '../db/sql-statement';
import { groupCommit } from '../perf/group-commit';
import type { Logger } from '../lib/log';
import { type Channels, ProviderError, providerErrorCode, type RenderedMessage, renderPassMessage, sendThrough } from './channels';
import { groupContent, OPTED_OUT, optedOutAmong, renderGroupMessage, unsubscribeToken } from './group-messages';
import type { Channel, PassMessage, PassTemplate } from './messages';
import { isExhibitorTemplate, renderExhibitorMessage } from './exhibitor-messages';
import { cachedEvent } from '../lib/events';
import { emailConfirmationToken } from './pass-link';
import { claimDue, failedAttemptStatements, messagePassUrl, type OutboxRow, sentStatement } from './outbox';
import { cachedMessageGuard } from '../lib/site-settings';
import { describeError } from '../lib/log';
import { type FoundHolder, holdersByIds, passView } from './pass-holders';
import { currentConsents } from '../lib/consents';

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
    let round: Round;
    try {
      round = await readRound(deps, rows);
    } catch (error) {
      // Left claimed, as when the results cannot be recorded: each comes due again when its claim lapses.
      deps.logger?.warn('messages: could not read the round', { channel, error: describeError(error), messages: rows.length });
      return { claimed, sent, releasedSms };
    }
    const results = await Promise.all(rows.map((row) => sendOne(deps, row, round)));
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
/** The person withdrew their consent to messages from their pass link (decision 078): nothing more goes to them. */
export const CONSENT_WITHDRAWN = 'not sent: the person withdrew their consent to messages';

/**
 * What one round of claimed messages reads before sending, in one read each however many messages it has:
 * their people (so a corrected name goes out right), who of them withdrew their consent to messages (read
 * when sent, not when queued: a withdrawal stops what was queued before it, on every channel), and, for
 * group messages, which addresses opted out since they were queued. `messages` keeps each person's
 * values, shared by their messages of the round.
 */
interface Round {
  holders: Map<string, FoundHolder>;
  /** `<kind>:<id>` of the people whose standing choice for `pass_messages` is withdrawn. */
  withdrawn: Set<string>;
  optedOut: Set<string>;
  messages: Map<string, Promise<PassMessage | undefined>>;
}

async function readRound(deps: SenderDeps, rows: OutboxRow[]): Promise<Round> {
  const people = rows.map((row) => ({ kind: row.personKind, id: row.personId }));
  const holders = await holdersByIds(deps.db, people);
  const withdrawn = new Set<string>();
  for (const kind of new Set(people.map((person) => person.kind))) {
    const ids = people.filter((person) => person.kind === kind).map((person) => person.id);
    for (const [id, given] of await currentConsents(deps.db, kind, ids, 'pass_messages')) if (!given) withdrawn.add(`${kind}:${id}`);
  }
  const groupRecipients = rows.filter((row) => row.template === 'group').map((row) => row.recipient);
  const optedOut = groupRecipients.length ? await optedOutAmong(deps.db, groupRecipients) : new Set<string>();
  return { holders, withdrawn, optedOut, messages: new Map() };
}

/** The message's values, from its person (read with the round) and event. */
function passMessageOf(deps: SenderDeps, row: OutboxRow, round: Round): Promise<PassMessage | undefined> {
  const { db } = deps;
  const key = `${row.personKind}:${row.personId}:${row.createdAt}:${row.template}:${row.payload}`;
  let message = round.messages.get(key);
  if (!message) {
    message = (async () => {
      const holder = round.holders.get(`${row.personKind}:${row.personId}`);
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
    round.messages.set(key, message);
  }
  return message;
}

/**
 * A group message's row written for its person: the stored text (kept for the last groups read) with their
 * name, and for e-mail the unsubscribe link. No pass and no event: guests, speakers and VIP awardees get
 * group messages without a pass link. An address that opted out since it was queued gets nothing.
 */
async function groupMessageOf(deps: SenderDeps, row: OutboxRow, round: Round): Promise<RenderedMessage> {
  const { group, origin } = JSON.parse(row.payload) as { group: string; origin: string };
  const content = await groupContent(deps.db, group);
  const person = round.holders.get(`${row.personKind}:${row.personId}`);
  if (!content || !person) throw new ProviderError(GONE, true);
  if (round.optedOut.has(row.recipient.trim().toLowerCase())) throw new ProviderError(OPTED_OUT, true);
  const token = unsubscribeToken(deps.linkSecret, row.personKind, row.personId, new Date(row.createdAt));
  return renderGroupMessage(content, person.name, `${origin}/unsubscribe/${token}`);
}

/** A pass message (the pass, a confirmation, a link sent again) as its channel sends it. */
async function passMessageFor(deps: SenderDeps, row: OutboxRow, round: Round): Promise<RenderedMessage> {
  const payload = await passMessageOf(deps, row, round);
  if (!payload) throw new ProviderError(GONE, true);
  return renderPassMessage(deps.channels, row.channel as Channel, row.template as PassTemplate, payload, deps.now());
}

/** Sends one claimed message; answers the statements that record how it went. */
async function sendOne(deps: SenderDeps, row: OutboxRow, round: Round): Promise<{ sent: boolean; statements: SqlStatement[] }> {
  try {
    if (round.withdrawn.has(`${row.personKind}:${row.personId}`)) throw new ProviderError(CONSENT_WITHDRAWN, true);
    const rendered = isExhibitorTemplate(row.template)
      ? await renderExhibitorMessage(deps, { ...row, template: row.template })
      : row.template === 'group'
        ? await groupMessageOf(deps, row, round)
        : await passMessageFor(deps, row, round);
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

  /** Sends what is due soon on `channels` (every channel's lane by default), outside the caller's request (never awaited by it). */
  wake(channels: readonly Channel[] = CHANNELS) {
    if (this.stopped) return;
    for (const channel of channels) {
      const lane = this.lanes.get(channel)!;
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
          if (releasedSms) this.wake(['sms']);
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
