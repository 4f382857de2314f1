import { sql } from 'drizzle-orm';
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { idColumn } from './columns';

/**
 * Stored numbers that could not take their canonical form because another registration of the same
 * event and type already holds it (the public registrations' unique index): found when stored numbers
 * are canonicalised (db/canonical-mobiles.ts). The record keeps the spelling it had; the panel's
 * "possible duplicates" view lists it beside the record it collides with until an organiser merges
 * them or corrects the number, which resolves the entry.
 */
export const mobileCollisions = sqliteTable(
  'mobile_collisions',
  {
    id: idColumn(),
    /** The admin resource of both records (visitors, stalls, sponsors, awards, enquiries, ...). */
    resource: text('resource').notNull(),
    /** The record that kept its old spelling. */
    recordId: text('record_id').notNull(),
    /** The record that already holds the canonical number. */
    otherRecordId: text('other_record_id').notNull(),
    eventId: text('event_id'),
    storedNumber: text('stored_number').notNull(),
    canonicalNumber: text('canonical_number').notNull(),
    foundAt: text('found_at').notNull(),
    resolvedAt: text('resolved_at'),
  },
  (t) => [
    uniqueIndex('mobile_collisions_record_idx').on(t.resource, t.recordId),
    index('mobile_collisions_open_idx').on(t.resource).where(sql`resolved_at IS NULL`),
  ],
);

/**
 * Every merge of two records of one person made in the panel: the survivor kept its pass code and took
 * the other's status history; the other record is deleted, its last state kept here as JSON.
 */
export const recordMerges = sqliteTable(
  'record_merges',
  {
    id: idColumn(),
    resource: text('resource').notNull(),
    survivorId: text('survivor_id').notNull(),
    mergedId: text('merged_id').notNull(),
    /** The merged record as it was just before the merge. */
    mergedRecord: text('merged_record', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    mergedByUserId: text('merged_by_user_id'),
    mergedByName: text('merged_by_name').notNull().default(''),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('record_merges_survivor_idx').on(t.resource, t.survivorId)],
);
