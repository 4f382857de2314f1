import { and, eq, inArray, isNull, type Placeholder, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { doorOf } from '../../shared/resources/kinds';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { signAuthorTicket, verifyAuthorTicket } from '../auth/author-ticket';
import { AUTHOR_TICKET_HEADER, DEVICE_SIGNATURE_HEADER, signedQueryText, verifyDeviceRequest } from '../auth/device-signature';
import { admitSessionUser, requireAdmin, requireStaff, requireStaffAtCommit, sessionUserQuery } from '../auth/require-role';
import { statementTemplate, toStatement, type SqlStatement } from '../db/sql-statement';
import { events } from '../db/tables/events';
import { exhibitors } from '../db/tables/exhibitors';
import { stalls } from '../db/tables/organisations';
import { recordMerges } from '../db/tables/duplicates';
import { visitors } from '../db/tables/people';
import { deviceReports, rosterSequence, rosterTombstones, STANDING_CHECK, standingChecks, statusChanges, users } from '../db/tables/system';
import { databaseGeneration } from '../db/generation';
import { endSession } from '../auth/sessions';
import type { Database } from '../db/database';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { validate, validateJsonInChunks } from '../http/validate';
import { groupCommit } from '../perf/group-commit';
import { exhibitorName, exhibitorStallNumber } from '../lib/exhibitors';
import { newPassCode } from '../lib/pass-code';
import { sha256Hex } from '../perf/sha256';
import { uuidv7 } from '../lib/uuid-v7';
import { DOOR_TABLES, doorStateStatement, doorStatusColumn, doorTarget, outcomeOf, panelChange, statusChangeStatements } from '../lib/status-engine';
import {
  type CheckinBatch,
  checkinBatchSchema,
  conflictQuerySchema,
  conflictResolutionSchema,
  DOOR_STATUSES,
  deviceReportSchema,
  deviceSignInSchema,
  eventQuerySchema,
  operationBatchEnvelopeSchema,
  ROSTER_KINDS,
  type RosterKind,
  rosterQuerySchema,
  walkInSchema,
} from '../schemas/checkin';

/**
 * The venue door (docs/checkin-sync.md): the roster by version for devices to keep in IndexedDB, the
 * operations they queued while offline, walk-in registrations, devices and their authors, and the
 * organisers' conflict inbox. Every status change goes through the status engine (lib/status-engine.ts).
 */
const TABLES = DOOR_TABLES;

/**
 * One SELECT per kind in the roster's common shape, itself limited: each arm walks its own
 * (event_id, roster_version) index, so a page sorts at most `limit` rows per kind instead of every row
 * left after the cursor (the first load would otherwise sort the whole roster once per page).
 */
function rosterArm(kind: RosterKind, eventId: string, since: number, limit: number) {
  const table = TABLES[kind];
  const name = kind === 'stalls' || kind === 'sponsors' ? TABLES[kind].contactPersonName : TABLES[kind].fullName;
  const organisation = kind === 'stalls' ? stalls.companyName : TABLES[kind].organizationName;
  // The pass codes of records merged into this one: the door admits them as this person's (a merge bumps the
  // survivor's roster version, so the aliases travel with its next roster entry).
  const aliases = sql`(SELECT group_concat(json_extract(${recordMerges.mergedRecord}, '$.passCode'))
    FROM ${recordMerges} WHERE ${recordMerges.resource} = ${kind} AND ${recordMerges.survivorId} = ${table.id})`;
  return sql`SELECT ${kind} AS kind, ${table.id} AS id, ${name} AS name, ${table.mobileNumber} AS mobile, ${organisation} AS organisation,
    ${table.passCode} AS passCode, ${doorStatusColumn(kind)} AS status, ${table.statusChangedAt} AS statusChangedAt,
    ${table.statusChangedBy} AS statusChangedBy, ${table.statusDeviceId} AS statusDeviceId, ${table.statusOperationId} AS statusOperationId,
    ${table.rosterVersion} AS version, 0 AS deleted, ${aliases} AS aliases
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
  /** The change that set the current status: a device's next change names it as its base. */
  statusOperationId: string | null;
  version: number;
  deleted: number;
  /** Pass codes of records merged into this person, comma-separated: admitted as theirs. */
  aliases: string | null;
}

/** A person's door state as devices keep it, after a change. */
export interface PersonState {
  status: string | null;
  statusChangedAt: string | null;
  statusChangedBy: string | null;
  statusDeviceId: string | null;
  statusOperationId: string | null;
}

/** The door state and event of each of `ids` (of one kind), read after a write. */
async function doorStates(db: Database, kind: RosterKind, ids: string[]) {
  const table = TABLES[kind];
  if (!ids.length) return new Map<string, PersonState & { eventId: string | null }>();
  const rows = await db
    .select({
      id: table.id,
      eventId: table.eventId,
      status: doorStatusColumn(kind),
      statusChangedAt: table.statusChangedAt,
      statusChangedBy: table.statusChangedBy,
      statusDeviceId: table.statusDeviceId,
      statusOperationId: table.statusOperationId,
    })
    .from(table)
    .where(inArray(table.id, ids));
  return new Map(rows.map(({ id, ...state }) => [id, { ...state, status: (state.status as string | null) ?? null }]));
}

const personState = (s: PersonState): PersonState => ({
  status: s.status,
  statusChangedAt: s.statusChangedAt,
  statusChangedBy: s.statusChangedBy,
  statusDeviceId: s.statusDeviceId,
  statusOperationId: s.statusOperationId,
});

/** Operations per commit of the write lane (see `POST /ops`): 10 kept register p99 at 36 ms while a tablet synced, 25 at 52 ms. */
const OPS_PER_COMMIT = 10;
/** The live counts' kinds in the registry's order with their words, sent with every count (the dashboard loads no registry). */
const COUNTED_KINDS = ROSTER_KINDS.map((kind) => ({ kind, label: doorOf(kind).plural }));

/** Differences below this are the network's latency, not a wrong clock. */
const CLOCK_TOLERANCE_MS = 5_000;
/** A device report older than this is shown with its age but no longer counted as waiting. */
const DEVICE_REPORT_FRESH_MS = 2 * 3600_000;
/** A device with changes waiting and no report for this long is flagged on the dashboard as silent. */
const DEVICE_SILENT_MS = 3600_000;

export const DEVICE_REVOKED = 'This device was revoked';
export const AUTHOR_DISABLED = 'The account that made these changes is disabled';
const SIGNATURE_STALE = "The request's signature is not from now: sign it again with the server's time";
export const SIGNATURE_INVALID = 'This request is not signed with the key issued to the device with its author ticket';

/**
 * Keeps the request's body as it came (before a validator parses it): the device's signature is over those
 * exact bytes (auth/device-signature.ts); Hono then parses the kept text.
 */
export const keepSignedBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  await c.req.text();
  await next();
};

/**
 * The sender of a batch, checked: the author through the ticket's signature (issued to this very
 * device), whether that author's account and the device still stand, and the device's clock through the
 * request's `sentAt`. On the door's lane (`doorStanding`) the session is admitted here too (a 401 or 403
 * answer), and the sender comes with the statement that checks its standing again at commit (`guard`).
 *
 * Device times become server times: the device's time corrected by its measured offset, believed only
 * inside [the ticket's issue, the arrival] — nothing queued under a ticket can be older than the ticket,
 * and nothing is newer than its arrival. Outside it, the uncorrected time is tried (a `sentAt` far off
 * while the change's own time is right); failing both, the change is dated at its arrival and flagged.
 */
export async function checkedSender(
  c: Context<AppEnv>,
  body: Pick<CheckinBatch, 'deviceId' | 'deviceName' | 'author' | 'sentAt'>,
  readStanding: StandingReader,
  options: { fresh?: boolean } = {},
) {
  const { secrets, now } = c.get('deps');
  const received = now();
  const check = await verifyAuthorTicket(body.author, body.deviceId, secrets.jwtSecret, received);
  // MACed with the key issued with the ticket (auth/device-signature.ts, decision 086): without it, the ticket
  // was read off the device and sent from elsewhere, and its changes wait for an organiser.
  const signature = check.ok ? verifyDeviceRequest(c.req.header(DEVICE_SIGNATURE_HEADER), await c.req.text(), check.author.mac, received.getTime()) : 'invalid';
  // A batch refused for its ticket or its signature is answered on what stands now, not on a remembered standing.
  const read = await readStanding(
    c,
    { userId: check.ok ? check.author.userId : null, deviceId: body.deviceId },
    options.fresh || !check.ok || signature === 'stale',
  );
  if (read instanceof Response) return read as SessionRefusal;
  if (!check.ok) return senderRefused(check.message, { author: check.message });
  if (signature === 'stale') return senderRefused(SIGNATURE_STALE, { signature: 'stale', serverTime: received.toISOString() });
  const unsigned = signature !== 'valid';
  const { standing, guard } = read;
  const account = standing?.role ? { role: String(standing.role), disabled: Boolean(standing.disabled) } : undefined;
  const revokedAtMs = standing?.revokedAt ? Date.parse(String(standing.revokedAt)) : null;
  const authorDisabled = !account || account.disabled;
  const measured = received.getTime() - Date.parse(body.sentAt);
  const offsetMs = Math.abs(measured) <= CLOCK_TOLERANCE_MS ? 0 : measured;
  const receivedAt = received.toISOString();
  const earliest = check.author.issuedAtMs - 1000;
  const latest = received.getTime();
  const believable = (ms: number) => ms >= earliest && ms <= latest + CLOCK_TOLERANCE_MS;
  /** When a change happened, on the server's clock, and whether its device's time had to be set aside. */
  const timeOf = (deviceTime: string) => {
    const claimed = Date.parse(deviceTime);
    const at = [claimed + offsetMs, claimed].find(believable);
    return at === undefined ? { ms: latest, doubtful: true } : { ms: Math.min(at, latest), doubtful: false };
  };
  return {
    author: check.author,
    /** The ticket's author is an account this lane knows (a panel user at the door; one of the exhibitor's people on its lane). */
    authorKnown: account !== undefined,
    /** Only organisers set or lift holds (schemas/checkin.ts `DOOR_HOLDS`). */
    authority: account?.role === 'admin' ? ('organiser' as const) : ('staff' as const),
    device: { id: body.deviceId, name: body.deviceName },
    revoked: revokedAtMs !== null,
    offsetMs,
    receivedAt,
    /** Every commit made for this sender starts with it: it fails the commit if the standing read has moved. */
    guard: guard ? [guard] : [],
    /** The standing is the one read for an earlier batch (checked at commit; a refusal checks it first). */
    remembered: read.remembered === true,
    timeOf: (deviceTime: string) => {
      const { ms, doubtful } = timeOf(deviceTime);
      return { happenedAt: new Date(ms).toISOString(), doubtful };
    },
    /** Why a change dated `happenedAt` waits for an organiser whatever the ordering rule says, if it does. */
    holdFor: (happenedAt: string): 'revoked' | 'author' | 'signature' | null =>
      revokedAtMs !== null && Date.parse(happenedAt) > revokedAtMs ? 'revoked' : authorDisabled ? 'author' : unsigned ? 'signature' : null,
    /**
     * Names the device and records its clock's offset, in the same commit as its changes — when either
     * changed or a minute passed, not on every request of a busy gate.
     */
    deviceStatements: (db: Database): SqlStatement[] => {
      const last = recentDeviceWrites.get(body.deviceId);
      const at = received.getTime();
      if (last && last.name === body.deviceName && Math.abs(last.offsetMs - measured) < 1000 && at - last.at < 60_000) return [];
      if (recentDeviceWrites.size >= 10_000) recentDeviceWrites.clear();
      recentDeviceWrites.set(body.deviceId, { name: body.deviceName, offsetMs: measured, at });
      return [
        toStatement(
          db
            .update(deviceReports)
            .set({ ...(body.deviceName ? { name: body.deviceName } : {}), clockOffsetMs: measured, clockCheckedAt: receivedAt })
            .where(eq(deviceReports.deviceId, body.deviceId)),
        ),
      ];
    },
  } as const;
}

/** A batch author's account (role, disabled) and the sending device's revocation, as a lane reads them. */
export type SenderStanding = Record<string, unknown> | undefined;
/**
 * Reads a lane's sender standing (`who.userId` is null when the ticket is not valid; `fresh`: not from what
 * was read for an earlier batch), with the statement that checks it again at commit where the lane has one;
 * or answers the request (the door's lane admits the session here).
 */
export type StandingReader = (
  c: Context<AppEnv>,
  who: { userId: string | null; deviceId: string },
  fresh: boolean,
) => Promise<{ standing: SenderStanding; guard?: SqlStatement; remembered?: boolean } | SessionRefusal>;
/** A request's session refused (auth/require-role.ts `admitSessionUser`). */
type SessionRefusal = NonNullable<ReturnType<typeof admitSessionUser>>;

/** Why a batch is answered 400 before any of it is looked at (a ticket not valid; a signature not from now). */
const senderRefused = (error: string, errors: Record<string, string>) => ({ error, errors });

type StandingValues = { userId: string; sessionId: string; authorId: string; deviceId: string };
/**
 * A door batch's whole standing as one JSON text (decision 094): the session's user as every signed-in
 * request reads it (auth/require-role.ts), the ticket author's role and whether disabled, and the device's
 * revocation. Read before a batch is built, and compared with what stands inside the batch's own commit.
 */
const standingQuery = (db: Database, p: (name: keyof StandingValues) => Placeholder) =>
  sessionUserQuery(db, p, {
    standing: sql<string>`json_array(${users.id}, ${users.email}, ${users.name}, ${users.role}, ${users.disabled},
      (SELECT author.${sql.identifier(users.role.name)} FROM ${users} AS author WHERE author.${sql.identifier(users.id.name)} = ${p('authorId')}),
      (SELECT author.${sql.identifier(users.disabled.name)} FROM ${users} AS author WHERE author.${sql.identifier(users.id.name)} = ${p('authorId')}),
      (SELECT ${deviceReports.revokedAt} FROM ${deviceReports} WHERE ${deviceReports.deviceId} = ${p('deviceId')}))`.as('standing'),
  });
const standingRead = statementTemplate<StandingValues>((db, p) => standingQuery(db, p));
/** The batch's first statement: breaks `standing_checks`' constraint unless the standing is still `standing`. */
const standingGuard = statementTemplate<StandingValues & { standing: string }>((db, p) =>
  db
    .insert(standingChecks)
    .values({ id: 1, holds: sql`(${standingQuery(db, p)}) IS ${p('standing')}` })
    .onConflictDoUpdate({ target: standingChecks.id, set: { holds: sql`excluded.${sql.identifier(standingChecks.holds.name)}` } }),
);
/** Whether a commit failed on its standing check: the sender's standing moved since it was read. */
export const standingMoved = (error: unknown) => error instanceof Error && error.message.includes(STANDING_CHECK);
/** Asks `withCheckedSender` to read the standing again and run again (an answer to give only on what stands now). */
const standingToRecheck = () => new Error(`A remembered standing to check again (${STANDING_CHECK})`);

/**
 * The standing each door sender was last read with, by session, author and device: the next batch is built
 * on it and its commit checks it (a busy gate's check-in then reads nothing before its write). Only a
 * standing that admits the session is kept.
 */
const knownStandings = new Map<string, string>();
const doorStanding: StandingReader = async (c, who, fresh) => {
  const { db, readRow } = c.get('deps');
  const { claims, roles } = c.get('pendingSession');
  const values = { userId: claims.userId, sessionId: claims.sessionId, authorId: who.userId ?? '', deviceId: who.deviceId };
  const key = `${values.sessionId} ${values.authorId} ${values.deviceId}`;
  let standing = fresh ? undefined : knownStandings.get(key);
  const remembered = standing !== undefined;
  if (standing === undefined) standing = ((await readRow(standingRead(db, values)))?.standing as string | undefined) ?? '';
  const [id, email, name, role, disabled, authorRole, authorDisabled, revokedAt] = standing ? (JSON.parse(standing) as unknown[]) : [];
  const refused = admitSessionUser(c, claims, roles, standing ? { id, email, name, role, disabled } : undefined);
  if (refused) {
    knownStandings.delete(key);
    return refused;
  }
  if (knownStandings.size >= 10_000) knownStandings.clear();
  knownStandings.set(key, standing);
  return {
    standing: authorRole ? { role: authorRole, disabled: authorDisabled, revokedAt } : { revokedAt },
    guard: standingGuard(db, { ...values, standing }),
    remembered,
  };
};

/**
 * Runs `run` for the batch's checked sender, answering a refused sender instead; when a commit finds the
 * sender's standing moved since it was read (a revocation, a logout, a disabled account in between), reads it
 * again and runs again: each operation is applied once by its id, so what a first run committed answers as
 * seen before.
 */
async function withCheckedSender<Answer>(
  c: Context<AppEnv>,
  body: Pick<CheckinBatch, 'deviceId' | 'deviceName' | 'author' | 'sentAt'>,
  run: (sender: Sender) => Promise<Answer>,
) {
  for (let attempt = 0; ; attempt++) {
    const sender = await checkedSender(c, body, doorStanding, { fresh: attempt > 0 });
    if (sender instanceof Response) return sender;
    if ('error' in sender) return fail(c, 400, sender.error, sender.errors);
    try {
      return await run(sender);
    } catch (error) {
      if (!standingMoved(error) || attempt >= 2) throw error;
    }
  }
}

const PULL_UNSIGNED = 'The roster goes only to a signed-in door device: send the author ticket of the user logged in and sign the request with the device key';

/**
 * Why a roster pull is refused, if it is: it must come from the device it names, MACed with the key issued
 * with that device's author ticket, for the user whose session asks (auth/device-signature.ts). The
 * roster is the door's copy of every name, mobile number and pass code; a revoked device is refused
 * before this (`revokedAnswer`), so only a device an organiser still trusts receives it.
 */
async function unsignedPull(c: Context<AppEnv>, deviceId: string, registered: boolean) {
  const { secrets, now } = c.get('deps');
  const ticket = c.req.header(AUTHOR_TICKET_HEADER);
  if (!ticket) return fail(c, 403, PULL_UNSIGNED, { signature: 'missing' });
  if (!registered) return fail(c, 404, 'Unknown device: sign it in first', { deviceId: 'Unknown device: sign it in first' });
  const received = now();
  const check = await verifyAuthorTicket(ticket, deviceId, secrets.jwtSecret, received);
  if (!check.ok) return fail(c, 403, check.message, { author: check.message });
  if (check.author.userId !== c.get('user').id) {
    const message = 'The author ticket is not the logged-in user’s: sign this device in again';
    return fail(c, 403, message, { author: message });
  }
  const signature = verifyDeviceRequest(c.req.header(DEVICE_SIGNATURE_HEADER), signedQueryText(c.req.query()), check.author.mac, received.getTime());
  if (signature === 'stale') return fail(c, 400, SIGNATURE_STALE, { signature: 'stale', serverTime: received.toISOString() });
  if (signature !== 'valid') return fail(c, 403, signature === 'missing' ? PULL_UNSIGNED : SIGNATURE_INVALID, { signature });
  return null;
}

/** What was last written for each device (values only): see `deviceStatements`. */
const recentDeviceWrites = new Map<string, { name: string; offsetMs: number; at: number }>();

type OpResult = {
  id: string;
  result: 'applied' | 'superseded' | 'held' | 'duplicate' | 'rejected';
  reason?: string;
  firstResult?: string;
  conflictWith?: string | null;
  kind: RosterKind;
  recordId: string;
};

const REJECTED_MOVED = 'This person was moved to another event';
/** A walk-in's status: registered at the desk, not yet checked in. */
const WALK_IN_STATUS = 'registered_at_venue';
const REJECTED_GONE = 'This person is no longer on the roster';

export const checkinRoutes = new Hono<AppEnv>()
  /** `GET /roster?eventId&since&limit`: people changed after version `since`, in version order, and tombstones; plus the devices' names. */
  .get('/roster', requireStaff, validate('query', rosterQuerySchema), async (c) => {
    const { eventId, since, limit, deviceId } = c.req.valid('query');
    const { db } = c.get('deps');
    const [[event], [device]] = await Promise.all([
      db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1),
      db.select({ revokedAt: deviceReports.revokedAt }).from(deviceReports).where(eq(deviceReports.deviceId, deviceId)).limit(1),
    ]);
    // A revoked device is told so first: whatever else its request lacks, it wipes its copy on this answer.
    if (device?.revokedAt) return revokedAnswer(c);
    const refused = await unsignedPull(c, deviceId, !!device);
    if (refused) return refused;
    if (!event) return fail(c, 404, 'Event not found');
    const arms = (Object.keys(TABLES) as RosterKind[]).map((kind) => rosterArm(kind, eventId, since, limit));
    const t = rosterTombstones;
    const tombstones = sql`SELECT ${t.kind} AS kind, ${t.recordId} AS id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ${t.rosterVersion} AS version, 1 AS deleted, NULL AS aliases
      FROM ${t} WHERE ${t.eventId} = ${eventId} AND ${t.rosterVersion} > ${since} ORDER BY ${t.rosterVersion} LIMIT ${limit}`;
    // SQLite allows ORDER BY/LIMIT only on a compound's last arm, so each arm is a subquery.
    const union = sql.join(
      [...arms, tombstones].map((arm) => sql`SELECT * FROM (${arm})`),
      sql` UNION ALL `,
    );
    const [items, devices, standing] = await Promise.all([
      db.all<RosterEntry>(sql`SELECT * FROM (${union}) ORDER BY version LIMIT ${limit}`),
      db.select({ id: deviceReports.deviceId, name: deviceReports.name }).from(deviceReports),
      databaseStanding(db),
    ]);
    const cursor = items.length ? items[items.length - 1]!.version : since;
    return ok(c, {
      items,
      cursor,
      hasMore: items.length === limit,
      deviceNames: Object.fromEntries(devices.filter((d) => d.name).map((d) => [d.id, d.name])),
      ...standing,
    });
  })
  /**
   * `POST /device`: signs this device in for the logged-in user. Registers the device id on first use with
   * the hash of the device's secret; afterwards only that secret may sign it in (or report for it).
   * Answers the author ticket the device stores with every change it queues.
   */
  .post('/device', requireStaff, validate('json', deviceSignInSchema), async (c) => {
    const user = c.get('user');
    return signDeviceIn(c, c.req.valid('json'), { userId: user.id, name: user.name, exhibitorId: null });
  })
  /**
   * `POST /ops`: a batch of queued operations from one device by one author, each applied at most once by
   * its id and ordered by cause (lib/status-engine.ts): an operation made on the person's current change
   * applies; a concurrent one is settled by the door's conflict rule and goes to the conflict inbox.
   * Answers per operation, with the person's state after the batch.
   */
  .post('/ops', requireStaffAtCommit, keepSignedBody, validateJsonInChunks(checkinBatchSchema, operationBatchEnvelopeSchema, 'operations'), async (c) => {
    const batch = c.req.valid('json');
    const { db } = c.get('deps');
    return withCheckedSender(c, batch, async (sender) => {
      const answers: OpResult[] = [];
      const logged: LoggedOp[] = [];
      for (const op of batch.operations) {
        const answer: OpResult = { id: op.id, result: 'rejected', kind: op.kind, recordId: op.recordId };
        answers.push(answer);
        if (!DOOR_STATUSES[op.kind].includes(op.toStatus)) {
          answer.reason = `Status must be one of: ${DOOR_STATUSES[op.kind].join(', ')}`;
          continue;
        }
        logged.push({ answer, op });
      }
      const states = await commitOperations(c, sender, logged, answers);
      const unlogged = await settleUnlogged(db, logged);

      // A person merged into another since the device saw them: the change is the survivor's. Only operations
      // whose person is gone look in the merge log, in a second pass (a busy gate's batches never do).
      const gone = unlogged.filter(({ answer }) => answer.result === 'rejected' && !states.get(personKey(answer)));
      const survivors = gone.length
        ? await survivorsOf(
            db,
            gone.map(({ op }) => op),
          )
        : new Map<string, string>();
      const moved = gone.flatMap(({ answer, op }) => {
        const survivor = survivors.get(`${op.kind}:${op.recordId}`);
        if (!survivor) return [];
        answer.recordId = survivor;
        return [{ answer, op: { ...op, recordId: survivor, note: [op.note, 'Made on a pass merged into this record'].filter(Boolean).join(' · ') } }];
      });
      if (moved.length) {
        const after = await commitOperations(
          c,
          sender,
          moved,
          moved.map((m) => m.answer),
        );
        for (const [key, state] of after) states.set(key, state);
        await settleUnlogged(db, moved);
      }

      const eventOf = new Map(batch.operations.map((op) => [op.id, op.eventId]));
      return ok(c, {
        results: answers.map((answer) => {
          const state = states.get(`${answer.kind}:${answer.recordId}`);
          if (answer.result === 'rejected' && !answer.reason)
            answer.reason = state && state.eventId !== eventOf.get(answer.id) ? REJECTED_MOVED : REJECTED_GONE;
          const person = state && state.eventId === eventOf.get(answer.id) ? personState(state) : null;
          return { ...answer, person };
        }),
        clockOffsetMs: sender.offsetMs,
        /** The device was revoked: it sends what it still holds, then wipes its roster and outbox. */
        revoked: sender.revoked,
        generation: await generationOf(db),
      });
    });
  })
  /**
   * `POST /walk-ins`: a visitor registered at the desk, idempotent by the device-made id. The registration
   * is a status change of its own (its id is the walk-in's), so the device's next change — a check-in made
   * on top of it while still offline — is causally later and applies.
   */
  .post('/walk-ins', requireStaffAtCommit, keepSignedBody, validate('json', walkInSchema), async (c) => {
    const input = c.req.valid('json');
    const { db, writeBatch } = c.get('deps');
    return withCheckedSender(c, input, async (sender) => {
      // A walk-in is a new registration, not a change to hold for a decision: a revoked device, a disabled
      // account or a request not signed by the ticket's device makes none (the device keeps it, refused, with why).
      const refusal = sender.holdFor(sender.timeOf(input.deviceTime).happenedAt);
      // A refusal is answered on what stands now: one built on a remembered standing is checked again first.
      if (refusal && sender.remembered) throw standingToRecheck();
      if (refusal) {
        const message = { revoked: DEVICE_REVOKED, author: AUTHOR_DISABLED, signature: SIGNATURE_INVALID }[refusal];
        return fail(c, 403, message, { device: message });
      }
      const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, input.eventId)).limit(1);
      if (!event) return fail(c, 400, 'Unknown event', { eventId: 'Unknown event' });
      const [existing] = await db.select({ eventId: visitors.eventId }).from(visitors).where(eq(visitors.id, input.id)).limit(1);
      if (existing && existing.eventId !== input.eventId) return fail(c, 409, 'This id is already used by another registration');
      // A walk-in sent again after a restore keeps the pass code it was first given, unless someone else has it now.
      const [codeTaken] = input.passCode ? await db.select({ id: visitors.id }).from(visitors).where(eq(visitors.passCode, input.passCode)).limit(1) : [];
      const passCode = input.passCode && (!codeTaken || codeTaken.id === input.id) ? input.passCode : newPassCode();
      const at = sender.receivedAt;
      const { happenedAt, doubtful } = sender.timeOf(input.deviceTime);
      const { author, device } = sender;
      // The person, then their registration as their first status change, through the status engine (which
      // stamps the door's columns and logs it), in one commit.
      const written = await groupCommit(writeBatch, [
        ...sender.guard,
        toStatement(
          db
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
              status: WALK_IN_STATUS,
              passCode,
              createdBy: author.name,
              createdByRole: 'staff',
              createdAt: at,
              updatedAt: at,
            })
            .onConflictDoNothing({ target: visitors.id })
            .returning({ id: visitors.id }),
        ),
        ...statusChangeStatements(doorTarget('visitors'), {
          logId: uuidv7(),
          operationId: input.id,
          resource: 'visitors',
          recordId: input.id,
          toStatus: WALK_IN_STATUS,
          base: { kind: 'current' },
          eventId: input.eventId,
          firstStatus: true,
          author: { userId: author.userId, name: author.name },
          authority: sender.authority,
          device,
          happenedAt,
          deviceTimeDoubtful: doubtful,
          claimedDeviceTime: input.deviceTime,
          receivedAt: at,
          notes: 'Registered at the venue',
        }),
        ...sender.deviceStatements(db),
      ]);
      const inserted = written[sender.guard.length];
      const [row] = await db.select().from(visitors).where(eq(visitors.id, input.id)).limit(1);
      if (!row || row.eventId !== input.eventId) return fail(c, 409, 'This id is already used by another registration');
      const created = (inserted?.length ?? 0) > 0;
      return ok(c, row, created ? 'Walk-in registered' : 'Already registered', created ? 201 : 200);
    });
  })
  /** `POST /report`: how many operations wait on this device (sent with every sync), from the device's own sessions only. */
  .post('/report', requireStaff, validate('json', deviceReportSchema), async (c) => {
    const input = c.req.valid('json');
    const { db, now, secrets } = c.get('deps');
    const check = await verifyAuthorTicket(input.author, input.deviceId, secrets.jwtSecret, now());
    if (!check.ok) return fail(c, 403, check.message, { author: check.message });
    const values = {
      eventId: input.eventId,
      waiting: input.waiting,
      reportedBy: c.get('user').name,
      reportedAt: now().toISOString(),
      ...(input.appVersion ? { appVersion: input.appVersion } : {}),
      // Replaced on its browser by a new device: no longer live (decision 072).
      ...(input.replaced ? { replacedAt: now().toISOString() } : {}),
    };
    const updated = await db
      .update(deviceReports)
      .set(values)
      .where(and(eq(deviceReports.deviceId, input.deviceId), sql`${deviceReports.revokedAt} IS NULL`))
      .returning({ id: deviceReports.deviceId });
    if (!updated.length) {
      const [device] = await db.select({ revokedAt: deviceReports.revokedAt }).from(deviceReports).where(eq(deviceReports.deviceId, input.deviceId)).limit(1);
      return device ? revokedAnswer(c) : fail(c, 404, 'Unknown device: sign it in first');
    }
    return ok(c, { deviceId: input.deviceId, ...values });
  })
  /**
   * `GET /counts?eventId`: a headcount an organiser can trust — people whose current door status is
   * checked_in, by kind; unique check-ins per hour (India time, by when the door recorded them, on the
   * server's clock); and, apart, the operations devices last said were still waiting (devices silent for
   * hours are listed with their age but not counted), with each device's clock offset.
   */
  .get('/counts', requireStaff, validate('query', eventQuerySchema), async (c) => {
    const { eventId } = c.req.valid('query');
    const { db, now } = c.get('deps');
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
      SELECT strftime('%Y-%m-%dT%H:00', ${statusChanges.deviceTime}, '+330 minutes') AS hour,
        count(DISTINCT ${statusChanges.resource} || ':' || ${statusChanges.recordId}) AS people
      FROM ${statusChanges}
      WHERE ${statusChanges.eventId} = ${eventId} AND ${statusChanges.toStatus} = 'checked_in' AND ${statusChanges.outcome} = 'applied'
        AND ${statusChanges.deviceTime} IS NOT NULL
      GROUP BY hour ORDER BY hour`);
    // Exhibitors' phones send leads, not door changes: their outboxes are not the door's.
    const rows = await db
      .select()
      .from(deviceReports)
      .where(and(eq(deviceReports.eventId, eventId), isNull(deviceReports.exhibitorId)));
    const at = now().getTime();
    // Live devices only: a revoked one's report, or one replaced on its browser by a new device, is no one's work in progress.
    const devices = rows.filter((d) => !d.revokedAt && !d.replacedAt).map((d) => deviceView(d, at));
    return ok(c, {
      // Each kind's words come with the counts: the dashboard shows them without loading the registry.
      kinds: COUNTED_KINDS,
      checkedIn: { ...checkedIn, total: byKind.reduce((sum, [, n]) => sum + n, 0) },
      perHour: perHour.map((row) => ({ hour: `${row.hour}+05:30`, people: Number(row.people) })),
      waiting: { operations: devices.filter((d) => !d.stale).reduce((sum, d) => sum + d.waiting, 0), devices },
    });
  })
  /**
   * `GET /devices`: every door device by name, with who last used it, when it was last heard from, its app
   * version, what it last said was waiting (with the report's age), its clock's offset, and whether it was
   * revoked. Devices silent for over an hour with changes waiting are flagged.
   */
  .get('/devices', requireAdmin, async (c) => {
    const { db, now } = c.get('deps');
    // An exhibitor's phone (decision 088) is listed with the stall or sponsor it belongs to.
    const rows = await db
      .select({ device: deviceReports, exhibitor: exhibitorName, stallNumber: exhibitorStallNumber })
      .from(deviceReports)
      .leftJoin(exhibitors, eq(exhibitors.id, deviceReports.exhibitorId))
      .orderBy(sql`${deviceReports.reportedAt} DESC`);
    const at = now().getTime();
    return ok(c, {
      items: rows.map((r) => ({ ...deviceView(r.device, at), exhibitor: r.device.exhibitorId ? { name: r.exhibitor, stallNumber: r.stallNumber } : null })),
    });
  })
  /**
   * `POST /devices/:id/revoke`: a lost or stolen device. From now its tickets are refused, its session ends,
   * its next contact answers 403 so it wipes its roster and the personal data of its outbox, and its changes
   * dated after now wait in the conflict inbox (those made before still apply).
   */
  .post('/devices/:id/revoke', requireAdmin, async (c) => {
    const { db, now } = c.get('deps');
    const [device] = await db
      .select()
      .from(deviceReports)
      .where(eq(deviceReports.deviceId, c.req.param('id')))
      .limit(1);
    if (!device) return fail(c, 404, 'Device not found');
    const revoked = await revokeDevice(c, device, c.get('user').name);
    return ok(c, deviceView(revoked.device, now().getTime()), revoked.already ? 'This device was already revoked' : 'Device revoked');
  })
  /**
   * `GET /conflicts?eventId&view&deviceId&recordId&page&limit`: the conflict inbox, a page at a time, newest
   * first. `view=decision` (the default) lists changes held for an organiser's decision and not yet decided;
   * `view=settled` the concurrent changes the door's rule settled (double admissions, mostly), which need
   * none; `view=decided` the decided ones. Each item has the change it met, the person and their current
   * change (a decision names it), both devices by name, who won and why. `counts` are the whole event's.
   */
  .get('/conflicts', requireAdmin, validate('query', conflictQuerySchema), async (c) => {
    const { eventId, view, deviceId, recordId, page, limit } = c.req.valid('query');
    const { db } = c.get('deps');
    const mine = statusChanges;
    const inInbox = sql`(${mine.conflictWithOperationId} IS NOT NULL OR ${mine.outcome} = 'held')`;
    const scope = and(inInbox, eventId ? eq(mine.eventId, eventId) : undefined);
    const views = {
      decision: sql`${mine.outcome} = 'held' AND ${mine.resolvedAt} IS NULL`,
      settled: sql`${mine.outcome} <> 'held'`,
      decided: sql`${mine.outcome} = 'held' AND ${mine.resolvedAt} IS NOT NULL`,
    };
    const where = and(scope, views[view], deviceId ? eq(mine.deviceId, deviceId) : undefined, recordId ? eq(mine.recordId, recordId) : undefined);
    const [[counted], [total], rows] = await Promise.all([
      db
        .select({
          decision: sql<number>`coalesce(sum(CASE WHEN ${views.decision} THEN 1 ELSE 0 END), 0)`,
          settled: sql<number>`coalesce(sum(CASE WHEN ${views.settled} THEN 1 ELSE 0 END), 0)`,
          decided: sql<number>`coalesce(sum(CASE WHEN ${views.decided} THEN 1 ELSE 0 END), 0)`,
        })
        .from(mine)
        .where(scope),
      db.select({ n: sql<number>`count(*)` }).from(mine).where(where),
      db
        .select()
        .from(mine)
        .where(where)
        .orderBy(sql`${mine.createdAt} DESC, ${mine.id} DESC`)
        .limit(limit)
        .offset((page - 1) * limit),
    ]);
    const metIds = rows.flatMap((r) => (r.conflictWithOperationId ? [r.conflictWithOperationId] : []));
    const others = metIds.length ? await db.select().from(statusChanges).where(inArray(statusChanges.operationId, metIds)) : [];
    const otherById = new Map(others.map((o) => [o.operationId, o]));
    const deviceNames = new Map((await db.select({ id: deviceReports.deviceId, name: deviceReports.name }).from(deviceReports)).map((d) => [d.id, d.name]));
    const people = new Map<string, { name: string; status: string | null; operationId: string | null }>();
    for (const kind of ROSTER_KINDS) {
      const ids = [...new Set(rows.filter((r) => r.resource === kind).map((r) => r.recordId))];
      if (!ids.length) continue;
      const table = TABLES[kind];
      const nameColumn = (table as unknown as Record<string, SQLiteColumn>)[doorOf(kind).nameField]!;
      for (const p of await db
        .select({ id: table.id, name: nameColumn, status: doorStatusColumn(kind), operationId: table.statusOperationId })
        .from(table)
        .where(inArray(table.id, ids))) {
        people.set(`${kind}:${p.id}`, { name: p.name, status: (p.status as string | null) ?? null, operationId: p.operationId });
      }
    }
    const side = (change: (typeof rows)[number] | undefined) =>
      change && {
        operationId: change.operationId,
        deviceId: change.deviceId,
        deviceName: change.deviceId === null ? 'Admin panel' : change.deviceName || deviceNames.get(change.deviceId) || `Device ${change.deviceId.slice(0, 8)}`,
        changedBy: change.changedByName,
        happenedAt: change.deviceTime ?? change.createdAt,
        deviceTimeDoubtful: change.deviceTimeDoubtful,
        receivedAt: change.createdAt,
        fromStatus: change.fromStatus,
        toStatus: change.toStatus,
        outcome: change.outcome,
      };
    const n = Number(total?.n ?? 0);
    return ok(c, {
      items: rows.map((row) => {
        const person = people.get(`${row.resource}:${row.recordId}`);
        const other = row.conflictWithOperationId ? otherById.get(row.conflictWithOperationId) : undefined;
        return {
          id: row.id,
          kind: row.resource,
          recordId: row.recordId,
          eventId: row.eventId,
          personName: person?.name ?? null,
          currentStatus: person?.status ?? null,
          /** The person's current change: a decision names it and is refused as stale if it moved. */
          currentOperationId: person?.operationId ?? null,
          change: side(row),
          other: side(other) ?? null,
          heldBecause: row.heldBecause,
          why: explain(row.outcome, row.heldBecause, row.toStatus, other?.toStatus ?? null),
          resolvedAt: row.resolvedAt,
          resolvedBy: row.resolvedBy,
          resolution: row.resolution,
        };
      }),
      total: n,
      page,
      limit,
      totalPages: Math.max(1, Math.ceil(n / limit)),
      counts: { decision: Number(counted?.decision ?? 0), settled: Number(counted?.settled ?? 0), decided: Number(counted?.decided ?? 0) },
    });
  })
  /**
   * `POST /conflicts/:id/resolve {decision, operationId?, personOperationId, note?}`: an organiser's decision,
   * made on the state the organiser saw (`personOperationId`: the person's current change). It is refused as
   * stale (409, with the state now) when the person has changed since or another organiser decided first;
   * the same decision sent again (a double submit) answers the recorded one. `apply` sets the status of the
   * chosen side as a change of its own, in the same commit as the decision.
   */
  .post('/conflicts/:id/resolve', requireAdmin, validate('json', conflictResolutionSchema), async (c) => {
    const input = c.req.valid('json');
    const { db, now, writeBatch } = c.get('deps');
    const [row] = await db
      .select()
      .from(statusChanges)
      .where(eq(statusChanges.id, c.req.param('id')))
      .limit(1);
    if (!row || (row.conflictWithOperationId === null && row.outcome !== 'held')) return fail(c, 404, 'Conflict not found');
    if (!(ROSTER_KINDS as readonly string[]).includes(row.resource)) return fail(c, 400, 'Not a door conflict');
    const kind = row.resource as RosterKind;
    const table = TABLES[kind];
    let applied: string | null = null;
    if (input.decision === 'apply') {
      const chosen = [row.operationId, row.conflictWithOperationId].includes(input.operationId ?? '') ? input.operationId : null;
      if (!chosen) return fail(c, 400, 'Choose one side of the conflict to apply', { operationId: 'Choose one side of the conflict to apply' });
      const [change] = await db.select().from(statusChanges).where(eq(statusChanges.operationId, chosen)).limit(1);
      if (!change) return fail(c, 404, 'That change is not in the log');
      applied = change.toStatus;
    }
    const decided = applied ? `applied ${applied}` : 'kept';
    const resolution = input.note ? `${decided}: ${input.note}` : decided;
    const stateNow = async () => (await doorStates(db, kind, [row.recordId])).values().next().value ?? null;
    /** 409 with the conflict's decision and the person's state as they are now (read again: they moved). */
    const stale = async (message: string) => {
      const [current] = await db
        .select({ resolvedAt: statusChanges.resolvedAt, resolvedBy: statusChanges.resolvedBy, resolution: statusChanges.resolution })
        .from(statusChanges)
        .where(eq(statusChanges.id, row.id))
        .limit(1);
      return c.json({ success: false as const, message, data: { ...current, person: await stateNow() } }, 409);
    };
    if (row.resolvedAt) {
      // A double submit of the same decision answers what was recorded; any other is too late.
      if (row.resolution === resolution) return ok(c, { id: row.id, resolution: decided, person: await stateNow() }, 'Conflict resolved');
      return stale(`${row.resolvedBy || 'Another organiser'} already decided this conflict (${row.resolution})`);
    }
    const [person] = await db
      .select({ operationId: table.statusOperationId, updatedAt: table.updatedAt })
      .from(table)
      .where(eq(table.id, row.recordId))
      .limit(1);
    if (!person) return fail(c, 404, 'This person is no longer on the roster');
    if (person.operationId !== input.personOperationId) return stale("This person's status changed since you opened the inbox: decide again on what it is now");

    const at = now().toISOString();
    const user = c.get('user');
    // Both statements stand on the person's row as read above: a change or a decision committed in between
    // makes the decision write nothing, and the answer says it was stale.
    const statements: SqlStatement[] = [
      toStatement(
        db
          .update(statusChanges)
          .set({ resolvedAt: at, resolvedBy: user.name, resolution })
          .where(
            and(
              eq(statusChanges.id, row.id),
              sql`${statusChanges.resolvedAt} IS NULL`,
              sql`(SELECT ${sql.identifier(table.updatedAt.name)} FROM ${table} WHERE ${sql.identifier(table.id.name)} = ${row.recordId}) = ${person.updatedAt}`,
            ),
          )
          .returning({ id: statusChanges.id }),
      ),
    ];
    if (applied) {
      statements.push(
        ...statusChangeStatements(
          doorTarget(kind),
          panelChange({
            resource: kind,
            recordId: row.recordId,
            toStatus: applied,
            author: { userId: user.id, name: user.name },
            at,
            expectedUpdatedAt: person.updatedAt,
            notes: `Conflict resolved: ${applied} applied${input.note ? ` (${input.note})` : ''}`,
          }),
        ),
      );
    }
    const [recorded] = await groupCommit(writeBatch, statements);
    if (!(recorded as unknown[] | undefined)?.length) {
      const [now_] = await db.select().from(statusChanges).where(eq(statusChanges.id, row.id)).limit(1);
      if (now_?.resolvedAt && now_.resolution === resolution) return ok(c, { id: row.id, resolution: decided, person: await stateNow() }, 'Conflict resolved');
      return stale(
        now_?.resolvedAt
          ? `${now_.resolvedBy || 'Another organiser'} already decided this conflict (${now_.resolution})`
          : "This person's status changed since you opened the inbox: decide again on what it is now",
      );
    }
    return ok(c, { id: row.id, resolution: decided, person: await stateNow() }, 'Conflict resolved');
  });

