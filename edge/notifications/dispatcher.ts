import type { BatchWriter } from '../db/batch-writer';
import type { Database } from '../db/database';
import type { SqlStatement } from '../db/sql-statement';
import { groupCommit } from '../perf/group-commit';
import type { Logger } from '../lib/log';
import { type Channels, ProviderError, sendThrough } from './channels';
import type { Channel, MessageTemplate, PassMessage } from './messages';
import { cachedEvent } from '../lib/events';
import { claimDue, failedAttemptStatement, messagePassUrl, type OutboxRow, sentStatement } from './outbox';
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

/** Messages claimed per round; their sends run together, and their results are committed together. */
const CLAIM_BATCH = 20;

/**
 * Sends every message due now, a round of claimed messages at a time, until none is due or `maxRounds`
 * have run. Never throws: a message that fails is put back with its back-off (outbox.ts), and a database
 * that cannot be reached ends the run (the next one picks up where it stopped). Answers how many were
 * claimed and how many of those were sent.
 */
export async function sendDueMessages(deps: SenderDeps, maxRounds = 20): Promise<{ claimed: number; sent: number }> {
  let sent = 0;
  let claimed = 0;
  for (let round = 0; round < maxRounds; round++) {
    let rows: OutboxRow[];
    try {
      rows = await claimDue(deps, deps.now(), CLAIM_BATCH);
    } catch (error) {
      deps.logger?.warn('messages: could not claim', { error: errorText(error) });
      return { claimed, sent };
    }
    if (rows.length === 0) break;
    claimed += rows.length;
    const people = new Map<string, Promise<PassMessage | undefined>>();
    const results = await Promise.all(rows.map((row) => sendOne(deps, row, people)));
    try {
      await groupCommit(
        deps.writeBatch,
        results.map((result) => result.statement),
      );
    } catch (error) {
      // Left claimed: each comes due again when its claim lapses (a sent one would be sent again).
      deps.logger?.warn('messages: results not recorded', { error: errorText(error), messages: rows.length });
      return { claimed, sent };
    }
    sent += results.filter((result) => result.sent).length;
  }
  return { claimed, sent };
}

const GONE = 'not sent: the person or the event no longer exists';

/**
 * The message's values, read now from its person and event (so a corrected name goes out right); the
 * messages of one person in a round share one read.
 */
function passMessageOf(deps: SenderDeps, row: OutboxRow, people: Map<string, Promise<PassMessage | undefined>>): Promise<PassMessage | undefined> {
  const { db } = deps;
  const key = `${row.personKind}:${row.personId}:${row.createdAt}:${row.payload}`;
  let message = people.get(key);
  if (!message) {
    message = (async () => {
      const holder = await holderById(db, row.personKind, row.personId);
      const eventId = row.eventId ?? holder?.eventId;
      const event = eventId ? await cachedEvent(db, eventId) : undefined;
      if (!holder || !event) return undefined;
      const passUrl = messagePassUrl(row, deps.linkSecret);
      return { ...passView(holder, event), passUrl, origin: new URL(passUrl).origin };
    })();
    people.set(key, message);
  }
  return message;
}

/** Sends one claimed message; answers the statement that records how it went. */
async function sendOne(
  deps: SenderDeps,
  row: OutboxRow,
  people: Map<string, Promise<PassMessage | undefined>>,
): Promise<{ sent: boolean; statement: SqlStatement }> {
  try {
    const payload = await passMessageOf(deps, row, people);
    if (!payload) throw new ProviderError(GONE, true);
    const providerId = await sendThrough(
      deps.channels,
      { channel: row.channel as Channel, recipient: row.recipient, template: row.template as MessageTemplate, payload },
      deps.now(),
    );
    return { sent: true, statement: sentStatement(deps.db, row, providerId, deps.now()) };
  } catch (error) {
    const permanent = error instanceof ProviderError ? error.permanent : false;
    deps.logger?.info('message not sent', { channel: row.channel, attempts: row.attempts, permanent, error: errorText(error) });
    return { sent: false, statement: failedAttemptStatement(deps.db, row, errorText(error), permanent, deps.now()) };
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The Node server's sender: runs when woken (after each request that queued something) and every
 * `intervalMs` for retries, one run at a time (a wake during a run makes one more). It sends a round of
 * at most CLAIM_BATCH messages, then waits `roundGapMs` before the next while more are due: at most
 * 80 messages a second by default (the WhatsApp Cloud API's default rate per number), so a crowd at the
 * gates is answered first and its messages follow within seconds.
 */
export class MessageLoop {
  private running: Promise<void> | null = null;
  private again = false;
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
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      let pause = 0;
      do {
        this.again = false;
        // After the current turn at least: a registration's answer goes out before its messages do.
        await new Promise((resolve) => setTimeout(resolve, pause));
        const { claimed } = await sendDueMessages(this.deps, 1);
        pause = claimed >= CLAIM_BATCH ? this.roundGapMs : 0;
        if (pause) this.again = true;
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when no run is under way (tests; shutdown). */
  async idle() {
    while (this.running) await this.running;
  }

  /** No more runs: the one under way finishes its round; what is still due waits for the next start. */
  stop() {
    this.stopped = true;
    clearInterval(this.timer);
  }
}
