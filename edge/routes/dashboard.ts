import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { requireAdmin } from '../auth/require-role';
import type { AppEnv } from '../env';
import { ok } from '../http/envelope';
import { validate } from '../http/validate';

const IST_OFFSET_MS = 5.5 * 3600 * 1000;

/** Midnight in India (the venue's day) as a UTC ISO string. */
export function startOfVenueDay(now: Date): string {
  const local = new Date(now.getTime() + IST_OFFSET_MS);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() - IST_OFFSET_MS).toISOString();
}

/**
 * `GET /api/dashboard/stats[?eventId]`: the six tiles of seed 001 in one round trip (one query of
 * sub-selects), plus people checked in today (India time) per type, counted once per person, by when
 * the door recorded the check-in (the device's corrected time, as the live counts do), not when it arrived.
 */
export const dashboardRoutes = new Hono<AppEnv>().get(
  '/stats',
  requireAdmin,
  validate('query', z.object({ eventId: z.optional(z.string().check(z.maxLength(100))) })),
  async (c) => {
    const { eventId } = c.req.valid('query');
    const { db, now } = c.var.deps;
    const inEvent = eventId ? sql`WHERE event_id = ${eventId}` : sql``;
    const since = startOfVenueDay(now());
    const checkedIn = (resource: string) =>
      sql`(SELECT count(DISTINCT record_id) FROM status_changes WHERE resource = ${resource} AND to_status = 'checked_in' AND outcome = 'applied' AND coalesce(device_time, created_at) >= ${since}${eventId ? sql` AND event_id = ${eventId}` : sql``})`;
    const [row] = await db.all<Record<string, number>>(sql`
      SELECT
        (SELECT count(*) FROM visitors ${inEvent}) AS visitors,
        (SELECT count(*) FROM award_nominations ${inEvent}) AS awards,
        (SELECT count(*) FROM stalls ${inEvent}) AS stalls,
        (SELECT count(*) FROM sponsors ${inEvent}) AS sponsors,
        (SELECT count(*) FROM events WHERE lower(status) IN ('active', 'published')) AS activeEvents,
        ${checkedIn('visitors')} AS checkedInVisitors,
        ${checkedIn('guests')} AS checkedInGuests,
        ${checkedIn('speakers')} AS checkedInSpeakers,
        ${checkedIn('awardeesvip')} AS checkedInAwardees
    `);
    const n = (key: string) => Number(row?.[key] ?? 0);
    return ok(c, {
      totalRegistrations: n('visitors') + n('awards') + n('stalls') + n('sponsors'),
      visitors: n('visitors'),
      awards: n('awards'),
      stalls: n('stalls'),
      sponsors: n('sponsors'),
      activeEvents: n('activeEvents'),
      checkInsToday: {
        visitors: n('checkedInVisitors'),
        guests: n('checkedInGuests'),
        speakers: n('checkedInSpeakers'),
        awardeesvip: n('checkedInAwardees'),
      },
      since,
    });
  },
);
