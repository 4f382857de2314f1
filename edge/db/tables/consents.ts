import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { idColumn } from './columns';

/**
 * Every consent a person gave or withdrew (India's DPDP Act 2023: consent for a stated purpose, shown as
 * notice text, withdrawable): one row per act, never updated, so the history of a person's choice for a
 * purpose is its rows in time order and the latest row is their standing choice. `purpose` is one of
 * CONSENT_PURPOSES (shared/consent.ts); `textVersion` names the exact words the person was shown.
 */
export const consents = sqliteTable(
  'consents',
  {
    id: idColumn(),
    /** The person's resource (visitors, stalls, awards, sponsors, enquiries) and record id. */
    personKind: text('person_kind').notNull(),
    personId: text('person_id').notNull(),
    purpose: text('purpose').notNull(),
    textVersion: text('text_version').notNull(),
    /** 1 given, 0 withdrawn. */
    given: integer('given', { mode: 'boolean' }).notNull(),
    /** When the server received the act (ISO 8601 UTC). */
    at: text('at').notNull(),
  },
  (t) => [index('consents_person_idx').on(t.personKind, t.personId, t.purpose, t.at)],
);
