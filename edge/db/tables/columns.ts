import { integer, text } from 'drizzle-orm/sqlite-core';

/**
 * Column helpers shared by the tables. Every record carries a text id and ISO 8601 UTC timestamps
 * (the contract), stored as text so they sort lexicographically in time order.
 */
export const idColumn = () => text('id').primaryKey();

export const timestampColumns = () => ({
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

/** Who created a record from the panel (seed 001 §3: createdBy / createdByRole), taken from the token. */
export const creatorColumns = () => ({
  createdBy: text('created_by'),
  createdByRole: text('created_by_role'),
});

/** Admin bookkeeping fields of seed 001 §3 (notes, priority, tags). Tags are a JSON array of strings. */
export const bookkeepingColumns = () => ({
  notes: text('notes').notNull().default(''),
  priority: text('priority').notNull().default('normal'),
  tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
});

/** Postal address fields that most people-like records of seed 001 carry. */
export const addressColumns = () => ({
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  pincode: text('pincode').notNull().default(''),
});

/**
 * The pass code printed as a QR code on a registration; staff find people by it at the venue door.
 * Nullable so that records created before a code is issued stay valid; unique where present.
 */
export const passCodeColumn = () => text('pass_code');

export const booleanColumn = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false);