/**
 * Signs a device in for `who` (a panel user at the door, or an exhibitor's person on the lead lane): the
 * first call registers the device id with the hash of its secret (and, on the lead lane, its exhibitor);
 * afterwards only that secret may sign it in, and only for the lane it was registered on. Answers the
 * author ticket the device stores with every change it queues, and the key it MACs its requests with under
 * that ticket (auth/device-signature.ts), once. A device that names the one it replaces on this browser
 * (`replaces`) retires it (`replaced` in the answer: its id, or null when the claim did not hold).
 */
export async function signDeviceIn(
  c: Context<AppEnv>,
  input: z.output<typeof deviceSignInSchema>,
  who: { userId: string; name: string; exhibitorId: string | null },
) {
  const { db, now, secrets } = c.get('deps');
  const at = now().toISOString();
  const secretHash = sha256Hex(input.secret);
  await db
    .insert(deviceReports)
    .values({
      deviceId: input.id,
      eventId: input.eventId ?? '',
      name: input.name,
      secretHash,
      reportedBy: who.name,
      reportedAt: at,
      exhibitorId: who.exhibitorId,
    })
    .onConflictDoNothing({ target: deviceReports.deviceId });
  const [device] = await db.select().from(deviceReports).where(eq(deviceReports.deviceId, input.id)).limit(1);
  if (!device) return fail(c, 500, 'The device could not be registered');
  if ((device.secretHash !== null && device.secretHash !== secretHash) || device.exhibitorId !== who.exhibitorId) {
    return fail(c, 403, 'This device id belongs to another device', { id: 'This device id belongs to another device' });
  }
  if (device.revokedAt) return revokedAnswer(c);
  const patch = {
    ...(device.secretHash === null ? { secretHash } : {}),
    ...(input.name && input.name !== device.name ? { name: input.name } : {}),
    ...(input.appVersion ? { appVersion: input.appVersion } : {}),
    sessionId: c.get('sessionId'),
  };
  await db.update(deviceReports).set(patch).where(eq(deviceReports.deviceId, input.id));
  const replaced = input.replaces ? await replaceDevice(c, input.replaces, input.id, who) : null;
  const { ticket, expiresAt, macKey } = await signAuthorTicket({ userId: who.userId, name: who.name, deviceId: input.id }, secrets.jwtSecret, now());
  return ok(
    c,
    { deviceId: input.id, name: patch.name ?? device.name, author: { userId: who.userId, name: who.name }, ticket, expiresAt, macKey, replaced },
    'Device signed in',
  );
}

