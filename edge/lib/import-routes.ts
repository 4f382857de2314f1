import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from '../db/database';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { requireAdmin } from '../auth/require-role';
import { insertRowsStatement, type SqlStatement } from '../db/sql-statement';
import { importedRows } from '../db/tables/imports';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { fieldErrors, validate } from '../http/validate';
import { statusCodeOf } from '../schemas/status-labels';
import { duplicateInFileMessage, type ImportedRow, type ImportOutcome, importRequestSchema, importSummary } from '../schemas/imports';
import { isUniqueViolation } from './db-errors';
import { alreadyRegisteredMessage, findSameMobiles } from './duplicates';
import { groupCommit } from '../perf/group-commit';
import { answersOfCells, eventQuestions, hasAnswers } from './answers';
import { type AnswersInput, checkAnswers } from '../../shared/registration-questions';
import { eventIdFor, newRecordValues, type ResourceDescription, type Row } from './resource';

/** Rows per INSERT statement: well under SQLite's limit of bound parameters for the widest table. */
const ROWS_PER_INSERT = 100;

/**
 * Multi-row INSERTs of `rows`, each row's values encoded by its column as drizzle would (JSON lists,
 * flags), rows with the same fields together: the SQL of each shape is built once (`insertRowsStatement`);
 * drizzle's own multi-row builder took about five times as long as writing the rows.
 */
function insertManyStatements(db: Database, table: SQLiteTable, rows: Row[]): SqlStatement[] {
  const columns = getTableColumns(table);
  const byShape = new Map<string, Row[]>();
  for (const row of rows) {
    const encoded: Row = {};
    for (const [key, value] of Object.entries(row)) {
      if (value === undefined) continue;
      encoded[key] = value === null || !columns[key] ? value : columns[key].mapToDriverValue(value);
    }
    const shape = Object.keys(encoded).join(',');
    const group = byShape.get(shape);
    if (group) group.push(encoded);
    else byShape.set(shape, [encoded]);
  }
  const statements: SqlStatement[] = [];
  for (const group of byShape.values()) {
    for (let i = 0; i < group.length; i += ROWS_PER_INSERT) statements.push(insertRowsStatement(db, table, group.slice(i, i + ROWS_PER_INSERT) as never));
  }
  return statements;
}

const IMPORT_RACE = 'Another import of this file wrote some of these rows at the same time. Run the import again: rows already written are skipped.';

/**
 * `POST /import` of an admin resource (admins): rows of a file, checked one by one with the resource's
 * create schema (the form's messages), given the create form's defaults (`newRecordValues`: pass codes,
 * statuses, creator), and refused as duplicates when their canonical mobile number is already another
 * row's in this request or a stored record's in the same event (the panel's duplicate rule). With
 * `dryRun` nothing is written; otherwise the accepted rows and their lines are stored in one transaction,
 * so a chunk is imported entirely or not at all, and lines already imported with this key are skipped.
 */
