import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Database } from '../db/database';
import { insertStatement, type SqlStatement } from '../db/sql-statement';
import { consents } from '../db/tables/consents';
import type { ConsentPurpose } from '../../shared/consent';
import { uuidv7 } from './uuid-v7';

/**
 * The one place that reads and writes consent acts (table `consents`, decision 059): one row per act,
 * never updated; a person's standing choice for a purpose is their newest row (by time, then by id: ids
 * are UUID v7, in creation order within a process).
 */

/** One act: the person gave (`given: true`) or withdrew their consent to `purpose`, shown the words `textVersion`. */
export interface ConsentAct {
  purpose: string;
  textVersion: string;
  given: boolean;
  /** When the server received the act (ISO 8601 UTC). */
  at: string;
}

/** IN lists are cut to this many ids (SQLite's bound parameters stay far under its limit). */
const IDS_PER_QUERY = 500;

/**
 * The standing choice of many people of one kind for one purpose: person id → true (given) or false
 * (withdrawn). A person who never gave nor withdrew it is absent (not asked: e.g. registered before
 * consents were recorded, or by staff). Exhibitor leads show a visitor's name and number only when this
 * says true for `exhibitors`.
 */
export async function currentConsents(db: Database, personKind: string, personIds: readonly string[], purpose: ConsentPurpose): Promise<Map<string, boolean>> {
  const current = new Map<string, boolean>();
  const ids = [...new Set(personIds)];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const rows = await db
      .select({ personId: consents.personId, given: consents.given })
      .from(consents)
      .where(and(eq(consents.personKind, personKind), eq(consents.purpose, purpose), inArray(consents.personId, ids.slice(start, start + IDS_PER_QUERY))))
      .orderBy(asc(consents.at), asc(consents.id));
    // In time order: the last row of a person is their standing choice.
    for (const row of rows) current.set(row.personId, row.given);
  }
  return current;
}

/**
 * The standing choice as a column of a query that lists many people (a page of leads, a report): the given
 * flag of the person's newest row for `purpose` — 1 given, 0 withdrawn, null never asked — read through the
 * (person_kind, person_id, purpose, at) index for each row. The same rule as `currentConsents`, for SQL.
 */
export const standingConsentSql = (personKind: string, personId: SQL | SQLiteColumn, purpose: ConsentPurpose) =>
  sql<number | null>`(SELECT c.given FROM ${consents} AS c
    WHERE c.person_kind = ${personKind} AND c.person_id = ${personId} AND c.purpose = ${purpose}
    ORDER BY c.at DESC, c.id DESC LIMIT 1)`;

/**
 * One person's standing choice for `purpose`: true given, false withdrawn, null never asked. The batch
 * form is `currentConsents`.
 */
export async function currentConsent(db: Database, personKind: string, personId: string, purpose: ConsentPurpose): Promise<boolean | null> {
  return (await currentConsents(db, personKind, [personId], purpose)).get(personId) ?? null;
}

/** Every act of one person, all purposes, in time order (the panel's history of a record, the pass page). */
export async function consentActs(db: Database, personKind: string, personId: string): Promise<Array<ConsentAct & { id: string }>> {
  return db
    .select({ id: consents.id, purpose: consents.purpose, textVersion: consents.textVersion, given: consents.given, at: consents.at })
    .from(consents)
    .where(and(eq(consents.personKind, personKind), eq(consents.personId, personId)))
    .orderBy(asc(consents.at), asc(consents.id));
}

/** The statement that records one act, committed by the caller (with the registration it came with, or alone). */
export function consentStatement(db: Database, act: ConsentAct & { personKind: string; personId: string }): SqlStatement {
  return insertStatement(db, consents, { id: uuidv7(), ...act });
}
