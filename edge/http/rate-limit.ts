import { lt, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { BatchWriter } from '../db/batch-writer';
import type { Database } from '../db/database';
import { type SqlStatement, statementTemplate, toStatement } from '../db/sql-statement';
import { publicRateLimits } from '../db/tables/rate-limits';
import type { AppEnv } from '../env';
import { groupCommit } from '../perf/group-commit';
import { fail } from './envelope';

export const RATE_LIMIT_MESSAGE = 'Too many submissions from your network. Please wait a minute and try again.';
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** The longest window a caller counts in ("Find my pass" per contact per day). */
const LONGEST_WINDOW_MS = 24 * 3_600_000;

/**
 * Public submissions per client address per minute (`config.publicRateLimit`, 0 = off), as a fixed
 * window. The counter lives in the database so that every Worker isolate and every Node process count
 * together; one atomic upsert per request both counts and reads the count, so concurrent requests can
 * never all slip under the limit. The upsert is group-committed with other requests' writes, so it costs
 * a registration almost nothing. Every attempt counts, invalid ones included: a flood of junk is a flood.
 */
export const publicRateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const { db, writeBatch, config, clientAddress, now } = c.get('deps');
  if (config.publicRateLimit <= 0) return next();
  const at = now();
  const count = await countSubmission({ db, writeBatch }, `public:${clientAddress(c)}`, at);
  if (count > config.publicRateLimit) {
    const windowEnds = windowStartOf(at) + RATE_LIMIT_WINDOW_MS;
    c.header('Retry-After', String(Math.max(1, Math.ceil((windowEnds - at.getTime()) / 1000))));
    return fail(c, 429, RATE_LIMIT_MESSAGE);
  }
  return next();
});

const windowStartOf = (at: Date, windowMs = RATE_LIMIT_WINDOW_MS) => Math.floor(at.getTime() / windowMs) * windowMs;

/** Counts one submission in its address's window and answers the window's count so far. */
const countStatement = statementTemplate<{ key: string; windowStart: string }>((db, p) =>
  db
    .insert(publicRateLimits)
    .values({ key: p('key'), windowStart: p('windowStart'), count: 1 })
    .onConflictDoUpdate({
      target: publicRateLimits.key,
      set: {
        count: sql`CASE WHEN ${publicRateLimits.windowStart} = excluded.window_start THEN ${publicRateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: publicRateLimits.count }),
);

/** Counts one submission for `key` in the current window (a minute unless said) and returns the window's count so far. */
export async function countSubmission(
  { db, writeBatch }: { db: Database; writeBatch: BatchWriter },
  key: string,
  at: Date,
  windowMs = RATE_LIMIT_WINDOW_MS,
): Promise<number> {
  const windowStart = new Date(windowStartOf(at, windowMs)).toISOString();
  const statements: SqlStatement[] = [countStatement(db, { key, windowStart })];
  // Now and then, forget keys whose window has long passed (the longest window is a day), so the table
  // stays about one row per key active in the last day.
  if (Math.random() < 0.001) {
    const stale = new Date(windowStartOf(at) - LONGEST_WINDOW_MS - RATE_LIMIT_WINDOW_MS).toISOString();
    statements.push(toStatement(db.delete(publicRateLimits).where(lt(publicRateLimits.windowStart, stale))));
  }
  const [rows] = await groupCommit(writeBatch, statements);
  return Number(rows?.[0]?.count ?? 1);
}
