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

/**
 * The phones an exhibitor's people are signed in on (decision 081): one row per portal session, named by
 * the person's phone. Removing a person ends their sessions, and with them these rows, at once.
 */
export const exhibitorDevices = sqliteTable(
  'exhibitor_devices',
  {
    /** The session (`sessions.id`) the phone signed in with. */
    sessionId: text('session_id').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => exhibitorStaff.id, { onDelete: 'cascade' }),
    /** What the phone says it is (its browser's platform and name, cut to 80 characters). */
    name: text('name').notNull().default(''),
    signedInAt: text('signed_in_at').notNull(),
  },
  (t) => [index('exhibitor_devices_staff_idx').on(t.staffId)],
);
