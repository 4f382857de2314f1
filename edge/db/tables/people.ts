import type { Answers } from '../../../shared/registration-questions';
import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { addressColumns, bookkeepingColumns, creatorColumns, idColumn, languageColumn, passCodeColumn, rosterColumns, timestampColumns } from './columns';
import { events } from './events';

/**
 * Visitors, guests, speakers and VIP awardees are the same kind of record (a person
 * attending an event, with a status the venue door moves along), so they share one column set and the
 * same indexes; each still has its own table so that lists, counts and permissions stay per resource.
 */
const personColumns = () => ({
  id: idColumn(),
  eventId: text('event_id').references(() => events.id, { onDelete: 'set null' }),
  fullName: text('full_name').notNull(),
  email: text('email').notNull().default(''),
  mobileNumber: text('mobile_number').notNull(),
  organizationName: text('organization_name').notNull().default(''),
  designation: text('designation').notNull().default(''),
  ...addressColumns(),
  registrationType: text('registration_type').notNull(),
  status: text('status').notNull(),
  passCode: passCodeColumn(),
  language: languageColumn(),
  ...bookkeepingColumns(),
  ...creatorColumns(),
  ...rosterColumns(),
  ...timestampColumns(),
});

/** The indexes every person list needs: newest first, by event, by status, by mobile, by pass code. */
type IndexedPersonColumn = 'createdAt' | 'eventId' | 'status' | 'updatedAt' | 'mobileNumber' | 'passCode' | 'rosterVersion';
const personIndexes = (name: string) => (t: Record<IndexedPersonColumn, AnySQLiteColumn>) => [
  // Newest first is by rowid, the order rows were written in, not by created_at: a clock stepped back would
  // list a new record below older ones (decision 043). An index ends with the rowid, so (event_id) and
  // (status) walk an event's or a status's rows newest first; (event_id, created_at) serves the reports' days.
  index(`${name}_event_idx`).on(t.eventId),
  index(`${name}_status_idx`).on(t.status),
  index(`${name}_event_created_at_idx`).on(t.eventId, t.createdAt),
  index(`${name}_event_updated_at_idx`).on(t.eventId, t.updatedAt),
  index(`${name}_mobile_idx`).on(t.mobileNumber),
  uniqueIndex(`${name}_pass_code_idx`).on(t.passCode),
  index(`${name}_roster_idx`).on(t.eventId, t.rosterVersion),
];

export const visitors = sqliteTable(
  'visitors',
  {
    ...personColumns(),
    /** Working Professional, Business or Others; Others when not given. */
    workingProfessional: text('working_professional').notNull().default('Others'),
    /**
     * Answers to the event's registration questions (shared/registration-questions.ts, decision 079):
     * question id → chosen choice ids; `{}` when none. Exhibitors' leads read them from here.
     */
    answers: text('answers', { mode: 'json' }).$type<Answers>().notNull().default({}),
  },
  (t) => [
    ...personIndexes('visitors')(t),
    // One public registration per mobile number and event: a concurrent double submit fails here (409)
    // instead of passing a read-then-write check. Admin-created visitors (admin_registration) are exempt.
    uniqueIndex('visitors_public_mobile_idx').on(t.eventId, t.mobileNumber).where(sql`registration_type = 'visitor_registration'`),
  ],
);

export const guests = sqliteTable(
  'guests',
  {
    ...personColumns(),
    workingProfessional: text('working_professional').notNull().default('Others'),
    profileImageKey: text('profile_image_key'),
    /** Listed on the public site's jury section (name, designation, organisation and photo only). */
    showOnSite: integer('show_on_site', { mode: 'boolean' }).notNull().default(false),
  },
  personIndexes('guests'),
);

export const speakers = sqliteTable(
  'speakers',
  {
    ...personColumns(),
    title: text('title').notNull().default(''),
    bio: text('bio').notNull().default(''),
    profileImageKey: text('profile_image_key'),
    /** Listed on the public site's speakers section (name, title, organisation, bio and photo only). */
    showOnSite: integer('show_on_site', { mode: 'boolean' }).notNull().default(false),
  },
  personIndexes('speakers'),
);

export const vipAwardees = sqliteTable(
  'vip_awardees',
  {
    ...personColumns(),
    workingProfessional: text('working_professional').notNull().default('Working Professional'),
    profileImageKey: text('profile_image_key'),
  },
  personIndexes('vip_awardees'),
);