/**
 * Marks `replaces.deviceId` replaced by `by` (decision 086): the browser's data was wiped with no page open,
 * and the new device names the device it was with the ticket it kept outside IndexedDB. Believed only when
 * the ticket is genuine, issued to that device, and the signed-in user's own (nobody retires another's
 * tablet), for a device of the same lane that is neither revoked nor already replaced. Answers the replaced
 * device's id, or null: a claim that does not hold changes nothing and does not stop the sign-in.
 */
async function replaceDevice(
  c: Context<AppEnv>,
  replaces: { deviceId: string; author: string },
  by: string,
  who: { userId: string; exhibitorId: string | null },
): Promise<string | null> {
  const { db, now, secrets } = c.get('deps');
  if (replaces.deviceId === by) return null;
  const check = await verifyAuthorTicket(replaces.author, replaces.deviceId, secrets.jwtSecret, now());
  if (!check.ok || check.author.userId !== who.userId) return null;
  const replaced = await db
    .update(deviceReports)
    .set({ replacedAt: now().toISOString(), replacedBy: by })
    .where(
      and(
        eq(deviceReports.deviceId, replaces.deviceId),
        who.exhibitorId === null ? isNull(deviceReports.exhibitorId) : eq(deviceReports.exhibitorId, who.exhibitorId),
        isNull(deviceReports.revokedAt),
        isNull(deviceReports.replacedAt),
      ),
    )
    .returning({ id: deviceReports.deviceId });
  return replaced[0]?.id ?? null;
}

