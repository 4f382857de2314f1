import { and, eq, inArray } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { $ZodType } from 'zod/v4/core';
import { MESSAGES, requireAdmin, requireStaff } from '../auth/require-role';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { validate } from '../http/validate';
import { toStatement } from '../db/sql-statement';
import { statusChangeSchema } from '../schemas/status-change';
import { csvStream } from './csv';
import { adminAnswers, eventQuestions, hasAnswers } from './answers';
import { csvColumns } from './resource-fields';
import type { AnswersInput } from '../../shared/registration-questions';
import { isUniqueViolation } from './db-errors';
import { importRoutes } from './import-routes';
import { groupCommit } from '../perf/group-commit';
import { fieldChanges, recordEditStatement, recordHistory } from './record-edits';
import { outcomeOf, panelChange, recordTarget, statusChangeStatements } from './status-engine';
import { alreadyRegisteredMessage, findSameMobile, MERGED_MESSAGE, mergeStatements, possibleDuplicates, recordName } from './duplicates';
import { duplicatesQuerySchema, mergeSchema } from '../schemas/duplicates';
import { bulkActionSchema } from '../schemas/bulk';
import { consentActs } from './consents';
import { isDoorHold } from '../schemas/checkin';
import { emailChangeStatements } from '../notifications/email-confirmations';
import { isMessageKind } from '../../shared/resources/kinds';
import {
  countRows,
  eventIdFor,
  findRow,
  listFilter,
  listOrder,
  listQuerySchema,
  newRecordValues,
  present,
  resourceBody,
  type RecordOut,
  type ResourceDescription,
  type Row,
  selectRows,
  statusError,
  storeImage,
} from './resource';
import { withFacts } from '../http/route-facts';

const DUPLICATE_RECORD = 'A record with these details already exists';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Records per write of a bulk action: one transaction each, so a bulk action never holds the write lane long. */
const BULK_CHUNK = 250;

const HOLDS_ARE_ORGANISERS = 'Only organisers (admins) can put a registration on hold or lift a hold';

/** Whether any of `statuses` is an organiser's hold of this resource's door status (schemas/checkin.ts `DOOR_HOLDS`). */
function touchesHold(resource: ResourceDescription, statuses: Array<string | null | undefined>): boolean {
  const { doorKind } = recordTarget(resource.name, resource.table as never);
  return doorKind !== null && statuses.some((status) => isDoorHold(doorKind, status));
}

const STALE_UPDATE = 'This record was changed by someone else. Reload it and try again.';

/** 409 with the record that already has this mobile number in this event (the panel offers to open it). */
async function sameMobileAnswer(
  c: Context<AppEnv>,
  resource: ResourceDescription,
  record: { eventId: unknown; mobileNumber: unknown; exceptId?: string; values: Row },
) {
  const found = await findSameMobile(c.get('deps').db, resource, record);
  if (!found) return undefined;
  const existing = (await findRow(c.get('deps').db, resource, found.id))!;
  const message = alreadyRegisteredMessage(recordName(resource, existing));
  return c.json({ success: false as const, message, errors: { mobileNumber: message }, data: present(resource, existing) }, 409);
}

/** Who may read a resource's lists and records: staff too when its description gives them any (decision 051). */
const readers = (resource: ResourceDescription) => (resource.staff ? requireStaff : requireAdmin);
/** Who may read its history and change its statuses: staff for the people they check in. */
const doorWork = (resource: ResourceDescription) => (resource.staff === 'check-in' ? requireStaff : requireAdmin);

/**
 * A record as `user` may see it: staff get only the columns the description names for them (events). The
 * typed client still sees the whole record's type: the panel's screens that staff open read those columns.
 */
function shownTo<Out extends RecordOut>(resource: ResourceDescription, user: { role: string }, record: Out): Out {
  if (user.role === 'admin' || !Array.isArray(resource.staff)) return record;
  return Object.fromEntries(resource.staff.map((column) => [column, record[column]])) as Out;
}

/**
 * An organiser's (or staff member's) status change of one record from the panel, as the status engine's
 * statements: the one way the status, bulk and edit routes write one.
 */
function panelStatusChange(
  resource: ResourceDescription,
  user: { id: string; name: string },
  change: Omit<Parameters<typeof panelChange>[0], 'resource' | 'author'>,
) {
  return statusChangeStatements(
    recordTarget(resource.name, resource.table as never),
    panelChange({ ...change, resource: resource.name, author: { userId: user.id, name: user.name } }),
  );
}

