import type { Database } from '../db/database';
import type { Logger } from '../lib/log';
import { type Channels, ProviderError, sendThrough } from './channels';
import type { Channel, MessageTemplate, PassMessage } from './messages';
import { claimDue, markFailedAttempt, markSent, type OutboxRow } from './outbox';

export interface SenderDeps {
  db: Database;
  channels: Channels;
  now: () => Date;
  logger?: Logger;
}

/** Messages claimed per round; their sends run together. */
const CLAIM_BATCH = 10;

/**
 * Sends every message due now, a round of claimed messages at a time, until none is due or `maxRounds`
 * have run. Never throws: a message that fails is put back with its back-off (outbox.ts), and a database
 * that cannot be reached ends the run (the next one picks up where it stopped). Answers how many were sent.
 */
export async function sendDueMessages(deps: SenderDeps, maxRounds = 20): Promise<number> {
  let sent = 0;
  for (let round = 0; round < maxRounds; round++) {
    let rows: OutboxRow[];
    try {
      rows = await claimDue(deps.db, deps.now(), CLAIM_BATCH);
    } catch (error) {
      deps.logger?.warn('messages: could not claim', { error: errorText(error) });
      return sent;
    }
    if (rows.length === 0) break;
    const results = await Promise.all(rows.map((row) => sendOne(deps, row)));
    sent += results.filter(Boolean).length;
  }
  return sent;
}

async function sendOne(deps: SenderDeps, row: OutboxRow): Promise<boolean> {
  let providerId: string;
  try {
    providerId = await sendThrough(
      deps.channels,
      { channel: row.channel as Channel, recipient: row.recipient, template: row.template as MessageTemplate, payload: JSON.parse(row.payload) as PassMessage },
      deps.now(),
    );
  } catch (error) {
    const permanent = error instanceof ProviderError ? error.permanent : false;
    try {
      await markFailedAttempt(deps.db, row, errorText(error), permanent, deps.now());
    } catch {
      // Left claimed: it comes due again when the claim lapses.
    }
    deps.logger?.info('message not sent', { channel: row.channel, attempts: row.attempts, permanent, error: errorText(error) });
    return false;
  }
  try {
    await markSent(deps.db, row, providerId, deps.now());
  } catch (error) {
    // Sent, but not recorded: it would be sent again when its claim lapses; say so in the log.
    deps.logger?.warn('message sent but not recorded', { channel: row.channel, error: errorText(error) });
  }
  return true;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The Node server's sender: runs `sendDueMessages` when woken (after each registration that queued
 * something) and every `intervalMs` for retries, one run at a time (a wake during a run makes one more).
 */
export class MessageLoop {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: SenderDeps) {}

  start(intervalMs: number) {
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref?.();
    this.wake();
    return this;
  }

  /** Sends what is due soon, outside the caller's request (never awaited by it). */
  wake() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        // After the current turn: a registration's answer goes out before its messages do.
        await new Promise((resolve) => setTimeout(resolve, 0));
        await sendDueMessages(this.deps);
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when no run is under way (tests; shutdown). */
  async idle() {
    while (this.running) await this.running;
  }

  stop() {
    clearInterval(this.timer);
  }
}