/**
 * Which database answers, for devices to notice a restore under them (docs/checkin-sync.md, "Restores"):
 * its generation (db/generation.ts: new with every restore) and the roster's sequence now (a device whose
 * cursor is beyond it holds changes this database never had).
 */
async function databaseStanding(db: Database): Promise<{ generation: string | null; sequence: number }> {
  const [generation, [row]] = await Promise.all([generationOf(db), db.select({ value: rosterSequence.value }).from(rosterSequence).limit(1)]);
  return { generation, sequence: Number(row?.value ?? 0) };
}

/**
 * The database's generation, read at most every 10 s per database connection: it changes only with a restore,
 * which the Node server cannot run under itself (db:restore refuses while it answers); on Workers each request
 * has its own connection, so each reads it.
 */
const generations = new WeakMap<Database, { generation: string | null; at: number }>();
export async function generationOf(db: Database): Promise<string | null> {
  const known = generations.get(db);
  if (known && Date.now() - known.at < 10_000) return known.generation;
  const generation = (await databaseGeneration(db)) ?? null;
  generations.set(db, { generation, at: Date.now() });
  return generation;
}

type LoggedOp = { answer: OpResult; op: CheckinBatch['operations'][number] };
type DoorState = PersonState & { eventId: string | null };
type Sender = Exclude<Awaited<ReturnType<typeof checkedSender>>, ReturnType<typeof senderRefused> | Response>;
const personKey = (a: Pick<OpResult, 'kind' | 'recordId'>) => `${a.kind}:${a.recordId}`;

