import { and, count, countDistinct, desc, eq, sql, sum } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { requireAdmin } from '../auth/require-role';
import { enquiries, sponsors } from '../db/tables/organisations';
import { standingConsentSql } from '../lib/consents';
import { exhibitors, leads } from '../db/tables/exhibitors';
import { visitors } from '../db/tables/people';
import { statusChanges } from '../db/tables/system';
import type { AppEnv } from '../env';
import { exhibitorBalance, exhibitorName, exhibitorPaymentStatus, exhibitorStallNumber } from '../lib/exhibitors';
import { fail, ok } from '../http/envelope';
import { validate } from '../http/validate';
import { currentEvent, eventById } from '../lib/events';
import { ATTENDEE_KINDS, REGISTRATION_KINDS, type RegistrationKind } from '../../shared/resources/kinds';
import { RESOURCE_TABLES } from '../db/resource-tables';

/** SQLite's modifiers that turn a stored UTC instant into Hyderabad time (IST has no daylight saving). */
const IST = sql.raw(`'+5 hours', '+30 minutes'`);
/** The day (YYYY-MM-DD, IST) of a stored instant. */
const istDay = (column: SQLiteColumn) => sql<string>`date(${column}, ${IST})`;

/** The public site's registrations the per-day chart counts (the registry's `registrations`), and their tables. */
const REGISTRATION_TABLES = REGISTRATION_KINDS.map((kind) => [kind, RESOURCE_TABLES[kind]] as const);

/** The people the venue door admits: their registrations are what a show-up rate is measured against. */
const ATTENDEE_TABLES = ATTENDEE_KINDS.map((kind) => [kind, RESOURCE_TABLES[kind]] as const);

type EventTable = SQLiteTable & { eventId: SQLiteColumn; createdAt: SQLiteColumn };

/**
 * `GET /api/reports?eventId=` (admin): an event's figures for the Reports screen — registrations per day
 * by type, visitors by city, by profession and by their answers to the event's questions, check-ins per hour against registrations (the show-up
 * rate), sponsorship money against what was paid, and enquiries by status. Days and hours are IST. The
 * event defaults to the featured one.
 */
export const reportRoutes = new Hono<AppEnv>().get(
  '/',
  requireAdmin,
  validate('query', z.object({ eventId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))) })),
  async (c) => {
    const { db } = c.get('deps');
    const { eventId } = c.req.valid('query');
    const event = eventId ? await eventById(db, eventId) : await currentEvent(db);
    if (!event) return fail(c, 404, eventId ? 'Event not found' : 'No event to report on yet');
    const inEvent = (table: EventTable) => eq(table.eventId, event.id);

    const perDay = await Promise.all(
      REGISTRATION_TABLES.map(async ([type, table]) => {
        const day = istDay(table.createdAt);
        const rows = await db.select({ day, people: count() }).from(table).where(inEvent(table)).groupBy(day);
        return rows.map((row) => ({ type, day: row.day, people: row.people }));
      }),
    );
    const days = new Map<string, Record<RegistrationKind, number>>();
    for (const row of perDay.flat()) {
      const entry = days.get(row.day) ?? (Object.fromEntries(REGISTRATION_KINDS.map((kind) => [kind, 0])) as Record<RegistrationKind, number>);
      entry[row.type] = row.people;
      days.set(row.day, entry);
    }

    const city = sql<string>`coalesce(nullif(trim(${visitors.city}), ''), 'Not specified')`;
    const byCity = await db.select({ city, people: count() }).from(visitors).where(inEvent(visitors)).groupBy(city).orderBy(desc(count()), city).limit(20);
    const profession = sql<string>`coalesce(nullif(trim(${visitors.workingProfessional}), ''), 'Others')`;
    const byProfession = await db
      .select({ profession, people: count() })
      .from(visitors)
      .where(inEvent(visitors))
      .groupBy(profession)
      .orderBy(desc(count()), profession);

    // Per question of the event's form, how many visitors chose each answer (decision 079), in the form's order.
    const chosen = await db.all<{ question: string; choice: string; people: number }>(
      sql`SELECT q.key AS question, c.value AS choice, count(*) AS people FROM ${visitors}, json_each(${visitors.answers}) q, json_each(q.value) c WHERE ${inEvent(visitors)} GROUP BY 1, 2`,
    );
    const visitorsByAnswer = event.registrationQuestions.flatMap((question) =>
      question.choices.map((choice) => ({
        question: question.label,
        answer: choice.label,
        people: chosen.find((row) => row.question === question.id && row.choice === choice.id)?.people ?? 0,
      })),
    );

    // A person counts once, in the hour the door recorded their first applied check-in (the device's
    // corrected time when it has one, as the live counts do).
    const s = statusChanges;
    const firstIn = db
      .select({ recordId: s.recordId, at: sql<string>`min(coalesce(${s.deviceTime}, ${s.createdAt}))`.as('at') })
      .from(s)
      .where(and(eq(s.eventId, event.id), eq(s.toStatus, 'checked_in'), eq(s.outcome, 'applied')))
      .groupBy(s.resource, s.recordId)
      .as('first_in');
    const hour = sql<string>`strftime('%Y-%m-%dT%H:00', ${firstIn.at}, ${IST})`;
    const perHour = await db.select({ hour, people: count() }).from(firstIn).groupBy(hour).orderBy(hour);

    const registered = await Promise.all(
      ATTENDEE_TABLES.map(async ([kind, table]) => {
        const [row] = await db.select({ people: count() }).from(table).where(inEvent(table));
        const [seen] = await db
          .select({ people: countDistinct(s.recordId) })
          .from(s)
          .where(and(eq(s.resource, kind), eq(s.eventId, event.id), eq(s.toStatus, 'checked_in'), eq(s.outcome, 'applied')));
        return { kind, registered: row?.people ?? 0, checkedIn: seen?.people ?? 0 };
      }),
    );

    const [money] = await db
      .select({
        sponsors: count(),
        committed: sum(sponsors.sponsorshipAmount).mapWith(Number),
        paid: sum(sponsors.amountPaid).mapWith(Number),
        balance: sum(sponsors.balanceAmount).mapWith(Number),
      })
      .from(sponsors)
      .where(inEvent(sponsors));
    const sponsorsByTier = await db
      .select({
        tier: sponsors.sponsorshipTier,
        sponsors: count(),
        committed: sum(sponsors.sponsorshipAmount).mapWith(Number),
        paid: sum(sponsors.amountPaid).mapWith(Number),
      })
      .from(sponsors)
      .where(inEvent(sponsors))
      .groupBy(sponsors.sponsorshipTier)
      .orderBy(desc(sum(sponsors.sponsorshipAmount)));

    const enquiriesByStatus = await db
      .select({ status: enquiries.status, enquiries: count() })
      .from(enquiries)
      .where(inEvent(enquiries))
      .groupBy(enquiries.status)
      .orderBy(desc(count()));

    const exhibitorLeads = await leadsByExhibitor(db, event.id);

    const totalRegistered = registered.reduce((n, r) => n + r.registered, 0);
    const totalCheckedIn = registered.reduce((n, r) => n + r.checkedIn, 0);
    return ok(c, {
      event: { id: event.id, eventName: event.eventName },
      registrationsPerDay: [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, counts]) => ({ day, ...counts })),
      visitorsByCity: byCity,
      visitorsByProfession: byProfession,
      visitorsByAnswer,
      checkInsPerHour: perHour,
      showUp: {
        byKind: registered,
        registered: totalRegistered,
        checkedIn: totalCheckedIn,
        /** Checked-in people per registered person, 0–1; 0 while nobody is registered. */
        rate: totalRegistered === 0 ? 0 : totalCheckedIn / totalRegistered,
      },
      sponsorship: {
        sponsors: money?.sponsors ?? 0,
        committed: money?.committed ?? 0,
        paid: money?.paid ?? 0,
        balance: money?.balance ?? 0,
        byTier: sponsorsByTier.map((t) => ({ ...t, committed: t.committed ?? 0, paid: t.paid ?? 0 })),
      },
      enquiriesByStatus,
      exhibitorLeads,
    });
  },
);

