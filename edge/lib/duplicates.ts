import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { distance } from 'fastest-levenshtein';
import type { Database } from '../db/database';
import { type SqlStatement, toStatement } from '../db/sql-statement';
import { mobileCollisions, recordMerges } from '../db/tables/duplicates';
import { statusChanges } from '../db/tables/system';
import { moveEditsStatement } from './record-edits';
import type { AuthUser } from '../env';
import { canonicalMobile, formatMobile } from '../../shared/schemas/mobile-number';
import type { ResourceDescription, Row } from './resource';
import { DOOR_PRECEDENCE, panelChange, recordTarget, statusChangeStatements } from './status-engine';

/**
 * One person, one record: the panel's duplicate rule and its "possible duplicates" view.
 *
 * - A record created or edited in the panel whose canonical mobile number another record of the same
 *   resource and event already has is refused (409, with that record), so the organiser opens it instead.
 * - Possible duplicates: records of one event with the same canonical number (including numbers kept in
 *   an old spelling because they collided when stored numbers were canonicalised), or with very similar
 *   names (the same words in any order, case or accents, or one or two letters apart) in the same
 *   organisation.
 * - A merge keeps the survivor (and its pass code), moves the other's status history to it, takes the
 *   other's door status when it is further along (through the status engine), logs the merge with the
 *   other record as it was, and deletes the other record (devices drop it at their next roster sync).
 */
export const alreadyRegisteredMessage = (name: string) => `${name || 'Someone'} is already registered for this event with this mobile number`;

/** The record's name as the panel shows it. */
export const recordName = (resource: ResourceDescription, row: Row) => String(row[resource.identity!.name] ?? '');

/** Records of `table` in the event `eventId`; `null`: records in no event. */
const inEvent = (table: ResourceDescription['table'], eventId: string | null) => (eventId === null ? isNull(table.eventId) : eq(table.eventId, eventId));

/**
 * Another record of `resource` in `eventId` with `mobileNumber` (and the same values of the resource's
 * `sameRegistration` fields), other than `exceptId`.
 */
export async function findSameMobile(
  db: Database,
  resource: ResourceDescription,
  record: { eventId: unknown; mobileNumber: unknown; exceptId?: string; values: Row },
): Promise<{ id: string } | undefined> {
  const { table, identity } = resource;
  if (!identity || typeof record.mobileNumber !== 'string' || record.mobileNumber === '') return undefined;
  const eventId = typeof record.eventId === 'string' ? record.eventId : null;
  const [found] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.mobileNumber, record.mobileNumber),
        inEvent(table, eventId),
        record.exceptId ? ne(table.id, record.exceptId) : undefined,
        ...(identity.sameRegistration ?? []).map((key) => eq(table[key], record.values[key] as string)),
      ),
    )
    .limit(1);
  return found as { id: string } | undefined;
}

/**
 * The records of `resource` in `eventId` holding any of `mobileNumbers` (the duplicate rule above for many
 * new records at once, e.g. an import), by number: each number's first record, with its name. It does not
 * compare `sameRegistration` fields: only enquiries have them, and enquiries are not imported.
 */
export async function findSameMobiles(
  db: Database,
  resource: ResourceDescription,
  eventId: string | null,
  mobileNumbers: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  const { table, identity } = resource;
  const found = new Map<string, { id: string; name: string }>();
  const numbers = [...new Set(mobileNumbers.filter((n) => n !== ''))];
  if (!identity) return found;
  for (let i = 0; i < numbers.length; i += 500) {
    const rows = (await db
      .select({ id: table.id, name: table[identity.name], mobile: table.mobileNumber })
      .from(table)
      .where(and(inArray(table.mobileNumber, numbers.slice(i, i + 500)), inEvent(table, eventId)))) as Array<{
      id: string;
      name: string;
      mobile: string;
    }>;
    for (const row of rows) if (!found.has(row.mobile)) found.set(row.mobile, { id: row.id, name: String(row.name ?? '') });
  }
  return found;
}

// --- possible duplicates ------------------------------------------------------------------------------

export interface DuplicateGroup {
  reason: 'mobile' | 'name';
  /** The shared number (formatted) or the similar name. */
  label: string;
  ids: string[];
}

/** Organisation values that say "none": people with them are not grouped by name. */
const NO_ORGANISATION = new Set(['', 'not specified', 'na', 'n a', 'none', 'nil', 'self', 'individual']);

/** Lower case, accents and punctuation dropped, words sorted: "Rao, Kávya" and "kavya  rao" are one name. */
function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .sort()
    .join(' ');
}

/** Names this close are "very similar": the same key, or one letter apart (two from twelve letters on). */
function similarNames(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 5) return false;
  return distance(a, b) <= (shorter >= 12 ? 2 : 1);
}

/** Organisations larger than this are grouped by exact name key only (pairwise comparison is quadratic). */
const MAX_FUZZY_ORGANISATION = 400;
/** Groups answered at most. */
const MAX_GROUPS = 200;