/**
 * Logs `logged` through the status engine in commits of `OPS_PER_COMMIT`, in order, and reads each
 * person of `answers` after their last operation, in that operation's commit (a person with no operation
 * logged here: in the last one), so no commit reads more than its own people. Sets each logged answer's
 * outcome; answers each person's state after the batch.
 *
 * Committed in slices: each operation stands on its own (applied once by its id), and a tablet's 500
 * operations in one transaction would hold the write lane long enough to delay every registration waiting
 * behind it. A slice's statements are made just before it is sent, so the server's thread never spends long
 * on the batch between two commits.
 */
async function commitOperations(c: Context<AppEnv>, sender: Sender, logged: LoggedOp[], answers: OpResult[]) {
  const { db, writeBatch } = c.get('deps');
  const slices = Math.max(1, Math.ceil(logged.length / OPS_PER_COMMIT));
  const readIn = new Map<string, { answer: OpResult; slice: number }>();
  for (const answer of answers) readIn.set(personKey(answer), { answer, slice: slices - 1 });
  logged.forEach(({ answer }, i) => readIn.set(personKey(answer), { answer, slice: Math.floor(i / OPS_PER_COMMIT) }));
  const readsOf = Array.from({ length: slices }, () => [] as OpResult[]);
  for (const { answer, slice } of readIn.values()) readsOf[slice]!.push(answer);

  const states = new Map<string, DoorState | undefined>();
  for (let slice = 0; slice < slices; slice++) {
    const ops = logged.slice(slice * OPS_PER_COMMIT, (slice + 1) * OPS_PER_COMMIT);
    const statements = [...sender.guard];
    const changesAt = statements.length;
    for (const { op } of ops) {
      const { happenedAt, doubtful } = sender.timeOf(op.deviceTime);
      statements.push(
        ...statusChangeStatements(doorTarget(op.kind), {
          logId: uuidv7(),
          operationId: op.id,
          resource: op.kind,
          recordId: op.recordId,
          toStatus: op.toStatus,
          base: { kind: 'seen', operationId: op.baseOperationId },
          eventId: op.eventId,
          author: { userId: sender.author.userId, name: sender.author.name },
          authority: sender.authority,
          device: sender.device,
          happenedAt,
          deviceTimeDoubtful: doubtful,
          holdFor: sender.holdFor(happenedAt),
          claimedDeviceTime: op.deviceTime,
          receivedAt: sender.receivedAt,
          notes: op.note ?? '',
        }),
      );
    }
    if (slice === slices - 1) statements.push(...sender.deviceStatements(db));
    const reads = readsOf[slice]!;
    const stateAt = statements.length;
    for (const a of reads) statements.push(doorStateStatement(a.kind, a.recordId));
    // The first slice at once: a tap at the door (one change) and a reconnecting tablet's first answers
    // never wait. The rest of a long batch is a backlog the tablet already shows: it gives way to people
    // waiting on a screen (edge/perf/group-commit.ts).
    const results = await groupCommit(writeBatch, statements, slice === 0 ? 'now' : 'backlog');
    ops.forEach(({ answer }, i) => {
      const outcome = outcomeOf(results[changesAt + i * 2]);
      if (outcome) Object.assign(answer, { result: outcome.outcome, conflictWith: outcome.conflictWith });
    });
    reads.forEach((a, i) => {
      const row = results[stateAt + i]?.[0] as DoorState | undefined;
      states.set(personKey(a), row ? { ...row, status: row.status ?? null } : undefined);
    });
  }
  return states;
}

