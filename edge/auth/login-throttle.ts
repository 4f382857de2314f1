import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { loginThrottle } from '../db/tables/system';

/**
 * Login throttling (docs/decisions/004-login-throttle-in-the-database.md).
 *
 * Every login attempt is counted BEFORE its password is checked, in one atomic upsert per key, so
 * parallel guesses are all counted and only the first `maxAttempts` of a window are ever evaluated. A
 * successful login gives its attempt back. What is counted depends on where the attempt comes from:
 *
 * - from a device that has signed in to this account before (a signed device cookie, OWASP's "device
 *   cookie"): only that device's own count for that account. Nothing anyone else does refuses it;
 * - from anywhere else: the account from that address, and all accounts from that address.
 *
 * There is no lock on an account as a whole: guessing from one address never refuses the owner at
 * another address or on a remembered device.
 */
interface ThrottlePolicy {
  /** Attempts evaluated per window; later ones answer 429 until the window ends. */
  maxAttempts: number;
  windowMs: number;
}

type ThrottleKind = 'device' | 'account-address' | 'address' | 'exhibitor-code-request' | 'exhibitor-code-check';

const MINUTE = 60_000;
const THROTTLE_POLICIES: Record<ThrottleKind, ThrottlePolicy> = {
  /** A remembered device signing in to its own account: typos, not guessing. */
  device: { maxAttempts: 10, windowMs: 15 * MINUTE },
  /** One account from one address, without a device cookie. */
  'account-address': { maxAttempts: 5, windowMs: 15 * MINUTE },
  /** Every account from one address without a device cookie: large, because venue staff share one Wi-Fi. */
  address: { maxAttempts: 50, windowMs: 15 * MINUTE },
  /** Sign-in codes asked for one mobile number (exhibitor portal, decision 081): each is a paid message. */
  'exhibitor-code-request': { maxAttempts: 5, windowMs: 60 * MINUTE },
  /** Codes typed for one mobile number: six digits are guessed in a million tries, never in five. */
  'exhibitor-code-check': { maxAttempts: 5, windowMs: 15 * MINUTE },
};

export interface ThrottleKey {
  kind: ThrottleKind;
  key: string;
}

export const deviceKey = (deviceId: string, email: string): ThrottleKey => ({ kind: 'device', key: `device:${deviceId}|${email}` });
export const accountAddressKey = (email: string, address: string): ThrottleKey => ({
  kind: 'account-address',
  key: `account-address:${email}|${address}`,
});
export const addressKey = (address: string): ThrottleKey => ({ kind: 'address', key: `address:${address}` });
/** The exhibitor portal's counts, per mobile number (canonical form): codes asked for, codes typed. */
export const exhibitorCodeRequestKey = (mobile: string): ThrottleKey => ({ kind: 'exhibitor-code-request', key: `exhibitor-code-request:${mobile}` });
export const exhibitorCodeCheckKey = (mobile: string): ThrottleKey => ({ kind: 'exhibitor-code-check', key: `exhibitor-code-check:${mobile}` });

function kindOfKey(key: string): ThrottleKind | undefined {
  const kind = key.slice(0, key.indexOf(':'));
  return Object.hasOwn(THROTTLE_POLICIES, kind) ? (kind as ThrottleKind) : undefined;
}

/**
 * Counts one attempt on each key (one transaction of upserts; each upsert is atomic, so concurrent
 * attempts all count) and answers whether this attempt may be evaluated, and if not, for how long the
 * longest exceeded window still runs.
 *
 * A window that starts after now can only come from a clock stepped back (a VM resumed, an NTP step): it
 * is moved to now, so a lock never lasts longer than its window's length (not 75 minutes for a 15-minute
 * lock after a step back of an hour), and it keeps its count.
 */