/** What every route of a resource says and shows: the record as answered (typed as the resource's), its words. */
function routeWords<Out extends RecordOut>(resource: ResourceDescription) {
  const Singular = capitalise(resource.singular);
  return { view: (row: Row) => present(resource, row) as Out, Singular, notFound: `${Singular} not found`, table: resource.table };
}

/** `GET /duplicates` and `POST /duplicates/merge`, for resources with an identity (one person, one number). */
function duplicateRoutes<Out extends RecordOut>(resource: ResourceDescription) {
  const { view, notFound, table } = routeWords<Out>(resource);
  return (
    new Hono<AppEnv>()
      /** `GET /duplicates?eventId=`: groups of records that may be one person (lib/duplicates.ts), with the records. */
      .get('/duplicates', requireAdmin, validate('query', duplicatesQuerySchema), async (c) => {
        const { db } = c.get('deps');
        const groups = await possibleDuplicates(db, resource, c.req.valid('query').eventId);
        const ids = [...new Set(groups.flatMap((g) => g.ids))];
        const rows = new Map<string, Out>();
        for (let i = 0; i < ids.length; i += 500) {
          for (const row of (await selectRows(db, resource).where(inArray(table.id, ids.slice(i, i + 500)))) as Row[]) rows.set(String(row.id), view(row));
        }
        return ok(c, {
          groups: groups.map((g) => ({ reason: g.reason, label: g.label, records: g.ids.map((id) => rows.get(id)).filter((row) => row !== undefined) })),
        });
      })
      /** `POST /duplicates/merge { survivorId, mergedId }`: one record of the person stays, with the other's history. */
      .post('/duplicates/merge', requireAdmin, validate('json', mergeSchema), async (c) => {
        const { survivorId, mergedId } = c.req.valid('json');
        const { db, blobs, now, writeBatch } = c.get('deps');
        const [survivor, merged] = await Promise.all([findRow(db, resource, survivorId), findRow(db, resource, mergedId)]);
        if (!survivor || !merged) return fail(c, 404, notFound);
        if ((survivor.eventId ?? null) !== (merged.eventId ?? null)) return fail(c, 400, 'Only records of the same event can be merged');
        const { eventName: _, ...mergedRecord } = merged;
        await groupCommit(writeBatch, mergeStatements(db, resource, survivor, merged, { user: c.get('user'), at: now().toISOString(), mergedRecord }));
        const imageKey = resource.image && merged[resource.image.column];
        if (typeof imageKey === 'string' && imageKey !== survivor[resource.image!.column]) await blobs.delete(imageKey);
        return ok(c, view((await findRow(db, resource, survivorId))!), MERGED_MESSAGE);
      })
  );
}

/** The list (`GET /`, a page of it) and its CSV export, with the same filters and order. */
function listRoutes<Out extends RecordOut>(resource: ResourceDescription) {
  const { view } = routeWords<Out>(resource);
  const listQuery = listQuerySchema(resource.defaultLimit, resource.sortKeys);
  const csv = csvColumns(resource.fields ?? [], resource.order);
  return (
    new Hono<AppEnv>()
      // The list's query check also names the resource, so the API reference words its routes (routes/docs.ts).
      .get('/', readers(resource), withFacts(validate('query', listQuery), { resource }), async (c) => {
        const query = c.req.valid('query');
        if (query.status && !resource.statuses.includes(query.status)) return fail(c, 400, statusError(resource.statuses));
        const { db } = c.get('deps');
        const where = listFilter(resource, query);
        const [rows, total] = await Promise.all([
          selectRows(db, resource)
            .where(where)
            .orderBy(...listOrder(resource, query))
            .limit(query.limit)
            .offset((query.page - 1) * query.limit),
          countRows(db, resource, where),
        ]);
        return ok(c, {
          items: (rows as Row[]).map((row) => shownTo(resource, c.get('user'), view(row))),
          total,
          page: query.page,
          limit: query.limit,
          totalPages: Math.ceil(total / query.limit),
        });
      })
      .get('/export.csv', requireAdmin, validate('query', listQuery), async (c) => {
        const query = c.req.valid('query');
        const { db } = c.get('deps');
        const where = listFilter(resource, query);
        const order = listOrder(resource, query);
        const pages = async function* () {
          for (let offset = 0; ; offset += 500) {
            const rows = (await selectRows(db, resource)
              .where(where)
              .orderBy(...order)
              .limit(500)
              .offset(offset)) as Row[];
            if (rows.length === 0) return;
            yield rows.map((row) => view(row));
            if (rows.length < 500) return;
          }
        };
        const date = c.get('deps').now().toISOString().slice(0, 10);
        // Answers are a column per question of the exported event (of every event when the list is not filtered by one).
        const columns = hasAnswers(resource) ? csvColumns(resource.fields ?? [], resource.order, await eventQuestions(db, query.eventId)) : csv;
        return c.body(csvStream(columns, pages()), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${resource.name}-${date}.csv"`,
          'Cache-Control': 'no-store',
        });
      })
  );
}

