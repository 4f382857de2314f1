import { and, eq, is, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { RESOURCE_NAMES, type ResourceName } from '../../shared/resources/kinds';
import { isUniqueViolation } from '../lib/db-errors';
import { canonicalMobile } from '../../shared/schemas/mobile-number';
import type { Database } from './database';
import { mobileCollisions } from './tables/duplicates';
import { RESOURCE_TABLES } from './resource-tables';

/**
 * Rewrites stored mobile numbers to their canonical E.164 form (schemas/mobile-number.ts), so numbers
 * stored before every write path canonicalised them are found, deduplicated and shown like new ones.
 * Runs after the migrations wherever they run (the Node server's start, `npm run db:migrate` for a remote
 * database); canonicalising needs libphonenumber, so it cannot be a SQL migration.
 *
 * Idempotent: only numbers not already in E.164 shape are read, and a number that is canonical is left
 * alone. A number whose canonical form another registration of the same event and type already holds
 * (their unique index) keeps its spelling: both records stay, and the pair is recorded in
 * `mobile_collisions`, which the panel's "possible duplicates" view lists, instead of failing the start.
 * A number no country's plan can hold is left as it is and counted.
 */
interface MobileColumn {
  resource: ResourceName;
  // Typed `any` on purpose: the people and organisation tables share these columns by name.
  table: SQLiteTable & Record<string, SQLiteColumn | any>;
  column: SQLiteColumn;
  /**
   * What makes another record the same registration (its unique index's, `*_public_mobile_idx`): the
   * index's other columns than the event and the number, and its condition (a public registration only).
   * Absent where the number is not unique (guests, a sponsor's alternate phone): no collision can happen.
   */
  sameRegistration?: { columns: SQLiteColumn[]; where: SQL | undefined };
}

/** A table's phone columns: its mobile number and any other `…Phone` (a sponsor's alternate phone). */
const isPhoneColumn = (key: string) => key === 'mobileNumber' || key.endsWith('Phone');

/** The unique index a number takes part in, with the event: the one-registration-per-number rule. */
function sameRegistrationOf(table: SQLiteTable, column: SQLiteColumn): MobileColumn['sameRegistration'] {
  const index = getTableConfig(table).indexes.find((i) => i.config.unique && i.config.columns.includes(column));
  if (!index) return undefined;
  const columns = (index.config.columns as SQLiteColumn[]).filter((c) => c !== column && c.name !== 'event_id');
  return { columns, where: index.config.where };
}

/** Every phone column of every resource's table, in the registry's order (shared/resources/kinds.ts). */
const MOBILE_COLUMNS: MobileColumn[] = RESOURCE_NAMES.flatMap((resource) => {
  const table = RESOURCE_TABLES[resource] as MobileColumn['table'];
  return Object.entries(table)
    .filter(([key, column]) => isPhoneColumn(key) && is(column, SQLiteColumn))
    .map(([, column]: [string, SQLiteColumn]) => ({ resource, table, column, sameRegistration: sameRegistrationOf(table, column) }));
});

export interface CanonicalMobilesReport {
  /** Numbers rewritten to E.164. */
  rewritten: number;
  /** Collisions found by this run (earlier runs' are already in `mobile_collisions`). */
  collisions: Array<{ resource: string; recordId: string; otherRecordId: string; canonicalNumber: string }>;
  /** Numbers no country's numbering plan can hold, left as they were. */
  unreadable: number;
}

/** Not '' and not already `+` followed by digits only. */
const notE164 = (column: SQLiteColumn) => sql`${column} <> '' AND NOT (${column} GLOB '+[1-9]*' AND substr(${column}, 2) NOT GLOB '*[^0-9]*')`;

export async function canonicaliseStoredMobiles(db: Database, now: Date): Promise<CanonicalMobilesReport> {
  const report: CanonicalMobilesReport = { rewritten: 0, collisions: [], unreadable: 0 };
  const at = now.toISOString();
  const open = new Set(
    (
      await db
        .select({ resource: mobileCollisions.resource, recordId: mobileCollisions.recordId })
        .from(mobileCollisions)
        .where(isNull(mobileCollisions.resolvedAt))
    ).map((c) => `${c.resource}:${c.recordId}`),
  );
  for (const { resource, table, column, sameRegistration } of MOBILE_COLUMNS) {
    const keyColumns = sameRegistration?.columns ?? [];
    const rows = (await db
      .select({ id: table.id, eventId: table.eventId, stored: column, ...Object.fromEntries(keyColumns.map((c, i) => [`k${i}`, c])) })
      .from(table)
      .where(notE164(column))) as Array<{ id: string; eventId: string | null; stored: string } & Record<string, unknown>>;
    const pending: Array<{ row: (typeof rows)[number]; canonical: string }> = [];
    for (const row of rows) {
      const canonical = canonicalMobile(row.stored);
      if (!canonical) report.unreadable++;
      else if (canonical !== row.stored) pending.push({ row, canonical });
    }
    const key = keyOf(table, column);
    const rewrite = (row: { id: string }, canonical: string) =>
      db
        .update(table)
        .set({ [key]: canonical, updatedAt: at })
        .where(eq(table.id, row.id));
    // A chunk is one transaction (one round trip to a remote database); a chunk that meets a collision is
    // rolled back whole and done again row by row, so only the colliding rows keep their spelling.
    for (let i = 0; i < pending.length; i += REWRITE_CHUNK) {
      const chunk = pending.slice(i, i + REWRITE_CHUNK);
      try {
        const [first, ...rest] = chunk.map(({ row, canonical }) => rewrite(row, canonical));
        await db.batch([first!, ...rest]);
        report.rewritten += chunk.length;
        for (const { row } of chunk) if (open.has(`${resource}:${row.id}`)) await resolveCollision(db, resource, row.id, at);
        continue;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      for (const { row, canonical } of chunk) {
        try {
          await rewrite(row, canonical);
          report.rewritten++;
          if (open.has(`${resource}:${row.id}`)) await resolveCollision(db, resource, row.id, at);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          const [other] = (await db
            .select({ id: table.id })
            .from(table)
            .where(
              and(
                row.eventId === null ? isNull(table.eventId) : eq(table.eventId, row.eventId),
                eq(column, canonical),
                ne(table.id, row.id),
                ...keyColumns.map((c, k) => eq(c, row[`k${k}`] as string)),
                sameRegistration?.where,
              ),
            )
            .limit(1)) as Array<{ id: string }>;
          const found = await db
            .insert(mobileCollisions)
            .values({
              id: crypto.randomUUID(),
              resource,
              recordId: row.id,
              otherRecordId: other?.id ?? '',
              eventId: row.eventId,
              storedNumber: row.stored,
              canonicalNumber: canonical,
              foundAt: at,
            })
            .onConflictDoNothing()
            .returning({ id: mobileCollisions.id });
          if (found.length) report.collisions.push({ resource, recordId: row.id, otherRecordId: other?.id ?? '', canonicalNumber: canonical });
        }
      }
    }
  }
  return report;
}

/** Rows rewritten per transaction. */
const REWRITE_CHUNK = 500;

/** A collision the organisers settled (the other record merged away or renumbered) is over. */
async function resolveCollision(db: Database, resource: string, recordId: string, at: string) {
  await db
    .update(mobileCollisions)
    .set({ resolvedAt: at })
    .where(and(eq(mobileCollisions.resource, resource), eq(mobileCollisions.recordId, recordId), isNull(mobileCollisions.resolvedAt)));
}

/** The property name drizzle knows a column by (the update's key). */
function keyOf(table: Record<string, unknown>, column: SQLiteColumn): string {
  const key = Object.keys(table).find((name) => table[name] === column);
  if (!key) throw new Error(`canonical mobiles: no property for column ${column.name}`);
  return key;
}

/** One line per finding, for the server's start and `npm run db:migrate`. */
export function describeCanonicalMobiles(report: CanonicalMobilesReport): string[] {
  const lines: string[] = [];
  if (report.rewritten) lines.push(`Mobile numbers: ${report.rewritten} rewritten to their canonical form (+91…).`);
  for (const c of report.collisions) {
    lines.push(
      `Mobile numbers: ${c.resource} ${c.recordId} has the number ${c.canonicalNumber} of ${c.otherRecordId || 'another record'} in the same event; both kept, listed under Possible duplicates.`,
    );
  }
  if (report.unreadable) lines.push(`Mobile numbers: ${report.unreadable} could not be read as a phone number and were left as they were.`);
  return lines;
}
