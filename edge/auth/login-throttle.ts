import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { loginThrottle } from '../db/tables/system';

/**
 * Failed-login throttling. Failures are counted per account and, separately, per client address across
 * accounts; reaching a limit locks that key only. An account's lock therefore never blocks another
 * account, and a venue's shared Wi-Fi address gets a much larger allowance than one account does.
 */
export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
export const ADDRESS_POLICY: ThrottlePolicy = { maxFailures: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export const accountKey = (email: string) => `account:${email}`;
export const addressKey = (address: string) => `address:${address}`;

/** Milliseconds until the longest lock among `keys` ends, or 0 when none is locked. */
export async function lockRemainingMs(db: Database, keys: string[], now: Date): Promise<number> {
  const rows = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys));
  let remaining = 0;
  for (const { lockedUntil } of rows) {
    if (lockedUntil) remaining = Math.max(remaining, Date.parse(lockedUntil) - now.getTime());
  }
  return remaining;
}

/**
 * Counts one failure for `key` in a single upsert (so concurrent failures are all counted), restarting
 * the count when the window has passed, and locks the key when the count reaches the policy's limit.
 */
export async function recordFailure(db: Database, key: string, policy: ThrottlePolicy, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - policy.windowMs).toISOString();
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: nowIso })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.windowStartedAt} < ${windowStart} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${loginThrottle.windowStartedAt} < ${windowStart} THEN ${nowIso} ELSE ${loginThrottle.windowStartedAt} END`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  if (row && row.failures >= policy.maxFailures) {
    // Lock, and start a fresh count for when the lock ends.
    await db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(now.getTime() + policy.lockMs).toISOString(), failures: 0, windowStartedAt: nowIso })
      .where(eq(loginThrottle.key, key));
  }
}

/** A successful login clears its account's count (the address keeps its own). */
export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
