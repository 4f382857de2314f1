import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Fixed-window counters of public submissions per client address (edge/http/rate-limit.ts). Kept in the
 * database rather than in memory so every Worker isolate and every Node process shares one count.
 * `windowStart` is the ISO start of the current one-minute window.
 */
export const publicRateLimits = sqliteTable('public_rate_limits', {
  key: text('key').primaryKey(),
  windowStart: text('window_start').notNull(),
  count: integer('count').notNull().default(0),
});