/**
 * The operations of `logged` that the status engine did not log: seen before (answered `duplicate`, with
 * their first result), or their person is gone or elsewhere (returned, still `rejected`).
 */
async function settleUnlogged(db: Database, logged: LoggedOp[]): Promise<LoggedOp[]> {
  const unlogged = logged.filter(({ answer }) => answer.result === 'rejected');
  if (!unlogged.length) return [];
  const seen = await db
    .select({ operationId: statusChanges.operationId, outcome: statusChanges.outcome })
    .from(statusChanges)
    .where(
      inArray(
        statusChanges.operationId,
        unlogged.map(({ answer }) => answer.id),
      ),
    );
  const firstResults = new Map(seen.map((row) => [row.operationId, row.outcome]));
  return unlogged.filter(({ answer }) => {
    const first = firstResults.get(answer.id);
    if (first) Object.assign(answer, { result: 'duplicate', firstResult: first });
    return !first;
  });
}

/**
 * The records that the operations' people were merged into (record_merges), by `kind:id`, following a chain
 * of merges to its end.
 */
async function survivorsOf(db: Database, operations: Array<{ kind: RosterKind; recordId: string }>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  // A merged-away record is deleted: only ids in the merge log are looked at, in one read (then one per further hop).
  let wanted = operations.map((op) => ({ origin: `${op.kind}:${op.recordId}`, kind: op.kind as string, at: op.recordId }));
  for (let hop = 0; hop < 5 && wanted.length; hop++) {
    const merges = await db
      .select({ resource: recordMerges.resource, mergedId: recordMerges.mergedId, survivorId: recordMerges.survivorId })
      .from(recordMerges)
      .where(
        inArray(
          recordMerges.mergedId,
          wanted.map((w) => w.at),
        ),
      );
    if (!merges.length) break;
    const next = new Map(merges.map((m) => [`${m.resource}:${m.mergedId}`, m.survivorId]));
    wanted = wanted.flatMap((w) => {
      const to = next.get(`${w.kind}:${w.at}`);
      if (!to) return [];
      found.set(w.origin, to);
      return [{ ...w, at: to }];
    });
  }
  return found;
}

