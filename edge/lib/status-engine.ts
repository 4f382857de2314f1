import { getTableName, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type SQLiteColumn, SQLiteSyncDialect, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { type DoorTables, tablesOf } from '../db/resource-tables';
import { type StatusChangeOutcome, statusChanges } from '../db/tables/system';
import { type BuiltTemplate, builtOnce, fillTemplate, type SqlStatement, type SqlValue } from '../db/sql-statement';
import { DOOR_HOLDS, isDoorHold, type RosterKind } from '../schemas/checkin';
import { byDoorKind, DOOR_KINDS, doorOf, isAttendeeKind } from '../../shared/resources/kinds';
import { uuidv7 } from './uuid-v7';

/**
 * The one status engine: every path that changes a record's status — the venue door's operations,
 * walk-ins (their registration is their first status change), the panel's status menu, a status inside an edit, conflict resolutions — goes through
 * `statusChangeStatements`, so there is one door-column rule, one log shape and one ordering rule.
 *
 * ## Ordering by cause, not by clock
 * A person's current door status was set by one change (`status_operation_id`). A device states which
 * change it last saw for the person (its base):
 * - base = the current change: the device knew the current state, so its change is causally later and
 *   applies, whatever any clock says;
 * - any other base: the two changes are concurrent (neither device knew of the other's). The door's
 *   conflict rule below decides, and the change is always logged with the change it met
 *   (`conflict_with_operation_id`), so the organisers' conflict inbox holds every such case.
 * The panel's own changes are made on the state the organiser saw (the forms' `If-Match`), so they are
 * causally later by construction.
 *
 * ## The conflict rule for concurrent changes
 * Statuses have a precedence per kind (`DOOR_PRECEDENCE`): further along the door's flow is higher, since
 * a person who left the venue had come in, and a check-in is a fact of the door that a concurrent "not
 * visited" or "registered" cannot undo. Organisers' holds (`DOOR_HOLDS`: a cancellation, "not attending")
 * are above everything.
 * - the incoming status has the higher precedence: it applies (`applied`, with the change it met);
 * - otherwise, when the current status is an organiser's hold: it stays, and the incoming change waits for
 *   an organiser's decision in the inbox (`held`);
 * - otherwise the current status stays (`superseded`); the same status twice (two gates admitting one
 *   person) is a double admission, reported and not applied twice.
 * Between two concurrent changes the result is therefore the same whichever arrives first.
 *
 * ## Held before any ordering
 * Some door changes wait for an organiser's decision (`held`, with `held_because`) whatever their base:
 * - `role`: a staff member's change into or out of a hold (only organisers set or lift holds), except
 *   putting on hold a walk-in their own device has just registered (the door's undo of it);
 * - `revoked`: made on a device after an organiser revoked it;
 * - `author`: its author's account has been disabled since;
 * - `signature`: its batch was not MACed with the key issued with its author ticket (a ticket copied off
 *   the device and sent from another client).
 *
 * Device clocks decide nothing: a change's time is data (history, the hourly chart), corrected by the
 * device's measured offset and never later than its arrival.
 */

/** The column a kind's door moves: people's own status; for stall and sponsor contacts, their attendance (the registry's `door.column`). */
export const DOOR_TABLES: DoorTables = tablesOf(DOOR_KINDS);
export const doorStatusColumn = (kind: RosterKind): SQLiteColumn => (DOOR_TABLES[kind] as unknown as Record<string, SQLiteColumn>)[doorOf(kind).column]!;

/** A kind's statuses in the door's flow, lowest first, then its holds (schemas/checkin.ts) above all of them. */
const withHolds = (kind: RosterKind, flow: readonly string[]) => [...flow.filter((s) => !DOOR_HOLDS[kind].includes(s)), ...DOOR_HOLDS[kind]];

/** Lowest first. A status not listed (stall and sponsor contacts before their first scan: '') ranks 0. */
export const DOOR_PRECEDENCE: Record<RosterKind, readonly string[]> = byDoorKind((kind) => withHolds(kind, doorOf(kind).precedence));

function precedence(kind: RosterKind, status: string | null | undefined): number {
  const rank = DOOR_PRECEDENCE[kind].indexOf(status ?? '');
  return rank + 1; // -1 (unlisted) → 0
}

/** What a status change is made on: the change its maker saw last, or the current state (the panel). */
type ChangeBase = { kind: 'seen'; operationId: string | null } | { kind: 'current' };

export interface StatusChangeInput {
  /** The log entry's id: a UUID v7, so the log's rows land at the end of its primary key, not on random pages. */
  logId: string;
  /** The change's own id (a device's operation id, or the log id for the panel); applied at most once. */
  operationId: string;
  resource: string;
  recordId: string;
  toStatus: string;
  base: ChangeBase;
  /** When set, the record must belong to this event (a device's changes name the event they were made in). */
  eventId?: string | null;
  /** When set, the record must still be at this `updatedAt` (the panel's `If-Match`). */
  expectedUpdatedAt?: string | null;
  author: { userId: string | null; name: string };
  /** The device that made the change; `null` for the panel. */
  device: { id: string; name: string } | null;
  /** When it happened, on the server's clock. */
  happenedAt: string;
  /** The device's own time was not believable; `happenedAt` is the arrival (checkin.ts `checkedSender`). */
  deviceTimeDoubtful?: boolean;
  /**
   * Who may set or lift an organiser's hold with this change: `organiser` (an admin, and every panel change,
   * whose routes refuse staff) or `staff`, whose door change into or out of a hold is `held` for a decision.
   */
  authority?: 'organiser' | 'staff';
  /**
   * Held for a decision whatever the ordering rule says: made on a revoked device, by a disabled account, or
   * sent without the MAC of the key issued with its author ticket (auth/device-signature.ts).
   */
  holdFor?: 'revoked' | 'author' | 'signature' | null;
  claimedDeviceTime?: string | null;
  receivedAt: string;
  notes?: string;
  /** Also written on the record when the change applies (e.g. an enquiry's notes). */
  alsoSet?: Record<string, SqlValue>;
  /**
   * The record is inserted with this very status in the same commit (a walk-in's registration): the change
   * is its first, logged as coming from no status.
   */
  firstStatus?: boolean;
}

/**
 * A change made in the panel (or an organiser's decision): made on the state the organiser saw, so
 * causally later by construction; no device; it happens when it arrives. Its log id is its operation id.
 */
export function panelChange(input: {
  resource: string;
  recordId: string;
  toStatus: string;
  author: StatusChangeInput['author'];
  at: string;
  expectedUpdatedAt?: string | null;
  notes?: string;
  alsoSet?: StatusChangeInput['alsoSet'];
}): StatusChangeInput {
  const logId = uuidv7();
  const { at, ...rest } = input;
  return { ...rest, logId, operationId: logId, base: { kind: 'current' }, device: null, happenedAt: at, receivedAt: at };
}

/** Where a status lives: the table, its status column, and whether the door's bookkeeping goes with it. */
interface StatusTarget {
  table: SQLiteTable & { id: SQLiteColumn; updatedAt: SQLiteColumn };
  column: SQLiteColumn;
  /** The door's kind when `column` is a door column (roster stamps and the conflict rule apply). */
  doorKind: RosterKind | null;
}

/** The door column of a roster kind (operations from devices). */
export function doorTarget(kind: RosterKind): StatusTarget {
  return { table: DOOR_TABLES[kind] as StatusTarget['table'], column: doorStatusColumn(kind), doorKind: kind };
}

/**
 * A resource's own `status` column (the panel). For visitors, guests, speakers and VIP awardees that is
 * their door status; stalls' and sponsors' `status` is their booking's, apart from their door attendance.
 */
export function recordTarget(resource: string, table: SQLiteTable & { id: SQLiteColumn; updatedAt: SQLiteColumn; status: SQLiteColumn }): StatusTarget {
  return { table, column: table.status, doorKind: isAttendeeKind(resource) ? resource : null };
}

const dialect = new SQLiteSyncDialect();
const id = (column: SQLiteColumn) => sql.identifier(column.name);

type Built = BuiltTemplate;

/** The engine's statements, built once per shape and kept in the one template cache (db/sql-statement.ts). */
const template = (key: string, build: (p: (name: string) => Placeholder) => SQL): Built =>
  builtOnce(`status-engine|${key}`, () => dialect.sqlToQuery(build((name) => sql.placeholder(name))));

const fill = fillTemplate;

/** `CASE <column> WHEN 'a' THEN 1 ... ELSE 0 END`: a status's precedence, in SQL. */
function precedenceSql(kind: RosterKind, column: SQL | SQLiteColumn): SQL {
  const arms = DOOR_PRECEDENCE[kind].map((status, i) => sql`WHEN ${sql.raw(`'${status}'`)} THEN ${sql.raw(String(i + 1))}`);
  return sql`(CASE ${column} ${sql.join(arms, sql` `)} ELSE 0 END)`;
}

/**
 * The two statements of one status change, to run in one write transaction (through the write lane):
 *
 * 1. the log entry, inserted from the record's current row, with its outcome decided there by the
 *    ordering rule (nothing is inserted when the operation id was seen before — a resent batch — or the
 *    record is gone, in another event, or changed since the panel read it). Returns the outcome.
 * 2. the record's update, which happens only when that very log entry says `applied`.
 *
 * Deciding inside the transaction is what lets the door's operations share the write lane's group
 * commits without a read-then-write race, and without holding a transaction across an await.
 */
export function statusChangeStatements(target: StatusTarget, input: StatusChangeInput): SqlStatement[] {
  const { table, column, doorKind } = target;
  const log = statusChanges;
  const causal = input.base.kind === 'current';
  const also = Object.keys(input.alsoSet ?? {}).sort();
  const key = [getTableName(table), column.name, doorKind ?? '-', causal ? 'causal' : 'seen', input.firstStatus ? 'first' : '', also.join(',')].join('|');
  const rowOf = sql`t`;
  const col = (c: SQLiteColumn) => sql`${rowOf}.${id(c)}`;
  const stamps = doorKind !== null;
  const tableWithStamps = table as unknown as Record<
    'statusOperationId' | 'statusChangedAt' | 'statusChangedBy' | 'statusDeviceId' | 'statusDeviceTime' | 'eventId',
    SQLiteColumn
  >;

  const insert = template(`insert|${key}`, (p) => {
    const current = stamps ? col(tableWithStamps.statusOperationId) : sql`NULL`;
    const sameBase = sql`${current} IS ${p('base')}`;
    let outcome: SQL;
    let conflictWith: SQL;
    let heldBecause: SQL;
    if (causal || !doorKind) {
      outcome = sql`'applied'`;
      conflictWith = sql`NULL`;
      heldBecause = sql`NULL`;
    } else {
      const incoming = sql`${p('toRank')}`;
      const holds = sql.join(
        DOOR_HOLDS[doorKind].map((s) => sql.raw(`'${s}'`)),
        sql`, `,
      );
      const onHold = sql`${col(column)} IN (${holds})`;
      // Staff may put on hold only a walk-in their own device has just registered (undoing it).
      const ownWalkIn = sql`(${current} IS ${col(table.id)} AND ${col(tableWithStamps.statusDeviceId)} IS ${p('deviceId')})`;
      const staffHold = sql`${p('organiser')} = 0 AND ${col(column)} IS NOT ${p('toStatus')}
        AND (${onHold} OR ${p('toIsHold')} = 1) AND NOT (${p('toIsHold')} = 1 AND ${ownWalkIn})`;
      const concurrentHold = sql`${onHold} AND ${col(column)} IS NOT ${p('toStatus')}`;
      // A concurrent change that meets a hold is held as meeting it (`hold`) before asking who made it.
      const metHold = sql`NOT (${sameBase}) AND ${concurrentHold}`;
      outcome = sql`CASE WHEN ${p('holdFor')} IS NOT NULL THEN 'held'
        WHEN ${metHold} THEN 'held'
        WHEN ${staffHold} THEN 'held'
        WHEN ${sameBase} THEN 'applied'
        WHEN ${incoming} > ${precedenceSql(doorKind, col(column))} THEN 'applied'
        ELSE 'superseded' END`;
      heldBecause = sql`CASE WHEN ${p('holdFor')} IS NOT NULL THEN ${p('holdFor')}
        WHEN ${metHold} THEN 'hold'
        WHEN ${staffHold} THEN 'role'
        ELSE NULL END`;
      conflictWith = sql`CASE WHEN ${p('holdFor')} IS NOT NULL OR (${staffHold}) THEN ${current} WHEN ${sameBase} THEN NULL ELSE ${current} END`;
    }
    const eventColumn = 'eventId' in table ? col(tableWithStamps.eventId) : sql`NULL`;
    const columns = [
      log.id,
      log.resource,
      log.recordId,
      log.eventId,
      log.fromStatus,
      log.toStatus,
      log.changedByUserId,
      log.changedByName,
      log.deviceId,
      log.deviceName,
      log.operationId,
      log.deviceTime,
      log.claimedDeviceTime,
      log.baseOperationId,
      log.outcome,
      log.conflictWithOperationId,
      log.heldBecause,
      log.deviceTimeDoubtful,
      log.notes,
      log.createdAt,
    ];
    const values = [
      p('logId'),
      p('resource'),
      col(table.id),
      eventColumn,
      input.firstStatus ? sql`NULL` : col(column),
      p('toStatus'),
      p('authorId'),
      p('authorName'),
      p('deviceId'),
      p('deviceName'),
      p('operationId'),
      p('happenedAt'),
      p('claimedDeviceTime'),
      p('base'),
      outcome,
      conflictWith,
      heldBecause,
      p('doubtful'),
      p('notes'),
      p('receivedAt'),
    ];
    return sql`INSERT INTO ${log} (${sql.join(columns.map(id), sql`, `)})
      SELECT ${sql.join(values, sql`, `)} FROM ${table} AS ${rowOf}
      WHERE ${col(table.id)} = ${p('recordId')}
        AND (${p('eventId')} IS NULL OR ${eventColumn} IS ${p('eventId')})
        AND (${p('expectedUpdatedAt')} IS NULL OR ${col(table.updatedAt)} = ${p('expectedUpdatedAt')})
      ON CONFLICT (${id(log.operationId)}) DO NOTHING
      RETURNING ${id(log.outcome)} AS outcome, ${id(log.fromStatus)} AS fromStatus, ${id(log.conflictWithOperationId)} AS conflictWith`;
  });

  const update = template(`update|${key}`, (p) => {
    const sets: SQL[] = [sql`${id(column)} = ${p('toStatus')}`, sql`${id(table.updatedAt)} = ${p('receivedAt')}`];
    if (stamps) {
      sets.push(
        sql`${id(tableWithStamps.statusChangedAt)} = ${p('happenedAt')}`,
        sql`${id(tableWithStamps.statusChangedBy)} = ${p('authorName')}`,
        sql`${id(tableWithStamps.statusDeviceId)} = ${p('deviceIdOrPanel')}`,
        sql`${id(tableWithStamps.statusDeviceTime)} = ${p('happenedAt')}`,
        sql`${id(tableWithStamps.statusOperationId)} = ${p('operationId')}`,
      );
    }
    for (const name of also) sets.push(sql`${sql.identifier(name)} = ${p(`also:${name}`)}`);
    return sql`UPDATE ${table} SET ${sql.join(sets, sql`, `)}
      WHERE ${id(table.id)} = ${p('recordId')}
        AND EXISTS (SELECT 1 FROM ${log} WHERE ${id(log.id)} = ${p('logId')} AND ${id(log.outcome)} = 'applied')`;
  });

  const values: Record<string, unknown> = {
    logId: input.logId,
    resource: input.resource,
    recordId: input.recordId,
    toStatus: input.toStatus,
    toRank: doorKind ? precedence(doorKind, input.toStatus) : 0,
    base: input.base.kind === 'seen' ? input.base.operationId : null,
    eventId: input.eventId ?? null,
    expectedUpdatedAt: input.expectedUpdatedAt ?? null,
    authorId: input.author.userId,
    authorName: input.author.name,
    deviceId: input.device?.id ?? null,
    deviceIdOrPanel: input.device?.id ?? PANEL_DEVICE,
    deviceName: input.device?.name ?? null,
    operationId: input.operationId,
    happenedAt: input.happenedAt,
    claimedDeviceTime: input.claimedDeviceTime ?? null,
    doubtful: input.deviceTimeDoubtful ? 1 : 0,
    organiser: input.authority === 'staff' ? 0 : 1,
    toIsHold: isDoorHold(input.resource, input.toStatus) ? 1 : 0,
    holdFor: input.holdFor ?? null,
    notes: input.notes ?? '',
    receivedAt: input.receivedAt,
  };
  for (const name of also) values[`also:${name}`] = input.alsoSet![name];
  return [fill(insert, values), fill(update, values)];
}

/**
 * The person's door state and event, read inside the same write transaction (after the batch's changes):
 * the door's answers need it, and reading it on the writer keeps the server's main thread free.
 */
export function doorStateStatement(kind: RosterKind, recordId: string): SqlStatement {
  const table = DOOR_TABLES[kind];
  const built = template(
    `state|${kind}`,
    (p) => sql`SELECT ${id(table.id)} AS id, ${id(table.eventId)} AS eventId, ${id(doorStatusColumn(kind))} AS status,
      ${id(table.statusChangedAt)} AS statusChangedAt, ${id(table.statusChangedBy)} AS statusChangedBy, ${id(table.statusDeviceId)} AS statusDeviceId,
      ${id(table.statusOperationId)} AS statusOperationId
    FROM ${table} WHERE ${id(table.id)} = ${p('recordId')}`,
  );
  return fill(built, { recordId });
}

/** The device id the panel's own changes carry on the record; refused from devices. */
export const PANEL_DEVICE = 'panel';

/** The first statement's answer: the outcome, or nothing when the change was not logged (seen before, gone, moved, stale). */
export function outcomeOf(
  rows: Array<Record<string, unknown>> | undefined,
): { outcome: StatusChangeOutcome; fromStatus: string | null; conflictWith: string | null } | null {
  const row = rows?.[0];
  if (!row) return null;
  return {
    outcome: row.outcome as StatusChangeOutcome,
    fromStatus: (row.fromStatus as string | null) ?? null,
    conflictWith: (row.conflictWith as string | null) ?? null,
  };
}
