import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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
