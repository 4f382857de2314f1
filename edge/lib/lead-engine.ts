import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { builtOnce, fillTemplate, type SqlStatement } from '../db/sql-statement';
import { type LeadRating, leadOperations, leads } from '../db/tables/exhibitors';
import { visitors } from '../db/tables/people';
import type { LeadOperation } from '../schemas/exhibitor-leads';

/**
 * The lead lane's engine (issue 32, decision 083): the statements of one lead operation, to run in one
 * write transaction, in the door's way (lib/status-engine.ts): the log entry is inserted from the rows as
 * they are in that transaction, with its outcome decided there, then the lead changes only if that very
 * entry (a fresh log id per attempt) says so. An operation id seen before inserts nothing: exactly once.
 *
 * - scan: the pass code is looked up among the visitors of the exhibitor's event (the phone holds no roster
 *   and never receives the code's owner's code back). No lead of this exhibitor for that visitor yet: the
 *   lead is made with the scan's id (`applied`). Otherwise the scan joins that lead (`merged`), whoever made
 *   it; the lead keeps the earlier of the two scans' (corrected) times.
 * - rate / note / follow_up: the operation names the lead by the id of the phone's own scan (found through
 *   the log, so a phone whose scan merged into another phone's lead reaches that lead) and the operation
 *   that set the field as the phone last saw it (its base). Base = the field's current operation: the
 *   phone knew the current value, so the change applies, whatever any clock says. Otherwise the two
 *   changes were concurrent, and the rule is the same whichever arrives first: the hotter rating wins (a
 *   lead rated hot by one of two staff is hot); both notes are kept, one under the other; ticked follow-ups
 *   are the union of both.
 */
const dialect = new SQLiteSyncDialect();
const template = (key: string, build: (p: (name: string) => Placeholder) => SQL) =>
  builtOnce(`lead-engine|${key}`, () => dialect.sqlToQuery(build((name) => sql.placeholder(name))));

const RATING_RANK: Record<LeadRating, number> = { cold: 1, warm: 2, hot: 3 };
const ratingRankSql = (column: SQL) => sql`(CASE ${column} WHEN 'hot' THEN 3 WHEN 'warm' THEN 2 WHEN 'cold' THEN 1 ELSE 0 END)`;

const L = leads;
const O = leadOperations;
const logColumns = sql.raw(
  [
    'id',
    'operation_id',
    'exhibitor_id',
    'lead_id',
    'kind',
    'outcome',
    'base_operation_id',
    'author_id',
    'device_id',
    'happened_at',
    'claimed_device_time',
    'device_time_doubtful',
    'received_at',
  ].join(', '),
);
/** The log row's values after its lead id and outcome, in `logColumns`' order. */
const logTail = (p: (name: string) => Placeholder) =>
  sql`${p('base')}, ${p('authorId')}, ${p('deviceId')}, ${p('happenedAt')}, ${p('claimed')}, ${p('doubtful')}, ${p('receivedAt')}`;
const returning = sql.raw('RETURNING outcome, lead_id AS leadId');

const scanLog = template(
  'scan|log',
  (p) => sql`INSERT INTO ${O} (${logColumns})
    SELECT ${p('logId')}, ${p('operationId')}, ${p('exhibitorId')}, coalesce(l.id, ${p('operationId')}), 'scan',
      CASE WHEN l.id IS NULL THEN 'applied' ELSE 'merged' END, ${logTail(p)}
    FROM ${visitors} AS v LEFT JOIN ${L} AS l ON l.exhibitor_id = ${p('exhibitorId')} AND l.visitor_id = v.id
    WHERE v.pass_code = ${p('passCode')} AND v.event_id = ${p('eventId')}
    ON CONFLICT (operation_id) DO NOTHING ${returning}`,
);
const scanLead = template(
  'scan|lead',
  (p) => sql`INSERT INTO ${L} (id, exhibitor_id, event_id, visitor_id, scanned_at, claimed_device_time, device_time_doubtful,
      device_id, device_name, author_id, author_name, follow_ups, created_at, updated_at)
    SELECT o.lead_id, o.exhibitor_id, ${p('eventId')}, v.id, o.happened_at, o.claimed_device_time, o.device_time_doubtful,
      o.device_id, ${p('deviceName')}, o.author_id, ${p('authorName')}, '[]', o.received_at, o.received_at
    FROM ${O} AS o JOIN ${visitors} AS v ON v.pass_code = ${p('passCode')} AND v.event_id = ${p('eventId')}
    WHERE o.id = ${p('logId')} AND o.outcome = 'applied'
    ON CONFLICT DO NOTHING`,
);
const scanMerged = template(
  'scan|merged',
  (p) => sql`UPDATE ${L} SET scanned_at = ${p('happenedAt')}, claimed_device_time = ${p('claimed')}, device_time_doubtful = ${p('doubtful')}
    WHERE id = (SELECT lead_id FROM ${O} WHERE id = ${p('logId')} AND outcome = 'merged') AND scanned_at > ${p('happenedAt')}`,
);

