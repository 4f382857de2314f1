import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { requireAdmin, requireStaff } from '../auth/require-role';
import { events } from '../db/tables/events';
import { sponsors, stalls } from '../db/tables/organisations';
import { guests, speakers, vipAwardees, visitors } from '../db/tables/people';
import { deviceReports, statusChanges } from '../db/tables/system';
import type { Database } from '../db/database';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { validate } from '../http/validate';
import { newPassCode } from '../lib/pass-code';
import {
  checkinBatchSchema,
  DOOR_STATUSES,
  deviceReportSchema,
  eventQuerySchema,
  ROSTER_KINDS,
  type RosterKind,
  rosterQuerySchema,
  walkInSchema,
} from '../schemas/checkin';

/**
 * The venue door (docs/checkin-sync.md): the roster by version for devices to keep in IndexedDB, the
 * operations they queued while offline, walk-in registrations, and the admins' conflict inbox.
 */
const TABLES = { visitors, guests, speakers, awardeesvip: vipAwardees, stalls, sponsors } as const;

/** The door status of each kind: people's own status; for stall and sponsor contacts, their attendance. */
const doorStatusColumn = (kind: RosterKind) => (kind === 'stalls' || kind === 'sponsors' ? TABLES[kind].attendanceStatus : TABLES[kind].status);

/**
 * One SELECT per kind in the roster's common shape, itself limited: each arm walks its own
 * (event_id, roster_version) index, so a page sorts at most `limit` rows per kind instead of every row
 * left after the cursor (the first load would otherwise sort the whole roster once per page).
 */
function rosterArm(kind: RosterKind, eventId: string, since: number, limit: number) {
  const table = TABLES[kind];
  const name = kind === 'stalls' || kind === 'sponsors' ? TABLES[kind].contactPersonName : TABLES[kind].fullName;
  const organisation = kind === 'stalls' ? stalls.companyName : TABLES[kind].organizationName;
  return sql`SELECT ${kind} AS kind, ${table.id} AS id, ${name} AS name, ${table.mobileNumber} AS mobile, ${organisation} AS organisation,
    ${table.passCode} AS passCode, ${doorStatusColumn(kind)} AS status, ${table.statusChangedAt} AS statusChangedAt,
    ${table.statusChangedBy} AS statusChangedBy, ${table.statusDeviceId} AS statusDeviceId, ${table.rosterVersion} AS version, 0 AS deleted
    FROM ${table} WHERE ${table.eventId} = ${eventId} AND ${table.rosterVersion} > ${since}
    ORDER BY ${table.rosterVersion} LIMIT ${limit}`;
}

export interface RosterEntry {
  kind: RosterKind;
  id: string;
  name: string | null;
  mobile: string | null;
  organisation: string | null;
  passCode: string | null;
  status: string | null;
  statusChangedAt: string | null;
  statusChangedBy: string | null;
  statusDeviceId: string | null;
  version: number;
  deleted: number;
}

async function currentState(db: Pick<Database, 'select'>, kind: RosterKind, id: string) {
  const table = TABLES[kind];
  const [row] = await db
    .select({
      eventId: table.eventId,
      status: doorStatusColumn(kind),
      statusChangedAt: table.statusChangedAt,
      statusChangedBy: table.statusChangedBy,
      statusDeviceId: table.statusDeviceId,
      statusDeviceTime: table.statusDeviceTime,
      statusOperationId: table.statusOperationId,
    })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row;
}