export async function countAttempt(db: Database, keys: ThrottleKey[], now: Date): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
  const nowIso = now.toISOString();
  const statements = keys.map(({ kind, key }) => {
    const windowStart = new Date(now.getTime() - THROTTLE_POLICIES[kind].windowMs).toISOString();
    const expired = sql`${loginThrottle.windowStartedAt} <= ${windowStart}`;
    return db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: nowIso })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${expired} OR ${loginThrottle.windowStartedAt} > ${nowIso} THEN ${nowIso} ELSE ${loginThrottle.windowStartedAt} END`,
        },
      })
      .returning({ attempts: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt });
  });
  if (statements.length === 0) return { allowed: true };
  const results = await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  // Now and then, forget counts whose window has long ended, so guessing at made-up accounts cannot grow the table.
  if (Math.random() < 0.01) {
    const longest = Math.max(...Object.values(THROTTLE_POLICIES).map((p) => p.windowMs));
    await db.delete(loginThrottle).where(lte(loginThrottle.windowStartedAt, new Date(now.getTime() - longest).toISOString()));
  }
  let retryAfterMs = 0;
  results.forEach((rows, i) => {
    const row = rows[0];
    const policy = THROTTLE_POLICIES[keys[i]!.kind];
    if (row && row.attempts > policy.maxAttempts) {
      retryAfterMs = Math.max(retryAfterMs, windowEnd(row.windowStartedAt, policy, now) - now.getTime());
    }
  });
  return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
}

/**
 * A successful login: its own account-from-address and device counts start again, and the address gets
 * this attempt back (it keeps the others, so a password sprayer cannot reset it with its own account).
 */
export async function countSuccess(db: Database, keys: ThrottleKey[]): Promise<void> {
  const statements = keys.map(({ kind, key }) =>
    kind === 'address'
      ? db
          .update(loginThrottle)
          .set({ failures: sql`max(${loginThrottle.failures} - 1, 0)` })
          .where(eq(loginThrottle.key, key))
      : db.delete(loginThrottle).where(eq(loginThrottle.key, key)),
  );
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

/** When a window started at `startedAt` ends, a start after now (a clock stepped back) taken as now. */
const windowEnd = (startedAt: string, policy: ThrottlePolicy, now: Date) => Math.min(Date.parse(startedAt), now.getTime()) + policy.windowMs;

export interface ThrottleEntry {
  key: string;
  kind: ThrottleKind;
  /** The account, for device and account-from-address counts. */
  account: string | null;
  /** The client address, for address and account-from-address counts. */
  address: string | null;
  attempts: number;
  maxAttempts: number;
  /** No more attempts are evaluated until `windowEndsAt`. */
  locked: boolean;
  windowEndsAt: string;
}

/** The counts whose window still runs, locked ones first: what Settings shows admins. */
export async function listThrottle(db: Database, now: Date): Promise<ThrottleEntry[]> {
  const longest = Math.max(...Object.values(THROTTLE_POLICIES).map((p) => p.windowMs));
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(and(gt(loginThrottle.windowStartedAt, new Date(now.getTime() - longest).toISOString()), gt(loginThrottle.failures, 0)))
    .limit(500);
  const entries: ThrottleEntry[] = [];
  for (const row of rows) {
    const kind = kindOfKey(row.key);
    if (!kind) continue;
    const policy = THROTTLE_POLICIES[kind];
    const windowEnds = windowEnd(row.windowStartedAt, policy, now);
    if (windowEnds <= now.getTime()) continue;
    const rest = row.key.slice(kind.length + 1);
    // Device ids and addresses hold no '|'; an e-mail might.
    const bar = kind === 'device' ? rest.indexOf('|') : rest.lastIndexOf('|');
    const [first, second] = bar < 0 ? [rest, null] : [rest.slice(0, bar), rest.slice(bar + 1)];
    entries.push({
      key: row.key,
      kind,
      account: kind === 'address' ? null : kind === 'device' ? second : first,
      address: kind === 'address' ? first : kind === 'account-address' ? second : null,
      attempts: row.failures,
      maxAttempts: policy.maxAttempts,
      locked: row.failures >= policy.maxAttempts,
      windowEndsAt: new Date(windowEnds).toISOString(),
    });
  }
  return entries.sort((a, b) => Number(b.locked) - Number(a.locked) || b.attempts - a.attempts);
}

/** An admin lifts a lock (or forgets a count): the key starts from nothing. */
export async function clearThrottle(db: Database, key: string): Promise<boolean> {
  const removed = await db.delete(loginThrottle).where(eq(loginThrottle.key, key)).returning({ key: loginThrottle.key });
  return removed.length > 0;
}