/**
 * `POST /bulk { action, status?, ids | filter }`: a status for many records, or their deletion (see below).
 */
function bulkRoutes<Out extends RecordOut>(resource: ResourceDescription) {
  const { table } = routeWords<Out>(resource);
  return (
    new Hono<AppEnv>()
      /**
       * `POST /bulk { action, status?, ids | filter }`: a status for many records, or their deletion. Statuses
       * go through the status engine (history and door columns as for one change), records already at the
       * status are left alone; writes go through the write lane in chunks, so other writers interleave.
       */
      .post('/bulk', doorWork(resource), validate('json', bulkActionSchema), async (c) => {
        const input = c.req.valid('json');
        const user = c.get('user');
        // Staff may change people's statuses in bulk as one by one; deleting is the admins'.
        if (user.role !== 'admin' && input.action !== 'status') return fail(c, 403, MESSAGES.forbidden);
        if (input.filter?.status && !resource.statuses.includes(input.filter.status)) return fail(c, 400, statusError(resource.statuses));
        const toStatus = input.status !== undefined ? (resource.normaliseStatus ? resource.normaliseStatus(input.status) : input.status) : '';
        if (input.action === 'status' && !resource.statuses.includes(toStatus))
          return fail(c, 400, statusError(resource.statuses), { status: statusError(resource.statuses) });
        const { db, blobs, now, writeBatch } = c.get('deps');
        const imageColumn = resource.image ? table[resource.image.column] : undefined;
        const where = input.ids ? inArray(table.id, input.ids) : listFilter(resource, input.filter ?? {});
        const matched = (await db
          .select({ id: table.id, status: table.status, ...(imageColumn ? { image: imageColumn } : {}) })
          .from(table)
          .where(where)) as Array<{ id: string; status: string | null; image?: string | null }>;

        if (input.action === 'status') {
          const at = now().toISOString();
          if (user.role !== 'admin' && touchesHold(resource, [toStatus])) return fail(c, 403, HOLDS_ARE_ORGANISERS, { status: HOLDS_ARE_ORGANISERS });
          // Staff leave people on an organiser's hold as they are.
          const toChange = matched.filter((row) => row.status !== toStatus && (user.role === 'admin' || !touchesHold(resource, [row.status])));
          let changed = 0;
          for (let i = 0; i < toChange.length; i += BULK_CHUNK) {
            const changes = toChange.slice(i, i + BULK_CHUNK).map((row) => panelStatusChange(resource, user, { recordId: row.id, toStatus, at }));
            const results = await groupCommit(writeBatch, changes.flat());
            // Each change is two statements; the first answers its outcome.
            for (let k = 0; k < results.length; k += 2) if (outcomeOf(results[k])?.outcome === 'applied') changed += 1;
          }
          return ok(c, { matched: matched.length, changed }, `Status updated for ${changed.toLocaleString('en-IN')} ${changed === 1 ? 'record' : 'records'}`);
        }

        for (let i = 0; i < matched.length; i += BULK_CHUNK) {
          const chunk = matched.slice(i, i + BULK_CHUNK);
          await groupCommit(writeBatch, [
            toStatement(
              db.delete(table).where(
                inArray(
                  table.id,
                  chunk.map((row) => row.id),
                ),
              ),
            ),
          ]);
          for (const row of chunk) if (typeof row.image === 'string') await blobs.delete(row.image);
        }
        return ok(
          c,
          { matched: matched.length, changed: matched.length },
          `Deleted ${matched.length.toLocaleString('en-IN')} ${matched.length === 1 ? 'record' : 'records'}`,
        );
      })
  );
}