/**
 * What the organiser sees of lead capture (issue 32): per exhibitor of the event — its booking (stall or
 * sponsor), payment status and balance beside the leads its staff captured, how many of those visitors
 * share their details now (their newest `exhibitors` consent), and leads per IST day and hour. The number a
 * sponsor renews on. Three grouped reads, whatever the number of leads.
 */
async function leadsByExhibitor(db: Parameters<typeof eventById>[0], eventId: string) {
  const shared = sql<number>`coalesce(${standingConsentSql('visitors', leads.visitorId, 'exhibitors')}, 0)`;
  const [rows, counted, hours] = await Promise.all([
    db
      .select({
        exhibitorId: exhibitors.id,
        booking: sql<'stall' | 'sponsor'>`CASE WHEN ${exhibitors.stallId} IS NOT NULL THEN 'stall' ELSE 'sponsor' END`,
        name: exhibitorName,
        stallNumber: exhibitorStallNumber,
        paymentStatus: exhibitorPaymentStatus,
        balance: exhibitorBalance,
      })
      .from(exhibitors)
      .where(eq(exhibitors.eventId, eventId)),
    db
      .select({ exhibitorId: leads.exhibitorId, leads: count(), shared: sql<number>`sum(${shared})`.mapWith(Number) })
      .from(leads)
      .where(eq(leads.eventId, eventId))
      .groupBy(leads.exhibitorId),
    db
      .select({ exhibitorId: leads.exhibitorId, hour: sql<string>`strftime('%Y-%m-%dT%H:00', ${leads.scannedAt}, ${IST})`.as('hour'), leads: count() })
      .from(leads)
      .where(eq(leads.eventId, eventId))
      .groupBy(leads.exhibitorId, sql`hour`)
      .orderBy(sql`hour`),
  ]);
  const countsOf = new Map(counted.map((row) => [row.exhibitorId, row]));
  return rows
    .map((row) => {
      const counts = countsOf.get(row.exhibitorId);
      const captured = counts?.leads ?? 0;
      const sharing = counts?.shared ?? 0;
      const perHour = hours.filter((h) => h.exhibitorId === row.exhibitorId).map((h) => ({ hour: h.hour, leads: h.leads }));
      const perDay = new Map<string, number>();
      for (const h of perHour) perDay.set(h.hour.slice(0, 10), (perDay.get(h.hour.slice(0, 10)) ?? 0) + h.leads);
      return {
        ...row,
        leads: captured,
        shared: sharing,
        /** Leads whose visitor shares their details now, per lead, 0–1; 0 without leads. */
        consentRate: captured === 0 ? 0 : sharing / captured,
        perDay: [...perDay].map(([day, n]) => ({ day, leads: n })),
        perHour,
      };
    })
    .sort((a, b) => b.leads - a.leads || a.name.localeCompare(b.name));
}
