import { sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { requireAdmin } from '../auth/require-role';
import type { AppEnv } from '../env';
import { ok } from '../http/envelope';
import { validate } from '../http/validate';
import { events } from '../db/tables/events';
import { awardNominations, sponsors, stalls } from '../db/tables/organisations';
import { visitors } from '../db/tables/people';
import { statusChanges } from '../db/tables/system';
import { ATTENDEE_KINDS, type AttendeeKind } from '../../shared/resources/kinds';

const IST_OFFSET_MS = 5.5 * 3600 * 1000;

/** Midnight in India (the venue's day) as a UTC ISO string. */
function startOfVenueDay(now: Date): string {
  const local = new Date(now.getTime() + IST_OFFSET_MS);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() - IST_OFFSET_MS).toISOString();
}

/**
 * `GET /api/dashboard/stats[?eventId]`: the dashboard's six tiles (total registrations, visitors, awards,
 * stalls, sponsors, active events) in one round trip (one query of sub-selects), plus people checked in today (India time) per type, counted once per person, by when
 * the door recorded the check-in (the device's corrected time, as the live counts do), not when it arrived.
 */
export const dashboardRoutes = new Hono<AppEnv>().get(
  '/stats',
  requireAdmin,
  validate('query', z.object({ eventId: z.optional(z.string().check(z.maxLength(100))) })),
  async (c) => {
    const { eventId } = c.req.valid('query');
    const { db, now } = c.get('deps');
    const since = startOfVenueDay(now());
    // One round trip of sub-selects (drizzle's builder cannot put several counts in one SELECT); tables and
    // columns come from their drizzle objects, so a rename is a compile error here too.
    const count = (table: SQLiteTable & { eventId: unknown }) =>
      sql`(SELECT count(*) FROM ${table}${eventId ? sql` WHERE ${table.eventId} = ${eventId}` : sql``})`;
    const s = statusChanges;
    const checkedIn = (resource: string) =>
      sql`(SELECT count(DISTINCT ${s.recordId}) FROM ${s} WHERE ${s.resource} = ${resource} AND ${s.toStatus} = 'checked_in' AND ${s.outcome} = 'applied' AND coalesce(${s.deviceTime}, ${s.createdAt}) >= ${since}${eventId ? sql` AND ${s.eventId} = ${eventId}` : sql``})`;
    const [row] = await db.all<Record<string, number>>(sql`
      SELECT
        ${count(visitors)} AS visitors,
        ${count(awardNominations)} AS awards,
        ${count(stalls)} AS stalls,
        ${count(sponsors)} AS sponsors,
        (SELECT count(*) FROM ${events} WHERE lower(${events.status}) IN ('active', 'published')) AS activeEvents,
        ${sql.join(
          ATTENDEE_KINDS.map((kind) => sql`${checkedIn(kind)} AS ${sql.identifier(`checkedIn_${kind}`)}`),
          sql`, `,
        )}
    `);
    const n = (key: string) => Number(row?.[key] ?? 0);
    return ok(c, {
      totalRegistrations: n('visitors') + n('awards') + n('stalls') + n('sponsors'),
      visitors: n('visitors'),
      awards: n('awards'),
      stalls: n('stalls'),
      sponsors: n('sponsors'),
      activeEvents: n('activeEvents'),
      // The door's people (the registry's attendee kinds), each counted once however often they came in.
      checkInsToday: Object.fromEntries(ATTENDEE_KINDS.map((kind) => [kind, n(`checkedIn_${kind}`)])) as Record<AttendeeKind, number>,
      since,
    });
  },
);
