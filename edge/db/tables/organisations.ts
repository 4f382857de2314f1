import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { addressColumns, bookkeepingColumns, creatorColumns, idColumn, languageColumn, passCodeColumn, rosterColumns, timestampColumns } from './columns';
import { events } from './events';

type IndexedColumn = 'createdAt' | 'eventId' | 'status' | 'updatedAt' | 'mobileNumber';

/** Newest-first lists, per event, per status, and look-up by mobile (duplicate checks, check-in search). */
const listIndexes = (name: string, t: Record<IndexedColumn, AnySQLiteColumn>) => [
  // Newest first is by rowid, the order rows were written in, not by created_at: a clock stepped back would
  // list a new record below older ones (decision 043). An index ends with the rowid, so (event_id) and
  // (status) walk an event's or a status's rows newest first; (event_id, created_at) serves the reports' days.
  index(`${name}_event_idx`).on(t.eventId),
  index(`${name}_status_idx`).on(t.status),
  index(`${name}_event_created_at_idx`).on(t.eventId, t.createdAt),
  index(`${name}_event_updated_at_idx`).on(t.eventId, t.updatedAt),
  index(`${name}_mobile_idx`).on(t.mobileNumber),
];

const eventReference = () => text('event_id').references(() => events.id, { onDelete: 'set null' });

/** A stall booking, from the public stall form or the panel's stall form. */
export const stalls = sqliteTable(
  'stalls',
  {
    id: idColumn(),
    eventId: eventReference(),
    companyName: text('company_name').notNull(),
    contactPersonName: text('contact_person_name').notNull(),
    /** Asked by the panel's stall form, and kept. */
    designation: text('designation').notNull().default(''),
    mobileNumber: text('mobile_number').notNull(),
    email: text('email').notNull().default(''),
    bookingType: text('booking_type').notNull().default('admin_booking'),
    registrationType: text('registration_type').notNull(),
    stallNumber: text('stall_number').notNull().default(''),
    stallType: text('stall_type').notNull().default('standard'),
    stallWidth: real('stall_width').notNull().default(0),
    stallLength: real('stall_length').notNull().default(0),
    stallUnit: text('stall_unit').notNull().default('feet'),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    bookedByName: text('booked_by_name').notNull().default(''),
    bookedByRole: text('booked_by_role').notNull().default(''),
    ...addressColumns(),
    additionalRequirements: text('additional_requirements').notNull().default(''),
    passCode: passCodeColumn(),
    language: languageColumn(),
    /** The contact person at the venue door ('' until first seen); `status` is the booking's. */
    attendanceStatus: text('attendance_status').notNull().default(''),
    ...bookkeepingColumns(),
    ...creatorColumns(),
    ...rosterColumns(),
    ...timestampColumns(),
  },
  (t) => [
    ...listIndexes('stalls', t),
    index('stalls_roster_idx').on(t.eventId, t.rosterVersion),
    uniqueIndex('stalls_pass_code_idx').on(t.passCode),
    // One public booking per mobile number and event (race-safe 409); admin bookings are exempt.
    uniqueIndex('stalls_public_mobile_idx').on(t.eventId, t.mobileNumber).where(sql`booking_type = 'public_booking'`),
  ],
);