export async function possibleDuplicates(db: Database, resource: ResourceDescription, eventId: string | undefined): Promise<DuplicateGroup[]> {
  const { table, identity } = resource;
  if (!identity) return [];
  const rows = (await db
    .select({ id: table.id, eventId: table.eventId, name: table[identity.name], organisation: table[identity.organisation], mobile: table.mobileNumber })
    .from(table)
    .where(eventId ? eq(table.eventId, eventId) : undefined)) as Array<{
    id: string;
    eventId: string | null;
    name: string;
    organisation: string;
    mobile: string;
  }>;
  const collided = new Map(
    (
      await db
        .select({ recordId: mobileCollisions.recordId, canonical: mobileCollisions.canonicalNumber })
        .from(mobileCollisions)
        .where(and(eq(mobileCollisions.resource, resource.name), isNull(mobileCollisions.resolvedAt)))
    ).map((c) => [c.recordId, c.canonical]),
  );

  const groups: DuplicateGroup[] = [];
  const byMobile = new Map<string, string[]>();
  for (const row of rows) {
    const number = collided.get(row.id) ?? row.mobile;
    if (!number) continue;
    const key = `${row.eventId}|${number}`;
    byMobile.set(key, [...(byMobile.get(key) ?? []), row.id]);
  }
  for (const [key, ids] of byMobile) if (ids.length > 1) groups.push({ reason: 'mobile', label: formatMobile(key.slice(key.indexOf('|') + 1)), ids });

  const byOrganisation = new Map<string, Array<{ id: string; key: string; name: string }>>();
  for (const row of rows) {
    const organisation = nameKey(row.organisation ?? '');
    if (NO_ORGANISATION.has(organisation)) continue;
    const bucket = `${row.eventId}|${organisation}`;
    byOrganisation.set(bucket, [...(byOrganisation.get(bucket) ?? []), { id: row.id, key: nameKey(row.name ?? ''), name: row.name }]);
  }
  const sameMobile = (ids: string[]) => groups.some((g) => g.reason === 'mobile' && ids.every((id) => g.ids.includes(id)));
  for (const people of byOrganisation.values()) {
    if (people.length < 2) continue;
    // Union-find over similar pairs: A~B and B~C put A, B and C in one group.
    const parent = people.map((_, i) => i);
    const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
    const fuzzy = people.length <= MAX_FUZZY_ORGANISATION;
    for (let i = 0; i < people.length; i++) {
      for (let j = i + 1; j < people.length; j++) {
        if (fuzzy ? similarNames(people[i]!.key, people[j]!.key) : people[i]!.key === people[j]!.key) parent[root(j)] = root(i);
      }
    }
    const sets = new Map<number, number[]>();
    people.forEach((_, i) => sets.set(root(i), [...(sets.get(root(i)) ?? []), i]));
    for (const members of sets.values()) {
      const ids = members.map((i) => people[i]!.id);
      if (members.length > 1 && !sameMobile(ids)) groups.push({ reason: 'name', label: people[members[0]!]!.name, ids });
    }
  }
  return groups.slice(0, MAX_GROUPS);
}

// --- merge ----------------------------------------------------------------------------------------------

export const MERGED_MESSAGE = 'Records merged';

/**
 * The statements of one merge, to run in one transaction: history moved, the door status carried over
 * when the merged record's is further along, the merge logged, collisions settled, the other deleted and
 * the survivor given the canonical form of its number when it had kept an old spelling.
 */
export function mergeStatements(
  db: Database,
  resource: ResourceDescription,
  survivor: Row,
  merged: Row,
  context: { user: AuthUser; at: string; mergedRecord: Row },
): SqlStatement[] {
  const { table } = resource;
  const survivorId = String(survivor.id);
  const mergedId = String(merged.id);
  const statements: SqlStatement[] = [
    toStatement(
      db
        .update(statusChanges)
        .set({ recordId: survivorId })
        .where(and(eq(statusChanges.resource, resource.name), eq(statusChanges.recordId, mergedId))),
    ),
    moveEditsStatement(db, resource.name, mergedId, survivorId),
  ];
  const target = recordTarget(resource.name, table as never);
  const kind = target.doorKind;
  if (kind) {
    const order = DOOR_PRECEDENCE[kind];
    if (order.indexOf(String(merged.status)) > order.indexOf(String(survivor.status))) {
      statements.push(
        ...statusChangeStatements(
          target,
          panelChange({
            resource: resource.name,
            recordId: survivorId,
            toStatus: String(merged.status),
            author: { userId: context.user.id, name: context.user.name },
            at: context.at,
            notes: `Merged with ${recordName(resource, merged)} (${String(merged.passCode ?? merged.id)})`,
          }),
        ),
      );
    }
  }
  statements.push(
    toStatement(
      db.insert(recordMerges).values({
        id: crypto.randomUUID(),
        resource: resource.name,
        survivorId,
        mergedId,
        mergedRecord: context.mergedRecord,
        mergedByUserId: context.user.id,
        mergedByName: context.user.name,
        createdAt: context.at,
      }),
    ),
    toStatement(
      db
        .update(mobileCollisions)
        .set({ resolvedAt: context.at })
        .where(
          and(
            eq(mobileCollisions.resource, resource.name),
            isNull(mobileCollisions.resolvedAt),
            or(inArray(mobileCollisions.recordId, [survivorId, mergedId]), inArray(mobileCollisions.otherRecordId, [survivorId, mergedId])),
          ),
        ),
    ),
    toStatement(db.delete(table).where(eq(table.id, mergedId))),
  );
  const number = typeof survivor.mobileNumber === 'string' ? survivor.mobileNumber : '';
  const canonical = number ? canonicalMobile(number) : null;
  if (canonical && canonical !== number) {
    // Kept in an old spelling because the merged record held the canonical one: now it is free.
    statements.push(toStatement(db.update(table).set({ mobileNumber: canonical, updatedAt: context.at }).where(eq(table.id, survivorId))));
  }
  return statements;
}