export const checkinRoutes = new Hono<AppEnv>()
  /** `GET /roster?eventId&since&limit`: people changed after version `since`, in version order, and tombstones. */
  .get('/roster', requireStaff, validate('query', rosterQuerySchema), async (c) => {
    const { eventId, since, limit } = c.req.valid('query');
    const { db } = c.var.deps;
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
    if (!event) return fail(c, 404, 'Event not found');
    const arms = (Object.keys(TABLES) as RosterKind[]).map((kind) => rosterArm(kind, eventId, since, limit));
    const tombstones = sql`SELECT kind, record_id AS id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, roster_version AS version, 1 AS deleted
      FROM roster_tombstones WHERE event_id = ${eventId} AND roster_version > ${since} ORDER BY roster_version LIMIT ${limit}`;
    // SQLite allows ORDER BY/LIMIT only on a compound's last arm, so each arm is a subquery.
    const union = sql.join([...arms, tombstones].map((arm) => sql`SELECT * FROM (${arm})`), sql` UNION ALL `);
    const items = await db.all<RosterEntry>(sql`SELECT * FROM (${union}) ORDER BY version LIMIT ${limit}`);
    const cursor = items.length ? items[items.length - 1]!.version : since;
    return ok(c, { items, cursor, hasMore: items.length === limit });
  })
  /**
   * `POST /ops`: a batch of queued operations, each applied at most once by its id. The later device time
   * wins (ties: the larger operation id), whatever order batches arrive in; the loser is kept in the log
   * as `superseded`. Answers per operation, with the person's state after the batch.
   */
  .post('/ops', requireStaff, validate('json', checkinBatchSchema), async (c) => {
    const { operations } = c.req.valid('json');
    const { db, now } = c.var.deps;
    const user = c.var.user;
    const results = await db.transaction(async (tx) => {
      const answers = [];
      for (const op of operations) {
        const [seen] = await tx
          .select({ outcome: statusChanges.outcome, recordId: statusChanges.recordId })
          .from(statusChanges)
          .where(eq(statusChanges.operationId, op.id))
          .limit(1);
        if (seen) {
          answers.push({ id: op.id, result: 'duplicate' as const, firstResult: seen.outcome, kind: op.kind, recordId: op.recordId });
          continue;
        }
        if (!DOOR_STATUSES[op.kind].includes(op.toStatus)) {
          answers.push({ id: op.id, result: 'rejected' as const, reason: `Status must be one of: ${DOOR_STATUSES[op.kind].join(', ')}`, kind: op.kind, recordId: op.recordId });
          continue;
        }
        const person = await currentState(tx, op.kind, op.recordId);
        if (!person) {
          answers.push({ id: op.id, result: 'rejected' as const, reason: 'This person is no longer on the roster', kind: op.kind, recordId: op.recordId });
          continue;
        }
        const deviceTime = new Date(op.deviceTime).toISOString();
        const current = [person.statusDeviceTime ?? '', person.statusOperationId ?? ''] as const;
        const wins = deviceTime > current[0] || (deviceTime === current[0] && op.id > current[1]);
        // Made without knowing another device's change: the device saw a status that is no longer the one here.
        const unaware = (op.fromStatus ?? '') !== (person.status ?? '') && person.statusDeviceId !== null && person.statusDeviceId !== op.deviceId;
        const at = now().toISOString();
        const table = TABLES[op.kind];
        if (wins) {
          await tx
            .update(table)
            .set({
              [op.kind === 'stalls' || op.kind === 'sponsors' ? 'attendanceStatus' : 'status']: op.toStatus,
              statusChangedAt: deviceTime,
              statusChangedBy: user.name,
              statusDeviceId: op.deviceId,
              statusDeviceTime: deviceTime,
              statusOperationId: op.id,
              updatedAt: at,
            })
            .where(eq(table.id, op.recordId));
        }
        await tx.insert(statusChanges).values({
          id: crypto.randomUUID(),
          resource: op.kind,
          recordId: op.recordId,
          eventId: person.eventId,
          fromStatus: person.status ?? null,
          toStatus: op.toStatus,
          changedByUserId: user.id,
          changedByName: user.name,
          deviceId: op.deviceId,
          operationId: op.id,
          deviceTime,
          outcome: wins ? 'applied' : 'superseded',
          conflictWithOperationId: unaware ? person.statusOperationId : null,
          notes: op.note ?? '',
          createdAt: at,
        });
        answers.push({ id: op.id, result: wins ? ('applied' as const) : ('superseded' as const), kind: op.kind, recordId: op.recordId });
      }
      // Every answer carries the person's state after the whole batch, so the device converges.
      const states = new Map<string, unknown>();
      for (const answer of answers) {
        const key = `${answer.kind}:${answer.recordId}`;
        if (!states.has(key)) {
          const state = await currentState(tx, answer.kind, answer.recordId);
          states.set(key, state ? { status: state.status, statusChangedAt: state.statusChangedAt, statusChangedBy: state.statusChangedBy, statusDeviceId: state.statusDeviceId } : null);
        }
      }
      return answers.map((answer) => ({ ...answer, person: states.get(`${answer.kind}:${answer.recordId}`) }));
    });
    return ok(c, { results });
  })
  /** `POST /walk-ins`: a visitor registered at the desk, idempotent by the device-made id. */
  .post('/walk-ins', requireStaff, validate('json', walkInSchema), async (c) => {
    const input = c.req.valid('json');
    const { db, now } = c.var.deps;
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, input.eventId)).limit(1);
    if (!event) return fail(c, 400, 'Unknown event', { eventId: 'Unknown event' });
    const at = now().toISOString();
    const user = c.var.user;
    const inserted = await db
      .insert(visitors)
      .values({
        id: input.id,
        eventId: input.eventId,
        fullName: input.fullName,
        mobileNumber: input.mobileNumber,
        organizationName: input.organizationName ?? '',
        city: input.city ?? '',
        workingProfessional: 'Others',
        registrationType: 'venue_registration',
        status: 'registered_at_venue',
        statusChangedAt: at,
        statusChangedBy: user.name,
        statusDeviceId: input.deviceId ?? null,
        statusDeviceTime: at,
        passCode: newPassCode(),
        createdBy: user.name,
        createdByRole: user.role,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: visitors.id })
      .returning({ id: visitors.id });
    const [row] = await db.select().from(visitors).where(eq(visitors.id, input.id)).limit(1);
    if (!row || row.eventId !== input.eventId) return fail(c, 409, 'This id is already used by another registration');
    return ok(c, row, inserted.length ? 'Walk-in registered' : 'Already registered', inserted.length ? 201 : 200);
  })
  /** `POST /report`: how many operations wait on this device (sent with every sync). */
  .post('/report', requireStaff, validate('json', deviceReportSchema), async (c) => {
    const input = c.req.valid('json');
    const { db, now } = c.var.deps;
    const values = { ...input, reportedBy: c.var.user.name, reportedAt: now().toISOString() };
    await db.insert(deviceReports).values(values).onConflictDoUpdate({ target: deviceReports.deviceId, set: values });
    return ok(c, values);
  })
  /**
   * `GET /counts?eventId`: a headcount an organiser can trust — people whose current door status is
   * checked_in, by kind; unique check-ins per hour (India time, by when the door recorded them); and,
   * apart, the operations devices last said were still waiting, with when they said it.
   */
  .get('/counts', requireStaff, validate('query', eventQuerySchema), async (c) => {
    const { eventId } = c.req.valid('query');
    const { db } = c.var.deps;
    const byKind = await Promise.all(
      ROSTER_KINDS.map(async (kind) => {
        const table = TABLES[kind];
        const [row] = await db
          .select({ n: sql<number>`count(*)` })
          .from(table)
          .where(sql`${table.eventId} = ${eventId} AND ${doorStatusColumn(kind)} = 'checked_in'`);
        return [kind, Number(row?.n ?? 0)] as const;
      }),
    );
    const checkedIn = Object.fromEntries(byKind) as Record<RosterKind, number>;
    const perHour = await db.all<{ hour: string; people: number }>(sql`
      SELECT strftime('%Y-%m-%dT%H:00', device_time, '+330 minutes') AS hour, count(DISTINCT resource || ':' || record_id) AS people
      FROM status_changes
      WHERE event_id = ${eventId} AND to_status = 'checked_in' AND outcome = 'applied' AND device_time IS NOT NULL
      GROUP BY hour ORDER BY hour`);
    const devices = await db.select().from(deviceReports).where(eq(deviceReports.eventId, eventId));
    return ok(c, {
      checkedIn: { ...checkedIn, total: byKind.reduce((sum, [, n]) => sum + n, 0) },
      perHour: perHour.map((row) => ({ hour: `${row.hour}+05:30`, people: Number(row.people) })),
      waiting: { operations: devices.reduce((sum, d) => sum + d.waiting, 0), devices },
    });
  })
  /** `GET /conflicts?eventId`: changes made without knowing of another device's change, with that change. */
  .get('/conflicts', requireAdmin, validate('query', z.object({ eventId: z.optional(z.string().check(z.maxLength(100))) })), async (c) => {
    const { eventId } = c.req.valid('query');
    const other = sql`other`;
    const rows = await c.var.deps.db.all(sql`
      SELECT mine.resource AS kind, mine.record_id AS recordId, mine.event_id AS eventId,
        mine.operation_id AS operationId, mine.device_id AS deviceId, mine.device_time AS deviceTime, mine.to_status AS toStatus,
        mine.outcome AS outcome, mine.changed_by_name AS changedBy, mine.created_at AS receivedAt,
        ${other}.operation_id AS otherOperationId, ${other}.device_id AS otherDeviceId, ${other}.device_time AS otherDeviceTime,
        ${other}.to_status AS otherToStatus, ${other}.outcome AS otherOutcome, ${other}.changed_by_name AS otherChangedBy
      FROM status_changes AS mine
      LEFT JOIN status_changes AS ${other} ON ${other}.operation_id = mine.conflict_with_operation_id
      WHERE mine.conflict_with_operation_id IS NOT NULL ${eventId ? sql`AND mine.event_id = ${eventId}` : sql``}
      ORDER BY mine.created_at DESC LIMIT 500`);
    return ok(c, { items: rows });
  });
