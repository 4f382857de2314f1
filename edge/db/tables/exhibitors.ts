import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { booleanColumn, idColumn, timestampColumns } from './columns';
import { events } from './events';

/**
 * An exhibitor (issue 32): a confirmed stall or sponsor whose people an organiser invited to the exhibitor
 * portal. Exactly one of `stallId` and `sponsorId` is set; a booking has at most one exhibitor. Everything
 * an exhibitor's session may read or write is filtered by this row's id (auth/require-exhibitor.ts).
 */
export const exhibitors = sqliteTable(
  'exhibitors',
  {
    id: idColumn(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    stallId: text('stall_id'),
    sponsorId: text('sponsor_id'),
    /** The panel user who invited it. */
    invitedBy: text('invited_by').notNull(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('exhibitors_stall_idx').on(t.stallId),
    uniqueIndex('exhibitors_sponsor_idx').on(t.sponsorId),
    index('exhibitors_event_idx').on(t.eventId),
  ],
);

export const EXHIBITOR_STAFF_ROLES = ['owner', 'staff'] as const;
export type ExhibitorStaffRole = (typeof EXHIBITOR_STAFF_ROLES)[number];

/**
 * The people of an exhibitor who sign in to its portal: the booking's contact the organiser invited
 * (`owner`), and the staff the owner adds (`staff`). They are not panel users: no password (they sign in
 * with a link and a one-time code), their sessions are rows of `sessions` under this row's id, and their
 * tokens are made for the exhibitor portal's audience only (auth/tokens.ts), so no panel route accepts one.
 */
export const exhibitorStaff = sqliteTable(
  'exhibitor_staff',
  {
    id: idColumn(),
    exhibitorId: text('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    role: text('role', { enum: EXHIBITOR_STAFF_ROLES }).notNull(),
    name: text('name').notNull(),
    /** Canonical +91… form, as every mobile the product stores. */
    mobileNumber: text('mobile_number').notNull(),
    email: text('email').notNull().default(''),
    disabled: booleanColumn('disabled'),
    lastSignInAt: text('last_sign_in_at'),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex('exhibitor_staff_mobile_idx').on(t.exhibitorId, t.mobileNumber), index('exhibitor_staff_mobile_only_idx').on(t.mobileNumber)],
);

export const LEAD_RATINGS = ['hot', 'warm', 'cold'] as const;
export type LeadRating = (typeof LEAD_RATINGS)[number];

/**
 * A lead (issue 32, decision 083): a visitor an exhibitor's staff scanned at the stall, one per
 * (exhibitor, visitor) however often or by whom their pass was scanned. Its id is the first scan's
 * operation id (made on the phone). It holds NO copy of the visitor's name or number: those are joined
 * from the visitor's row at read time, and only while the visitor's newest `exhibitors` consent is a
 * given one (routes/exhibitor-leads.ts), so a withdrawal reaches every list and export at once.
 * Each field staff change carries the operation that last set it (the base of the phone's next change).
 */
export const leads = sqliteTable(
  'leads',
  {
    id: idColumn(),
    exhibitorId: text('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    /** The visitor whose pass was scanned (no foreign key: a visitor erased later leaves an anonymous lead). */
    visitorId: text('visitor_id').notNull(),
    /** When the first scan happened, on the server's clock (the door's time rule: device claims checked, never trusted). */
    scannedAt: text('scanned_at').notNull(),
    claimedDeviceTime: text('claimed_device_time'),
    deviceTimeDoubtful: booleanColumn('device_time_doubtful'),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull().default(''),
    /** The exhibitor's person (exhibitor_staff) whose scan made the lead, through their author ticket. */
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull().default(''),
    rating: text('rating', { enum: LEAD_RATINGS }),
    ratingOperationId: text('rating_operation_id'),
    note: text('note').notNull().default(''),
    noteOperationId: text('note_operation_id'),
    /** The exhibitor's follow-up questions (lead_questions ids) ticked for this lead: a JSON array. */
    followUps: text('follow_ups', { mode: 'json' }).$type<string[]>().notNull().default([]),
    followUpsOperationId: text('follow_ups_operation_id'),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex('leads_visitor_idx').on(t.exhibitorId, t.visitorId), index('leads_exhibitor_scanned_idx').on(t.exhibitorId, t.scannedAt)],
);

export const LEAD_OPERATION_KINDS = ['scan', 'rate', 'note', 'follow_up'] as const;
export type LeadOperationKind = (typeof LEAD_OPERATION_KINDS)[number];
/** `merged`: a scan of a visitor already a lead, or a concurrent note / follow-ups kept beside the other. */
export const LEAD_OPERATION_OUTCOMES = ['applied', 'merged', 'superseded'] as const;

/**
 * Every lead operation an exhibitor phone sent, once by its id (`operation_id` unique): the exactly-once
 * log of the lead lane, as `status_changes` is the door's. A resent batch answers each operation's first
 * outcome; a phone's changes on a lead it knows by its own scan's id find the lead through this log.
 */
export const leadOperations = sqliteTable(
  'lead_operations',
  {
    /** Made per attempt: the lead's update applies only when this very row was logged as applied. */
    id: idColumn(),
    operationId: text('operation_id').notNull(),
    exhibitorId: text('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    leadId: text('lead_id').notNull(),
    kind: text('kind', { enum: LEAD_OPERATION_KINDS }).notNull(),
    outcome: text('outcome', { enum: LEAD_OPERATION_OUTCOMES }).notNull(),
    baseOperationId: text('base_operation_id'),
    authorId: text('author_id').notNull(),
    deviceId: text('device_id').notNull(),
    happenedAt: text('happened_at').notNull(),
    claimedDeviceTime: text('claimed_device_time'),
    deviceTimeDoubtful: booleanColumn('device_time_doubtful'),
    receivedAt: text('received_at').notNull(),
  },
  (t) => [uniqueIndex('lead_operations_operation_idx').on(t.operationId), index('lead_operations_lead_idx').on(t.leadId)],
);

/** An exhibitor's own follow-up questions ("Wants a site visit", "Send brochure"), ticked per lead. */
export const leadQuestions = sqliteTable(
  'lead_questions',
  {
    id: idColumn(),
    exhibitorId: text('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    ...timestampColumns(),
  },
  (t) => [index('lead_questions_exhibitor_idx').on(t.exhibitorId, t.position)],
);

export const LEAD_MESSAGE_STATES = ['requested', 'sent', 'declined'] as const;

/**
 * "Ask the organiser to pass on a message": an exhibitor's message for a lead who has not shared their
 * details. The organiser reads it in the panel and sends it through the group-message machinery to the
 * visitor, so the visitor's number never reaches the exhibitor.
 */
export const leadMessageRequests = sqliteTable(
  'lead_message_requests',
  {
    id: idColumn(),
    exhibitorId: text('exhibitor_id')
      .notNull()
      .references(() => exhibitors.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    leadId: text('lead_id').notNull(),
    message: text('message').notNull(),
    requestedBy: text('requested_by').notNull(),
    state: text('state', { enum: LEAD_MESSAGE_STATES }).notNull().default('requested'),
    /** The group message that carried it (notifications), once sent. */
    groupMessageId: text('group_message_id'),
    handledBy: text('handled_by'),
    handledAt: text('handled_at'),
    ...timestampColumns(),
  },
  (t) => [index('lead_message_requests_event_idx').on(t.eventId, t.state), index('lead_message_requests_lead_idx').on(t.leadId)],
);

/**
 * One-time sign-in codes of the exhibitor portal (decision 081): six digits sent to a person's mobile (and
 * confirmed e-mail) through the message outbox. The code itself is never stored: the sender derives it from
 * the row's person and time of issue with the server's secret (as pass links are signed when sent), and
 * `codeHash` is an HMAC of it, which a reader of the database cannot reverse without the secret. A code
 * works once (`usedAt`), for ten minutes, for at most five wrong guesses.
 */
export const exhibitorSignInCodes = sqliteTable(
  'exhibitor_sign_in_codes',
  {
    id: idColumn(),
    staffId: text('staff_id')
      .notNull()
      .references(() => exhibitorStaff.id, { onDelete: 'cascade' }),
    /** The number it was asked for (canonical +91… form): the sign-in looks codes up by it. */
    mobileNumber: text('mobile_number').notNull(),
    codeHash: text('code_hash').notNull(),
    issuedAt: text('issued_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    wrongGuesses: integer('wrong_guesses').notNull().default(0),
    usedAt: text('used_at'),
  },
  (t) => [index('exhibitor_sign_in_codes_mobile_idx').on(t.mobileNumber, t.issuedAt)],
);
