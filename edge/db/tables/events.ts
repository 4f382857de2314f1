import type { RegistrationQuestion } from '../../../shared/registration-questions';
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { booleanColumn, creatorColumns, idColumn, timestampColumns } from './columns';

/** An event. `isFeatured` marks the one the public site shows; at most one is set. */
export const events = sqliteTable(
  'events',
  {
    id: idColumn(),
    eventName: text('event_name').notNull(),
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    eventTypes: text('event_types', { mode: 'json' }).$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    venue: text('venue').notNull().default(''),
    startDateTime: text('start_date_time').notNull(),
    endDateTime: text('end_date_time').notNull(),
    /** When the public forms open and close (ISO 8601 UTC); none: open, with no limit on that side. */
    registrationOpensAt: text('registration_opens_at'),
    registrationClosesAt: text('registration_closes_at'),
    /** What a visitor needs to get there and when: the full address, a map link, the daily hours, the awards night. */
    address: text('address').notNull().default(''),
    mapUrl: text('map_url').notNull().default(''),
    openingHours: text('opening_hours').notNull().default(''),
    awardsNightAt: text('awards_night_at'),
    bannerKey: text('banner_key'),
    /** The questions of the visitor form (shared/registration-questions.ts, decision 079), in the form's order. */
    registrationQuestions: text('registration_questions', { mode: 'json' }).$type<RegistrationQuestion[]>().notNull().default([]),
    status: text('status').notNull().default('active'),
    isFeatured: booleanColumn('is_featured'),
    ...creatorColumns(),
    ...timestampColumns(),
  },
  (t) => [
    index('events_created_at_idx').on(t.createdAt),
    index('events_status_created_at_idx').on(t.status, t.createdAt),
    index('events_featured_idx').on(t.isFeatured),
  ],
);