/** A sponsor, from the public sponsor registration or the panel's sponsor form. */
export const sponsors = sqliteTable(
  'sponsors',
  {
    id: idColumn(),
    eventId: eventReference(),
    organizationName: text('organization_name').notNull(),
    organizationType: text('organization_type').notNull().default('corporate'),
    industryType: text('industry_type').notNull().default(''),
    website: text('website').notNull().default(''),
    contactPersonName: text('contact_person_name').notNull(),
    designation: text('designation').notNull().default(''),
    email: text('email').notNull().default(''),
    mobileNumber: text('mobile_number').notNull(),
    alternatePhone: text('alternate_phone').notNull().default(''),
    ...addressColumns(),
    sponsorshipTier: text('sponsorship_tier').notNull().default('bronze'),
    /** Amounts in whole rupees (currency INR); integers avoid floating-point money. */
    sponsorshipAmount: integer('sponsorship_amount').notNull().default(0),
    currency: text('currency').notNull().default('INR'),
    registrationType: text('registration_type').notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    amountPaid: integer('amount_paid').notNull().default(0),
    balanceAmount: integer('balance_amount').notNull().default(0),
    passCode: passCodeColumn(),
    language: languageColumn(),
    /** The contact person at the venue door ('' until first seen); `status` is the sponsorship's. */
    attendanceStatus: text('attendance_status').notNull().default(''),
    /** Listed on the public site's sponsors section (organisation name and tier only). */
    showOnSite: integer('show_on_site', { mode: 'boolean' }).notNull().default(false),
    ...bookkeepingColumns(),
    ...creatorColumns(),
    ...rosterColumns(),
    ...timestampColumns(),
  },
  (t) => [
    ...listIndexes('sponsors', t),
    index('sponsors_roster_idx').on(t.eventId, t.rosterVersion),
    uniqueIndex('sponsors_pass_code_idx').on(t.passCode),
    // One public sponsor registration per mobile number and event (race-safe 409); admin records are exempt.
    uniqueIndex('sponsors_public_mobile_idx').on(t.eventId, t.mobileNumber).where(sql`registration_type = 'sponsor_registration'`),
  ],
);

/** An award nomination, from the public awards registration or the panel's nomination form. */
export const awardNominations = sqliteTable(
  'award_nominations',
  {
    id: idColumn(),
    eventId: eventReference(),
    nomineeName: text('nominee_name').notNull(),
    mobileNumber: text('mobile_number').notNull().default(''),
    email: text('email').notNull().default(''),
    organizationName: text('organization_name').notNull().default(''),
    awardCategory: text('award_category').notNull().default(''),
    /** Asked by the panel's nomination form, with description and achievements, and kept. */
    category: text('category').notNull().default(''),
    description: text('description').notNull().default(''),
    achievements: text('achievements').notNull().default(''),
    registrationType: text('registration_type').notNull(),
    status: text('status').notNull(),
    nominationStatus: text('nomination_status').notNull().default('pending'),
    passCode: passCodeColumn(),
    language: languageColumn(),
    ...bookkeepingColumns(),
    ...creatorColumns(),
    ...timestampColumns(),
  },
  (t) => [
    ...listIndexes('award_nominations', t),
    uniqueIndex('award_nominations_pass_code_idx').on(t.passCode),
    // One public award registration per mobile number and event (race-safe 409); admin nominations are exempt.
    uniqueIndex('award_nominations_public_mobile_idx').on(t.eventId, t.mobileNumber).where(sql`registration_type = 'award_registration'`),
  ],
);

/** An enquiry about a sponsorship package, sent from the public site and worked through in the panel. */
export const enquiries = sqliteTable(
  'enquiries',
  {
    id: idColumn(),
    eventId: eventReference(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    /** The public enquiry sends it as `mobile`, the admin list shows `phone`: one column, named as the panel shows it. */
    mobileNumber: text('phone').notNull(),
    organization: text('organization').notNull().default(''),
    subscriptionType: text('subscription_type').notNull().default('General Enquiry'),
    registrationType: text('registration_type').notNull().default('enquiry'),
    status: text('status').notNull().default('new'),
    notes: text('notes').notNull().default(''),
    language: languageColumn(),
    ...timestampColumns(),
  },
  (t) => [
    ...listIndexes('enquiries', t),
    // One enquiry per mobile number, event and package (race-safe 409); another package is a new enquiry.
    uniqueIndex('enquiries_public_mobile_idx').on(t.eventId, t.mobileNumber, t.subscriptionType).where(sql`registration_type = 'enquiry'`),
  ],
);