/** The lead a phone's operation names: its own scan's (or the lead's own) id, through the log, of this exhibitor only. */
const namedLead = (p: (name: string) => Placeholder) =>
  sql`(SELECT r.lead_id FROM ${O} AS r WHERE r.operation_id = ${p('leadRef')} AND r.exhibitor_id = ${p('exhibitorId')})`;

/** The log entry of a change to a lead's field: `concurrent` decides when the base is not the field's current operation. */
const fieldLog = (kind: string, opColumn: string, concurrent: (p: (name: string) => Placeholder) => SQL) =>
  template(
    `${kind}|log`,
    (p) => sql`INSERT INTO ${O} (${logColumns})
      SELECT ${p('logId')}, ${p('operationId')}, ${p('exhibitorId')}, l.id, ${sql.raw(`'${kind}'`)},
        CASE WHEN l.${sql.raw(opColumn)} IS ${p('base')} THEN 'applied' ELSE ${concurrent(p)} END, ${logTail(p)}
      FROM ${L} AS l WHERE l.id = ${namedLead(p)}
      ON CONFLICT (operation_id) DO NOTHING ${returning}`,
  );
const outcomeOfLog = (p: (name: string) => Placeholder) => sql`(SELECT outcome FROM ${O} WHERE id = ${p('logId')})`;
const changedLead = (p: (name: string) => Placeholder) => sql`(SELECT lead_id FROM ${O} WHERE id = ${p('logId')} AND outcome IN ('applied', 'merged'))`;

const rateLog = fieldLog(
  'rate',
  'rating_operation_id',
  (p) => sql`CASE WHEN ${p('rank')} > ${ratingRankSql(sql.raw('l.rating'))} THEN 'applied' ELSE 'superseded' END`,
);
const rateLead = template(
  'rate|lead',
  (p) => sql`UPDATE ${L} SET rating = ${p('rating')}, rating_operation_id = ${p('operationId')}, updated_at = ${p('receivedAt')}
    WHERE id = ${changedLead(p)}`,
);
const noteLog = fieldLog('note', 'note_operation_id', (p) => sql`CASE WHEN ${p('note')} = '' OR l.note = ${p('note')} THEN 'superseded' ELSE 'merged' END`);
const noteLead = template(
  'note|lead',
  (p) => sql`UPDATE ${L} SET note = CASE WHEN ${outcomeOfLog(p)} = 'applied' OR note = '' THEN ${p('note')} ELSE note || char(10) || ${p('note')} END,
      note_operation_id = ${p('operationId')}, updated_at = ${p('receivedAt')}
    WHERE id = ${changedLead(p)}`,
);
const followUpLog = fieldLog('follow_up', 'follow_ups_operation_id', () => sql`'merged'`);
const followUpLead = template(
  'follow_up|lead',
  (p) => sql`UPDATE ${L} SET follow_ups = CASE WHEN ${outcomeOfLog(p)} = 'applied' THEN ${p('followUps')}
        ELSE (SELECT json_group_array(value) FROM (SELECT value FROM json_each(${L}.follow_ups) UNION SELECT value FROM json_each(${p('followUps')}))) END,
      follow_ups_operation_id = ${p('operationId')}, updated_at = ${p('receivedAt')}
    WHERE id = ${changedLead(p)}`,
);

export interface LeadChange {
  logId: string;
  op: LeadOperation;
  exhibitorId: string;
  eventId: string;
  author: { id: string; name: string };
  device: { id: string; name: string };
  /** When it happened on the server's clock (the door's time rule), and whether the device's time was set aside. */
  happenedAt: string;
  doubtful: boolean;
  receivedAt: string;
}

/** The statements of one lead operation; the first one answers `{ outcome, leadId }` when it was logged now. */
export function leadOperationStatements(change: LeadChange): SqlStatement[] {
  const { op } = change;
  const values: Record<string, unknown> = {
    logId: change.logId,
    operationId: op.id,
    exhibitorId: change.exhibitorId,
    eventId: change.eventId,
    base: op.kind === 'scan' ? null : op.baseOperationId,
    authorId: change.author.id,
    authorName: change.author.name,
    deviceId: change.device.id,
    deviceName: change.device.name,
    happenedAt: change.happenedAt,
    claimed: op.deviceTime,
    doubtful: change.doubtful ? 1 : 0,
    receivedAt: change.receivedAt,
    leadRef: op.leadId ?? null,
    passCode: op.passCode ?? null,
    rating: op.rating ?? null,
    rank: op.rating ? RATING_RANK[op.rating] : 0,
    note: op.note ?? '',
    followUps: JSON.stringify([...new Set(op.followUps ?? [])]),
  };
  const pair = {
    scan: [scanLog, scanLead, scanMerged],
    rate: [rateLog, rateLead],
    note: [noteLog, noteLead],
    follow_up: [followUpLog, followUpLead],
  }[op.kind];
  return pair.map((built) => fillTemplate(built, values));
}

/** How many statements `leadOperationStatements` makes for an operation of `kind`. */
export const statementsOf = (kind: LeadOperation['kind']) => (kind === 'scan' ? 3 : 2);