/** One record: read, its history and consents, its status, its deletion. */
function recordRoutes<Out extends RecordOut>(resource: ResourceDescription) {
  const { view, notFound, Singular, table } = routeWords<Out>(resource);
  return new Hono<AppEnv>()
    .get('/:id', readers(resource), async (c) => {
      const row = await findRow(c.get('deps').db, resource, c.req.param('id'));
      return row ? ok(c, shownTo(resource, c.get('user'), view(row))) : fail(c, 404, notFound);
    })
    .get('/:id/history', doorWork(resource), async (c) => {
      const { db } = c.get('deps');
      const id = c.req.param('id');
      if (!(await findRow(db, resource, id))) return fail(c, 404, notFound);
      return ok(c, await recordHistory(db, resource.name, id));
    })
    .get('/:id/consents', requireAdmin, async (c) => {
      const { db } = c.get('deps');
      const id = c.req.param('id');
      if (!(await findRow(db, resource, id))) return fail(c, 404, notFound);
      return ok(c, await consentActs(db, resource.name, id));
    })
    .put('/:id/status', doorWork(resource), validate('json', statusChangeSchema), async (c) => {
      const input = c.req.valid('json');
      const status = resource.normaliseStatus ? resource.normaliseStatus(input.status) : input.status;
      if (!resource.statuses.includes(status)) return fail(c, 400, statusError(resource.statuses), { status: statusError(resource.statuses) });
      const { db, now, writeBatch } = c.get('deps');
      const id = c.req.param('id');
      const at = now().toISOString();
      const user = c.get('user');
      if (user.role !== 'admin') {
        const current = await findRow(db, resource, id);
        if (!current) return fail(c, 404, notFound);
        if (touchesHold(resource, [current.status as string | null, status])) return fail(c, 403, HOLDS_ARE_ORGANISERS, { status: HOLDS_ARE_ORGANISERS });
      }
      // The organiser changes the state they saw: with `If-Match: <updatedAt>` a row changed since is refused.
      const expected = c.req.header('If-Match')?.replace(/^W\/|"/g, '') || null;
      const [logged] = await groupCommit(
        writeBatch,
        panelStatusChange(resource, user, {
          recordId: id,
          toStatus: status,
          at,
          expectedUpdatedAt: expected,
          notes: input.notes ?? '',
          alsoSet: resource.statusNotesOnRecord && input.notes !== undefined ? { notes: input.notes } : undefined,
        }),
      );
      const row = await findRow(db, resource, id);
      if (!row) return fail(c, 404, notFound);
      if (!outcomeOf(logged)) return c.json({ success: false as const, message: STALE_UPDATE, data: view(row) }, 409);
      return ok(c, view(row), `${Singular} status updated`);
    })
    .delete('/:id', requireAdmin, async (c) => {
      const { db, blobs, writeBatch } = c.get('deps');
      const id = c.req.param('id');
      const existing = await findRow(db, resource, id);
      if (!existing) return fail(c, 404, notFound);
      await groupCommit(writeBatch, [toStatement(db.delete(table).where(eq(table.id, id)))]);
      const imageKey = resource.image && existing[resource.image.column];
      if (typeof imageKey === 'string') await blobs.delete(imageKey);
      return ok(c, { id }, `${Singular} deleted successfully`);
    });
}

/** `PUT /:id`: an edit of one record, its status and a new e-mail's confirmation in the same commit. */
function editRoutes<Out extends RecordOut>(resource: ResourceDescription) {
  const { view, notFound, Singular, table } = routeWords<Out>(resource);
  return new Hono<AppEnv>().put('/:id', requireAdmin, resourceBody(resource.updateSchema), async (c) => {
    const { db, blobs, now, writeBatch } = c.get('deps');
    const id = c.req.param('id');
    const body = c.req.valid('json');
    const existing = await findRow(db, resource, id);
    if (!existing) return fail(c, 404, notFound);

    // Optimistic concurrency: the client says which version it edited (If-Match or a body field).
    const expected = c.req.header('If-Match')?.replace(/^W\/|"/g, '') ?? (typeof body.fields.updatedAt === 'string' ? body.fields.updatedAt : undefined);
    if (expected !== undefined && expected !== existing.updatedAt) {
      return c.json({ success: false as const, message: STALE_UPDATE, data: view(existing) }, 409);
    }

    let patch: Row = { ...body.data };
    if ('eventId' in patch) {
      const eventId = await eventIdFor(db, patch.eventId);
      if (eventId === 'unknown') return fail(c, 400, 'Unknown event', { eventId: 'Unknown event' });
      patch.eventId = eventId;
    }
    if (patch.answers !== undefined) {
      const checked = await adminAnswers(db, 'eventId' in patch ? patch.eventId : existing.eventId, patch.answers as AnswersInput);
      if ('errors' in checked) return fail(c, 400, Object.values(checked.errors)[0]!, checked.errors);
      patch.answers = checked.answers;
    }
    if (patch.status !== undefined && resource.normaliseStatus) patch.status = resource.normaliseStatus(String(patch.status));
    let newImageKey: string | undefined;
    const upload = resource.image && body.files[resource.image.formField];
    if (resource.image && upload) {
      const stored = await storeImage(c, upload);
      if (stored instanceof Response) return stored;
      newImageKey = stored.key;
      patch[resource.image.column] = stored.key;
    }
    const refused = resource.checkUpdate?.(patch, existing);
    if (refused) return fail(c, 400, refused.message, { [refused.field]: refused.message });
    if (resource.onUpdate) patch = resource.onUpdate(patch, existing);
    const at = now().toISOString();
    patch.updatedAt = at;

    // Only a change of number, event or registration can make a new duplicate (an edit of a record that
    // already has one, e.g. its e-mail, is not refused: the possible-duplicates view lists those).
    const changes = (key: string) => key in patch && patch[key] !== existing[key];
    if (resource.identity && (changes('mobileNumber') || changes('eventId') || resource.identity.sameRegistration?.some(changes))) {
      const duplicate = await sameMobileAnswer(c, resource, {
        eventId: 'eventId' in patch ? patch.eventId : existing.eventId,
        mobileNumber: patch.mobileNumber ?? existing.mobileNumber,
        exceptId: id,
        values: { ...existing, ...patch },
      });
      if (duplicate) {
        if (newImageKey) await blobs.delete(newImageKey);
        return duplicate;
      }
    }

    const user = c.get('user');
    // A status inside an edit is a status change like any other (the status engine), in the same commit
    // as the edit and only if the edit itself applied (the engine expects the edit's new `updatedAt`).
    const newStatus = patch.status !== undefined && patch.status !== existing.status ? String(patch.status) : null;
    delete patch.status;
    // The other fields' changes are the edit's history entry; a save that changes nothing logs nothing.
    const edit = fieldChanges(resource, patch, existing);
    const guard = and(eq(table.id, id), eq(table.updatedAt, existing.updatedAt as string));
    // A new e-mail on a publicly registered record waits for its owner's confirmation (decision 074).
    const emailMessages =
      isMessageKind(resource.name) && changes('email')
        ? await emailChangeStatements(
            db,
            {
              table,
              personKind: resource.name,
              personId: id,
              email: String(patch.email ?? ''),
              eventId: ((patch.eventId ?? existing.eventId) as string | null) ?? null,
              registrationType: String(existing.registrationType ?? ''),
              at,
            },
            c.get('deps').messaging,
          )
        : [];
    let updated: unknown;
    try {
      [updated] = await groupCommit(writeBatch, [
        toStatement(db.update(table).set(patch).where(guard).returning({ id: table.id })),
        ...(edit.changes.length > 0 || edit.notes ? [recordEditStatement(db, resource, { recordId: id, at, user, ...edit })] : []),
        ...(newStatus ? panelStatusChange(resource, user, { recordId: id, toStatus: newStatus, at, expectedUpdatedAt: at }) : []),
        ...emailMessages,
      ]);
    } catch (error) {
      if (newImageKey) await blobs.delete(newImageKey);
      // e.g. two public registrations of one mobile number for one event (their unique index).
      if (isUniqueViolation(error)) return fail(c, 409, DUPLICATE_RECORD);
      throw error;
    }
    if ((updated as unknown[]).length === 0) {
      // Someone else saved between our read and our write: nothing of ours was applied.
      if (newImageKey) await blobs.delete(newImageKey);
      const current = await findRow(db, resource, id);
      return c.json({ success: false as const, message: STALE_UPDATE, data: current ? view(current) : null }, 409);
    }
    const oldImageKey = resource.image && existing[resource.image.column];
    if (newImageKey && typeof oldImageKey === 'string') await blobs.delete(oldImageKey);
    const row = (await findRow(db, resource, id))!;
    await resource.afterWrite?.(db, row);
    if (emailMessages.length) c.get('deps').messaging?.dispatch(c);
    return ok(c, view(row), `${Singular} updated successfully`);
  });
}

/**
 * Every route of `resourceRoutes` but `POST /`. The fixed paths (duplicates, the export, bulk) are mounted
 * before `/:id`, which would otherwise take them for an id.
 */
function commonRoutes<Out extends RecordOut>(resource: ResourceDescription) {
  return new Hono<AppEnv>()
    .route('/', resource.identity ? duplicateRoutes<Out>(resource) : new Hono<AppEnv>())
    .route('/', listRoutes<Out>(resource))
    .route('/', bulkRoutes<Out>(resource))
    .route('/', recordRoutes<Out>(resource))
    .route('/', editRoutes<Out>(resource));
}

/** The common routes and `POST /`, which creates a record (JSON or multipart). */
function routesWithCreate<Out extends RecordOut>(resource: ResourceDescription, createSchema: $ZodType) {
  const { view, Singular, table } = routeWords<Out>(resource);
  return commonRoutes<Out>(resource)
    .route('/', resource.importable ? importRoutes(resource, createSchema) : new Hono<AppEnv>())
    .post('/', requireAdmin, resourceBody(createSchema), async (c) => {
      const { db, blobs, now, writeBatch } = c.get('deps');
      const body = c.req.valid('json');
      const at = now().toISOString();
      const eventId = 'eventId' in table ? await eventIdFor(db, body.data.eventId) : null;
      if (eventId === 'unknown') return fail(c, 400, 'Unknown event', { eventId: 'Unknown event' });
      const values = newRecordValues(resource, body.data, { user: c.get('user'), now: at }, eventId);
      if (body.data.answers !== undefined) {
        const checked = await adminAnswers(db, eventId, body.data.answers as AnswersInput);
        if ('errors' in checked) return fail(c, 400, Object.values(checked.errors)[0]!, checked.errors);
        values.answers = checked.answers;
      }
      const duplicate = await sameMobileAnswer(c, resource, { eventId: values.eventId, mobileNumber: values.mobileNumber, values });
      if (duplicate) return duplicate;
      const upload = resource.image && body.files[resource.image.formField];
      if (resource.image && upload) {
        const stored = await storeImage(c, upload);
        if (stored instanceof Response) return stored;
        values[resource.image.column] = stored.key;
      }
      const id = crypto.randomUUID();
      try {
        await groupCommit(writeBatch, [toStatement(db.insert(table).values({ ...values, id, createdAt: at, updatedAt: at }))]);
      } catch (error) {
        const imageKey = resource.image && values[resource.image.column];
        if (typeof imageKey === 'string') await blobs.delete(imageKey);
        if (isUniqueViolation(error)) return fail(c, 409, DUPLICATE_RECORD);
        throw error;
      }
      const row = (await findRow(db, resource, id))!;
      await resource.afterWrite?.(db, row);
      return ok(c, view(row), `${Singular} created successfully`, 201);
    });
}

/** The router of an admin resource, as the typed client sees it (the generic panel screens use it). */
export type ResourceRouter<Out extends RecordOut = RecordOut> = ReturnType<typeof routesWithCreate<Out>>;

/**
 * The common routes of an admin resource, from its description:
 *
 * | route | who |
 * | --- | --- |
 * | `GET /` list (page, limit, status, eventId, q, sort, order) | admin; staff for people (`staff: 'check-in'`), and the `staff` columns of events |
 * | `GET /export.csv` the filtered list as CSV | admin |
 * | `GET /:id` | as the list |
 * | `GET /:id/history` (status changes and edits, one time line) | admin; staff for people |
 * | `GET /:id/consents` (the person's consent acts, in time order: decision 059) | admin |
 * | `POST /` (JSON or multipart) | admin |
 * | `POST /import` rows of a CSV or Excel file (importable resources, lib/import-routes.ts) | admin |
 * | `PUT /:id` (JSON or multipart; `If-Match: <updatedAt>` refuses stale edits) | admin |
 * | `PUT /:id/status` `{ status, notes?, deviceId? }` | admin; staff for people |
 * | `DELETE /:id` | admin |
 *
 * Records are answered as `Out` (`RecordOf` the resource's table); `POST /` exists when the description has a create schema.
 */
export function resourceRoutes<Out extends RecordOut, D extends ResourceDescription = ResourceDescription>(
  resource: D,
): D['createSchema'] extends $ZodType ? ResourceRouter<Out> : ReturnType<typeof commonRoutes<Out>> {
  return (resource.createSchema ? routesWithCreate<Out>(resource, resource.createSchema) : commonRoutes<Out>(resource)) as never;
}