export function importRoutes(resource: ResourceDescription, createSchema: $ZodType) {
  // An import writes thousands of rows in one statement batch; a per-record hook would undo that, so none runs.
  if (resource.afterWrite) throw new Error(`${resource.name}: an importable resource cannot have afterWrite`);
  const { table } = resource;
  return new Hono<AppEnv>().post('/import', requireAdmin, validate('json', importRequestSchema), async (c) => {
    const { importKey, dryRun = false, eventId: givenEventId, rows } = c.req.valid('json');
    const { db, now, writeBatch } = c.get('deps');
    const user = c.get('user');
    const at = now().toISOString();
    const eventId = 'eventId' in table ? await eventIdFor(db, givenEventId) : null;
    if (eventId === 'unknown') return fail(c, 400, 'Unknown event', { eventId: 'Unknown event' });

    const lines = rows.map((row) => row.line);
    if (new Set(lines).size !== lines.length) return fail(c, 400, 'Each row must have its own line number', { rows: 'Each row must have its own line number' });
    const imported = new Map<number, string>();
    for (let i = 0; i < lines.length; i += 500) {
      const found = await db
        .select({ line: importedRows.line, recordId: importedRows.recordId })
        .from(importedRows)
        .where(and(eq(importedRows.resource, resource.name), eq(importedRows.importKey, importKey), inArray(importedRows.line, lines.slice(i, i + 500))));
      for (const row of found) imported.set(row.line, row.recordId);
    }

    // A column mapped to a registration question (`answers.<id>`) is read against the event's questions.
    const questions = hasAnswers(resource) ? await eventQuestions(db, eventId) : [];
    const answers: ImportedRow[] = [];
    const accepted: Array<{ answer: ImportedRow; values: Row }> = [];
    const lineOfNumber = new Map<string, number>();
    for (const { line, values } of rows) {
      const recordId = imported.get(line);
      if (recordId) {
        answers.push({ line, outcome: 'already_imported', recordId });
        continue;
      }
      // Empty cells are fields left out (the form's defaults apply), as in the create form.
      const fields: Row = Object.create(null);
      for (const [field, value] of Object.entries(values)) if (value.trim() !== '') fields[field] = value;
      if ('eventId' in table && eventId !== null) fields.eventId = eventId;
      // A file exported from the panel names statuses in words ("Registered Online"): read as their codes.
      if (typeof fields.status === 'string') fields.status = statusCodeOf(fields.status, resource.statuses) ?? fields.status;
      if (questions.length > 0) answersOfCells(fields, questions);
      const parsed = z.safeParse(createSchema, fields);
      if (!parsed.success) {
        answers.push({ line, outcome: 'invalid', errors: fieldErrors(parsed.error.issues, fields) });
        continue;
      }
      const record = newRecordValues(resource, parsed.data as Row, { user, now: at }, eventId);
      if (record.answers !== undefined || (parsed.data as Row).answers !== undefined) {
        const checked = checkAnswers(questions, (parsed.data as Row).answers as AnswersInput, { requireAnswers: false });
        if (!checked.ok) {
          answers.push({ line, outcome: 'invalid', errors: checked.errors });
          continue;
        }
        record.answers = checked.answers;
      }
      const mobileNumber = typeof record.mobileNumber === 'string' ? record.mobileNumber : '';
      const earlier = mobileNumber ? lineOfNumber.get(mobileNumber) : undefined;
      if (earlier !== undefined) {
        answers.push({ line, outcome: 'duplicate', duplicateOf: { line: earlier }, message: duplicateInFileMessage(earlier) });
        continue;
      }
      if (mobileNumber) lineOfNumber.set(mobileNumber, line);
      const answer: ImportedRow = { line, outcome: dryRun ? 'new' : 'created', mobileNumber };
      answers.push(answer);
      accepted.push({ answer, values: record });
    }

    const stored = await findSameMobiles(
      db,
      resource,
      eventId,
      accepted.map((row) => String(row.values.mobileNumber ?? '')),
    );
    const toWrite = accepted.filter(({ answer, values }) => {
      const existing = stored.get(String(values.mobileNumber ?? ''));
      if (!existing) return true;
      Object.assign(answer, { outcome: 'duplicate', duplicateOf: existing, message: alreadyRegisteredMessage(existing.name) });
      return false;
    });

    if (!dryRun && toWrite.length > 0) {
      const records = toWrite.map(({ answer, values }) => {
        answer.recordId = crypto.randomUUID();
        return { ...values, id: answer.recordId, createdAt: at, updatedAt: at };
      });
      const statements = [
        ...insertManyStatements(db, table, records),
        ...insertManyStatements(
          db,
          importedRows,
          toWrite.map(({ answer }) => ({ resource: resource.name, importKey, line: answer.line, recordId: answer.recordId!, createdAt: at })),
        ),
      ];
      try {
        await groupCommit(writeBatch, statements);
      } catch (error) {
        if (isUniqueViolation(error)) return fail(c, 409, IMPORT_RACE);
        throw error;
      }
    }

    const counts: Record<ImportOutcome, number> = { new: 0, created: 0, invalid: 0, duplicate: 0, already_imported: 0 };
    for (const answer of answers) counts[answer.outcome]++;
    return ok(c, { dryRun, counts, rows: answers }, importSummary(counts, dryRun));
  });
}