/** A device as the Devices screen and the live counts show it; never its secret's hash nor its session. */
function deviceView(d: typeof deviceReports.$inferSelect, at: number) {
  const { secretHash: _secret, sessionId: _session, ...device } = d;
  const ageMs = Math.max(0, at - Date.parse(d.reportedAt));
  return {
    ...device,
    ageMs,
    stale: ageMs > DEVICE_REPORT_FRESH_MS,
    /** Changes waiting and nothing heard for over an hour: someone should find this device. */
    silent: d.waiting > 0 && ageMs > DEVICE_SILENT_MS && !d.revokedAt && !d.replacedAt,
    clockSkewed: Math.abs(d.clockOffsetMs) > 120_000,
  };
}

/**
 * Revokes a device (a door tablet, or an exhibitor's phone: decision 088) for `by`: from now its tickets are
 * refused and its session ends (not the revoker's own). The record keeps the session's id, so that session's
 * next portal request is told `device: revoked` rather than only signed out (auth/require-exhibitor.ts).
 * The organiser's Devices screen and an exhibitor owner's Team screen both revoke through it.
 */
export async function revokeDevice(c: Context<AppEnv>, device: typeof deviceReports.$inferSelect, by: string) {
  const { db, now } = c.get('deps');
  if (device.revokedAt) return { device, revokedAt: device.revokedAt, already: true };
  const revokedAt = now().toISOString();
  const [revoked] = await db.update(deviceReports).set({ revokedAt, revokedBy: by }).where(eq(deviceReports.deviceId, device.deviceId)).returning();
  if (device.sessionId && device.sessionId !== c.get('sessionId')) await endSession(db, device.sessionId);
  return { device: revoked ?? device, revokedAt, already: false };
}

