import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { toStatement, type SqlStatement } from '../db/sql-statement';
import { type FieldChange, recordEdits, statusChanges } from '../db/tables/system';
import type { AuthUser } from '../env';
import type { ResourceDescription, Row } from './resource';
import { PANEL_DEVICE } from './status-engine';
import { uuidv7 } from './uuid-v7';

/** Fields an edit never reports: the record's own bookkeeping, and its status (the status log has it). */
const NOT_AN_EDIT = new Set(['id', 'createdAt', 'updatedAt', 'status', 'eventName']);

/** A stored value as one comparable form: empty text and absence are alike, JSON values by their text. */
function comparable(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

/**
 * What an update changes on a record: each field of the patch whose stored value differs, from what to
 * what (`null` for empty). Where the resource keeps notes with its statuses (enquiries), new notes are
 * the edit's notes rather than a field change; notes cleared are a field change.
 */
export function fieldChanges(resource: ResourceDescription, patch: Row, existing: Row): { changes: FieldChange[]; notes: string } {
  const columns = getTableColumns(resource.table);
  const changes: FieldChange[] = [];
  let notes = '';
  for (const [field, value] of Object.entries(patch)) {
    // Only stored columns: input-only fields (a stall's size) arrive as the columns they are turned into.
    if (NOT_AN_EDIT.has(field) || !(field in columns) || value === undefined) continue;
    const from = comparable(existing[field]);
    const to = comparable(value);
    if (from === to) continue;
    if (field === 'notes' && resource.statusNotesOnRecord && typeof to === 'string') {
      notes = to;
      continue;
    }
    changes.push({ field, from, to });
  }
  return { changes, notes };
}

/**
 * The edit's log entry, to run in the same transaction right after the record's update: it is written
 * only when that update applied, i.e. the record now carries the edit's `updatedAt`.
 */
export function recordEditStatement(
  db: Database,
  resource: ResourceDescription,
  edit: { recordId: string; at: string; user: AuthUser; changes: FieldChange[]; notes: string },
): SqlStatement {
  const { table } = resource;
  const eventId = 'eventId' in table ? sql`${table.eventId}` : sql`NULL`;
  return toStatement(
    db.insert(recordEdits).select(
      db
        .select({
          id: sql`${uuidv7()}`.as('id'),
          resource: sql`${resource.name}`.as('resource'),
          recordId: sql`${table.id}`.as('record_id'),
          eventId: eventId.as('event_id'),
          changes: sql`${JSON.stringify(edit.changes)}`.as('changes'),
          changedByUserId: sql`${edit.user.id}`.as('changed_by_user_id'),
          changedByName: sql`${edit.user.name}`.as('changed_by_name'),
          deviceId: sql`${PANEL_DEVICE}`.as('device_id'),
          deviceName: sql`NULL`.as('device_name'),
          notes: sql`${edit.notes}`.as('notes'),
          createdAt: sql`${edit.at}`.as('created_at'),
        })
        .from(table)
        .where(and(eq(table.id, edit.recordId), eq(table.updatedAt, edit.at))),
    ),
  );
}

type StatusEntry = typeof statusChanges.$inferSelect & { kind: 'status' };
type EditEntry = typeof recordEdits.$inferSelect & { kind: 'edit' };
/** One entry of a record's history: a status change or an edit of other fields. */
export type HistoryEntry = StatusEntry | EditEntry;

/** Entries answered per record, newest first. */
const HISTORY_LIMIT = 500;

/**
 * A record's history as one time line, newest first: its status changes (from any device) and its edits.
 * Entries of the same millisecond keep their order of writing (the status log's rowid, the edits' UUID v7).
 */
export async function recordHistory(db: Database, resource: string, recordId: string): Promise<HistoryEntry[]> {
  const [statuses, edits] = await Promise.all([
    db
      .select()
      .from(statusChanges)
      .where(and(eq(statusChanges.resource, resource), eq(statusChanges.recordId, recordId)))
      .orderBy(desc(statusChanges.createdAt), desc(sql`rowid`))
      .limit(HISTORY_LIMIT),
    db
      .select()
      .from(recordEdits)
      .where(and(eq(recordEdits.resource, resource), eq(recordEdits.recordId, recordId)))
      .orderBy(desc(recordEdits.createdAt), desc(recordEdits.id))
      .limit(HISTORY_LIMIT),
  ]);
  // Both lists are newest first; a stable sort keeps each list's order and puts a status change first on a tie.
  const entries: HistoryEntry[] = [
    ...statuses.map((status) => ({ ...status, kind: 'status' as const })),
    ...edits.map((edit) => ({ ...edit, kind: 'edit' as const })),
  ];
  return entries.sort((a, b) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1)).slice(0, HISTORY_LIMIT);
}

/** When two records are merged, the merged one's edits become the survivor's, as its status changes do. */
export function moveEditsStatement(db: Database, resource: string, fromId: string, toId: string): SqlStatement {
  return toStatement(
    db
      .update(recordEdits)
      .set({ recordId: toId })
      .where(and(eq(recordEdits.resource, resource), eq(recordEdits.recordId, fromId))),
  );
}
