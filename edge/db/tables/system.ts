import { sql } from 'drizzle-orm';
import { blob, check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { USER_ROLES } from '../../schemas/users';
import { booleanColumn, idColumn, timestampColumns } from './columns';

export type UserRole = (typeof USER_ROLES)[number];

/** Panel accounts. `email` is stored lower-cased; `passwordHash` is a versioned PBKDF2 string (auth/password.ts). */
export const users = sqliteTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    disabled: booleanColumn('disabled'),
    lastLoginAt: text('last_login_at'),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

/**
 * What became of a status change: `applied` (it is or was the person's status), `superseded` (it met a
 * concurrent change that the conflict rule keeps), `held` (it met an organiser's hold, such as a
 * cancellation, and waits for an organiser's decision).
 */
export const STATUS_CHANGE_OUTCOMES = ['applied', 'superseded', 'held'] as const;
export type StatusChangeOutcome = (typeof STATUS_CHANGE_OUTCOMES)[number];

/**
 * Every status change of any record, from any route: who changed which record from what to what, when,
 * and from which device. Venue check-in operations carry their client-made `operationId` (unique, so an
 * operation is applied once) and the device's clock; `outcome` says whether it became the current state.
 */
export const statusChanges = sqliteTable(
  'status_changes',
  {
    id: idColumn(),
    /** The resource name of the record (visitors, guests, speakers, awardeesvip, stalls, ...). */
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    eventId: text('event_id'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    changedByUserId: text('changed_by_user_id'),
    changedByName: text('changed_by_name').notNull().default(''),
    deviceId: text('device_id'),
    /** The device's name when the change arrived ("Gate 2 tablet"), so the history reads without a join. */
    deviceName: text('device_name'),
    operationId: text('operation_id'),
    /**
     * When the change happened, on the server's clock: the device's time corrected by the device's
     * measured clock offset and never later than its arrival. Data for display and the hourly chart only:
     * it decides nothing (lib/status-engine.ts).
     */
    deviceTime: text('device_time'),
    /** The device's own clock reading as it sent it, kept for the record. */
    claimedDeviceTime: text('claimed_device_time'),
    /**
     * The status change this one was made on top of (the change the device last saw for the person): equal
     * to the person's current change means causally later, otherwise concurrent.
     */
    baseOperationId: text('base_operation_id'),
    outcome: text('outcome', { enum: STATUS_CHANGE_OUTCOMES }).notNull().default('applied'),
    /**
     * Set when this change was made without knowing of the change it met (its base was not the person's
     * current change): the operation id of that other change. The admins' conflict inbox lists these.
     */
    conflictWithOperationId: text('conflict_with_operation_id'),
    /**
     * Why a change was `held` for an organiser's decision: `hold` (it met an organiser's hold), `role` (a staff
     * member's change into or out of a hold, which only organisers make), `revoked` (made on a device after
     * its revocation), `author` (its author's account is disabled). Null for every other outcome.
     */
    heldBecause: text('held_because'),
    /**
     * Set when the device's time for the change was not believable (before the device's sign-in for this
     * author, or after its arrival): the change is dated at its arrival instead, and flagged.
     */
    deviceTimeDoubtful: booleanColumn('device_time_doubtful'),
    /** An organiser's decision on a conflict: when, by whom, and which (`kept` or `applied`). */
    resolvedAt: text('resolved_at'),
    resolvedBy: text('resolved_by'),
    resolution: text('resolution'),
    notes: text('notes').notNull().default(''),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    index('status_changes_record_idx').on(t.resource, t.recordId, t.createdAt),
    index('status_changes_event_idx').on(t.eventId, t.createdAt),
    uniqueIndex('status_changes_operation_idx').on(t.operationId),
    // Only conflicts are looked up by it, and they are a small share of the log: a partial index costs the
    // door's many ordinary changes nothing.
    index('status_changes_conflict_idx').on(t.eventId, t.createdAt).where(sql`conflict_with_operation_id IS NOT NULL OR outcome = 'held'`),
  ],
);

/** One field of an edit: the API field and its stored values before and after (`null` when empty). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * Every edit of a record's other fields (an admin's save in the panel): which fields changed from what to
 * what, who, when and from which device. Status changes are the status log's (`status_changes`); the
 * record's history reads both as one time line. A save that changes nothing writes nothing here.
 */
export const recordEdits = sqliteTable(
  'record_edits',
  {
    id: idColumn(),
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    eventId: text('event_id'),
    changes: text('changes', { mode: 'json' }).$type<FieldChange[]>().notNull(),
    changedByUserId: text('changed_by_user_id'),
    changedByName: text('changed_by_name').notNull().default(''),
    /** `panel` for the admin panel's saves. */
    deviceId: text('device_id'),
    deviceName: text('device_name'),
    /** The record's notes as the edit left them, where the resource keeps notes and the edit changed them. */
    notes: text('notes').notNull().default(''),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('record_edits_record_idx').on(t.resource, t.recordId, t.createdAt)],
);

/** The roster's global change counter: one row, bumped by the roster triggers inside each write. */
export const rosterSequence = sqliteTable('roster_sequence', {
  id: integer('id').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * The check that a door batch's sender stands as the server read it (decision 094): one row, written by the
 * batch's first statement in the batch's own transaction with whether the session, the author and the
 * device read now equal what the batch was built on. A 0 breaks the constraint, so the batch is not
 * written and is built again on what stands now (routes/checkin.ts `withCheckedSender`).
 */
export const STANDING_CHECK = 'standing_as_read';
export const standingChecks = sqliteTable('standing_checks', { id: integer('id').primaryKey(), holds: integer('holds').notNull() }, (t) => [
  check(STANDING_CHECK, sql`${t.holds} = 1`),
]);

/** People removed from a roster, so devices drop them at the next delta sync. Written by triggers. */
export const rosterTombstones = sqliteTable(
  'roster_tombstones',
  {
    kind: text('kind').notNull(),
    recordId: text('record_id').notNull(),
    eventId: text('event_id'),
    rosterVersion: integer('roster_version').notNull(),
  },
  (t) => [index('roster_tombstones_idx').on(t.eventId, t.rosterVersion)],
);

/**
 * Idempotency keys of submissions (`uniqueSubmissionId` or an `Idempotency-Key` header). The primary key
 * makes a concurrent repeat fail to insert instead of creating a second record; the stored request hash
 * tells a true repeat (answer the first response) from a reused key with another body (422).
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: text('created_at').notNull(),
  },
  // Expired keys are removed oldest first (edge/lib/idempotency.ts).
  (t) => [index('idempotency_keys_created_at_idx').on(t.createdAt)],
);

/**
 * Failed-login counters, kept in the database so that every Worker isolate and every Node process sees
 * the same count. `key` is `account:<email>` or `address:<client address>`.
 */
export const loginThrottle = sqliteTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: text('window_started_at').notNull(),
  lockedUntil: text('locked_until'),
});

/**
 * Signed-in sessions. Every token names its session (`sid`), and a request is let in only while the
 * session's row exists: a logout, a password reset, a disable or a role change deletes the rows of that
 * user, which ends its tokens at once on every runtime.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Rows `/api/health` inserts and removes in one transaction: the database is healthy only when it takes a
 * new row as a registration's insert does. `room` is a page-sized blob, so the probe needs room to grow
 * (new pages, or free ones): on a full disk an update of an existing row still fits where inserts do not.
 */
export const healthProbe = sqliteTable('health_probe', {
  id: integer('id').primaryKey(),
  checkedAt: text('checked_at').notNull(),
  room: blob('room'),
});

/**
 * Which database this is (one row, id 1): a random generation made when the database was created, and
 * made anew by every restore (`npm run db:restore`, `npm run db:migrate -- --new-generation`). The Node
 * server keeps the same id in its data folder and refuses to start on a database that is not the one it
 * last ran on (db/generation.ts, decision 042); devices learn from it that the data was restored.
 */
export const databaseIdentity = sqliteTable('database_identity', {
  id: integer('id').primaryKey(),
  generation: text('generation').notNull(),
  createdAt: text('created_at').notNull(),
});

/** Site-wide settings an organiser may change (contact phone and e-mail of the public site). */
export const siteSettings = sqliteTable('site_settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
  updatedAt: text('updated_at').notNull(),
});

/**
 * The venue devices: each one's name ("Gate 2 tablet"), the hash of the secret it proved itself with
 * when it was first registered (so no other session can speak for it), its clock's measured offset from
 * the server's, and what it last said about its outbox — operations made at the door that the server has
 * not received yet. The live counts show them apart from the checked-in headcount, with their age.
 */
export const deviceReports = sqliteTable(
  'device_reports',
  {
    deviceId: text('device_id').primaryKey(),
    eventId: text('event_id').notNull(),
    waiting: integer('waiting').notNull().default(0),
    reportedBy: text('reported_by').notNull().default(''),
    reportedAt: text('reported_at').notNull(),
    name: text('name').notNull().default(''),
    secretHash: text('secret_hash'),
    /** Server time minus device time, measured at the device's last batch (positive: the device is slow). */
    clockOffsetMs: integer('clock_offset_ms').notNull().default(0),
    clockCheckedAt: text('clock_checked_at'),
    /** The app's build the device last reported (its service worker's version). */
    appVersion: text('app_version'),
    /**
     * An organiser's revocation (a lost or stolen device): from this time its tickets are refused, its roster
     * pulls answer 403 so it wipes its copy, and its changes dated after it wait in the conflict inbox.
     */
    revokedAt: text('revoked_at'),
    revokedBy: text('revoked_by'),
    /**
     * The session the device was last signed in with: revoking the device ends it, and the record keeps it, so
     * that session's next request is told the device was revoked (not merely signed out).
     */
    sessionId: text('session_id'),
    /**
     * When a new device took this one's place on the same browser (its site data was cleared under an open
     * page, which said so with the ticket it still knew, decision 072; or the new device's sign-in named it,
     * decision 086): from then on its report is not live.
     */
    replacedAt: text('replaced_at'),
    /** The device that took its place, when the new one said so at its sign-in (decision 086). */
    replacedBy: text('replaced_by'),
    /**
     * An exhibitor's phone (issue 32, decision 088): the exhibitor whose staff signed it in. Its lead
     * operations go to that exhibitor only; the door's counts leave it out. Null for the door's devices.
     * An exhibitor phone's record is also its portal sign-in's: the team list reads who is signed in on it
     * through `sessionId`, and a revoked phone's session is answered 403 (auth/require-exhibitor.ts).
     */
    exhibitorId: text('exhibitor_id'),
  },
  (t) => [index('device_reports_event_idx').on(t.eventId), index('device_reports_session_idx').on(t.sessionId)],
);
