import type { Context } from 'hono';
import type { SqlStatement } from '../db/sql-statement';
import type { AppEnv } from '../env';
import { cachedMessageGuard } from '../lib/site-settings';
import { confirmedEmails } from './email-confirmations';
import { passMessageStatements, publicOrigin } from './outbox';
import type { FoundHolder } from './pass-holders';

/**
 * The messages that send people's pass links again, on every configured channel: "Find my pass" and an
 * admin's re-issue. E-mail goes at once to a confirmed address or one an organiser entered; to any other,
 * the confirmation first.
 */
export async function passLinkMessages(
  c: Context<AppEnv>,
  holders: Array<FoundHolder & { eventId: string }>,
  options: { now: Date; network?: string },
): Promise<{ statements: SqlStatement[]; queued: number }> {
  const { db, messaging } = c.get('deps');
  const [guard, isConfirmed] = await Promise.all([cachedMessageGuard(db), confirmedEmails(db, holders)]);
  const statements: SqlStatement[] = [];
  let queued = 0;
  for (const holder of holders) {
    const messages = passMessageStatements(db, {
      holder,
      eventId: holder.eventId,
      template: 'pass_link',
      channels: messaging?.channels ?? {},
      origin: publicOrigin(c),
      guard,
      network: options.network,
      emailConfirmed: holder.enteredByOrganiser || isConfirmed(holder.kind, holder.id, holder.email ?? ''),
      now: options.now,
    });
    statements.push(...messages.statements);
    queued += messages.queued;
  }
  return { statements, queued };
}
