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

/** Who created a record from the panel (createdBy / createdByRole), taken from the signed-in user's token. */
export const creatorColumns = () => ({
  createdBy: text('created_by'),
  createdByRole: text('created_by_role'),
});

/** Admin bookkeeping fields (notes, priority, tags). Tags are a JSON array of strings. */
export const bookkeepingColumns = () => ({
  notes: text('notes').notNull().default(''),
  priority: text('priority').notNull().default('normal'),
  tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
});

/** Postal address fields that most people-like records carry. */
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

/**
 * The language of the public page the person's form was sent from (en, te, hi: shared/languages.ts): their
 * pass page and their pass's e-mails speak it (decision 087). English for everyone else (the panel, imports).
 */
export const languageColumn = () => text('language').notNull().default('en');

export const booleanColumn = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false);

/**
 * What the venue door needs on every person of a roster: the roster version (a global sequence bumped by
 * triggers on every insert and update, so devices can ask "what changed after N" — see
 * migrations/0003_roster_triggers.sql and docs/checkin-sync.md), and the last status change as the door
 * knows it. `statusOperationId` is the id of the change that set the current door status: a device that
 * makes a change on top of it (its base) is causally later; any other base is concurrent and the door's
 * conflict rule decides (lib/status-engine.ts). `statusDeviceTime` is when it happened, on the server's
 * clock; it decides nothing.
 */
export const rosterColumns = () => ({
  rosterVersion: integer('roster_version').notNull().default(0),
  statusChangedAt: text('status_changed_at'),
  statusChangedBy: text('status_changed_by'),
  statusDeviceId: text('status_device_id'),
  statusDeviceTime: text('status_device_time'),
  statusOperationId: text('status_operation_id'),
});