/**
 * 403 to a revoked device: `errors.device` = `revoked` tells the device to wipe its copy of the roster and
 * of personal data in its outbox, and to say so (pwa/src/offline/sync-engine.ts).
 */
export function revokedAnswer(c: Context<AppEnv>) {
  return fail(c, 403, DEVICE_REVOKED, { device: 'revoked' });
}

/** Who won a conflict and why, in the words of the door's conflict rule. */
function explain(outcome: string, heldBecause: string | null, toStatus: string, otherStatus: string | null): string {
  const label = (s: string | null) => (s ?? 'none').replace(/_/g, ' ');
  if (outcome === 'held') {
    if (heldBecause === 'revoked') return `Held: made on this device after it was revoked; ${label(toStatus)} waits for your decision.`;
    if (heldBecause === 'signature')
      return `Held: sent without this device's signature (its author ticket may have been copied off it); ${label(toStatus)} waits for your decision.`;
    if (heldBecause === 'author') return `Held: the account that made it is disabled; ${label(toStatus)} waits for your decision.`;
    if (heldBecause === 'role') return `Held: only organisers set or lift a hold; ${label(toStatus)} from door staff waits for your decision.`;
    return `Held: an organiser set the person to ${label(otherStatus)}; ${label(toStatus)} waits for your decision.`;
  }
  if (outcome === 'applied') return `${label(toStatus)} won: it is further along the door's flow than ${label(otherStatus)}, which its device had not seen.`;
  if (toStatus === otherStatus) return `Double admission: both devices set ${label(toStatus)} without seeing each other's change.`;
  return `${label(otherStatus)} stayed: ${label(toStatus)} came from a device that had not seen it and is not further along the door's flow.`;
}
