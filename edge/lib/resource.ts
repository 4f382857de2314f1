import { and, asc, count, desc, eq, getTableColumns, inArray, or, type SQL, sql, type Table } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { $ZodType } from 'zod/v4/core';
import type { AnyResource } from '../../shared/resources/describe';
import * as z from 'zod/mini';
import type { Database } from '../db/database';
import { events } from '../db/tables/events';
import type { AppEnv, AuthUser } from '../env';
import { fail, type FieldErrors } from '../http/envelope';
import { fieldErrors } from '../http/validate';
import { ANSWER_FILTER_MESSAGE, ANSWER_FILTER_PATTERN, answerFilterPairs } from '../../shared/registration-questions';
import { mobileSearchTerm } from '../../shared/schemas/mobile-number';
import { newBlobKey } from '../storage/blob-store';
import { currentEvent, eventById } from './events';
import { checkImage, IMAGE_TOO_LARGE, IMAGE_TOO_MANY_PIXELS, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from './images';
import { statusesMatching } from '../schemas/status-labels';
import { withFacts } from '../http/route-facts';

/**
 * What only the server knows of an admin resource, added to its shared description (shared/resources/):
 * its table, creation defaults, hooks and searchable columns (its CSV columns are its fields'). `resourceRoutes`
 * (resource-routes.ts) turns a description into the common routes; a resource's own router file adds
 * only what is special about it.
 *
 * Rows are plain records in this generic layer (one code path for nine tables); the shared description
 * is checked against its table's row type when it is written, and the schemas check what goes in.
 */

export type Row = Record<string, unknown>;

export interface WriteContext {
  user: AuthUser;
  now: string;
}

export interface ResourceDescription extends AnyResource {
  // Typed `any` on purpose: any table of ours: the generic layer reads the common columns by name.
  table: SQLiteTable & Record<string, SQLiteColumn | any>;
  /** The new record's values from validated input: the defaults for what the form left out. */
  defaults(input: Row, context: WriteContext): Row;
  /** Derived values on update (e.g. a sponsor's balance), given the record as it was. */
  onUpdate?(patch: Row, existing: Row): Row;
  /** A rule across the stored record and the update (e.g. an event's end after its start): a message refuses it. */
  checkUpdate?(patch: Row, existing: Row): { field: string; message: string } | undefined;
  /** Runs after a create or update in the panel has been stored (e.g. only one featured event); an importable resource may not have one. */
  afterWrite?(db: Database, row: Row): Promise<void>;
  /** Reads a status in older spellings before it is checked (VIP awardees). */
  normaliseStatus?(status: string): string;
  searchColumns: SQLiteColumn[];
  /** Extra fields of the answer computed from the row. */
  present?(row: Row): Row;
  /** `PUT /:id/status` with notes also keeps them on the record (enquiries). */
  statusNotesOnRecord?: boolean;
  /**
   * Who a record is, for the duplicate rule and the possible-duplicates view (lib/duplicates.ts): the
   * fields holding the name and the organisation, and any field that with the event and the mobile
   * number makes a registration one (an enquiry's package).
   */
  identity?: { name: string; organisation: string; sameRegistration?: string[] };
}

export const statusError = (statuses: readonly string[]) => `Status must be one of: ${statuses.join(', ')}`;

// --- request bodies -------------------------------------------------------------------------------

export interface ResourceBody {
  fields: Row;
  files: Record<string, File>;
}

/**
 * The body of an admin create or update: JSON, or multipart/form-data where repeated fields become
 * arrays and files are kept apart. Answers a Response when the body cannot be used.
 */
async function readResourceBody(c: Context<AppEnv>): Promise<ResourceBody | Response> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return fail(c, 400, 'Malformed multipart body');
    }
    // Null-prototype records: a field named `__proto__` or `constructor` is just a field (and zod drops it).
    const fields: Row = Object.create(null);
    const files: Record<string, File> = Object.create(null);
    for (const [name, value] of Object.entries(form)) {
      const values = Array.isArray(value) ? value : [value];
      const file = values.find((v): v is File => typeof v !== 'string');
      if (file) {
        if (file.size > 0) files[name] = file;
        continue;
      }
      // `eventTypes[]` is how some form libraries spell a repeated field.
      const key = name.endsWith('[]') ? name.slice(0, -2) : name;
      fields[key] = Array.isArray(value) || name.endsWith('[]') ? values : value;
    }
    return { fields, files };
  }
  const text = await c.req.text();
  if (!text.trim()) return fail(c, 400, 'Request body is required');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(c, 400, 'Malformed JSON in request body');
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    return fail(c, 400, 'Request body must be an object');
  }
  return { fields: json as Row, files: {} };
}

/** A multipart form as a client sends it: text fields (a list repeats its field) and files (`profileImage`, `banner`). */
export type ResourceForm = Record<string, string | string[] | File>;

/**
 * Validates an admin create or update body, JSON or multipart/form-data alike, with the resource's
 * schema: a 400 with one message per field when it fails, 415 for any other body type (http/body-guard.ts).
 * The handler reads `c.req.valid('json')`: the parsed values, the fields as sent and the files.
 */
export function resourceBody<S extends $ZodType>(schema: S) {
  // The API reference documents the route's body from this schema (http/route-facts.ts).
  return withFacts(
    createMiddleware<AppEnv, string, { in: { json?: z.input<S> & Row; form?: ResourceForm }; out: { json: ResourceBody & { data: Row } } }>(async (c, next) => {
      const body = await readResourceBody(c);
      if (body instanceof Response) return body;
      const parsed = parseWith(c, schema, body.fields);
      if (parsed instanceof Response) return parsed;
      c.req.addValidatedData('json', { ...body, data: parsed.data });
      await next();
    }),
    { json: schema },
  );
}

function parseWith(c: Context, schema: $ZodType, fields: Row): { data: Row } | Response {
  const result = z.safeParse(schema, fields);
  if (result.success) return { data: result.data as Row };
  const errors: FieldErrors = fieldErrors(result.error.issues, fields);
  return fail(c, 400, Object.values(errors)[0] ?? 'Invalid request', errors);
}

/** Checks and stores an uploaded image; answers its blob key, or a 413/415 Response. */
export async function storeImage(c: Context<AppEnv>, file: File) {
  if (file.size > MAX_IMAGE_BYTES) return fail(c, 413, IMAGE_TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkImage(bytes);
  if (!check.ok) return check.reason === 'too-many-pixels' ? fail(c, 413, IMAGE_TOO_MANY_PIXELS) : fail(c, 415, NOT_AN_IMAGE);
  const key = newBlobKey(check.image.extension);
  // A store that fails part-way leaves nothing behind (storage/folder-blob-store.ts writes, then renames).
  await c.get('deps').blobs.put(key, bytes, check.image.contentType);
  return { key } as const;
}

// --- reading ----------------------------------------------------------------------------------------

/** Ids a list or export query may name (one page of the list at most). */
const MAX_LISTED_IDS = 100;
const idList = (text: string) =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/**
 * The list query. `sort` names one of the resource's sortable columns (an enum: a Set look-up, so
 * `constructor`, `__proto__` and the other names every object has are refused with 400 like any unknown).
 */
export const listQuerySchema = (defaultLimit: number, sortNames: readonly string[] = ['createdAt']) =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100, { error: 'limit must be at most 100' })), defaultLimit),
    status: z.optional(z.string().check(z.trim(), z.maxLength(60))),
    eventId: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    /** Comma-separated record ids: only these (an export of the rows selected on a page). */
    ids: z.optional(
      z.string().check(
        z.maxLength(MAX_LISTED_IDS * 101),
        z.refine((text) => idList(text).length <= MAX_LISTED_IDS, { error: `ids may name at most ${MAX_LISTED_IDS} records` }),
      ),
    ),
    sort: z.optional(z.enum(sortNames as [string, ...string[]], { error: `sort must be one of: ${sortNames.join(', ')}` })),
    order: z.optional(z.enum(['asc', 'desc'])),
    /** `looking-for:villa,budget:over-1cr`: records whose answers hold every pair (resources with answers, shared/registration-questions.ts). */
    answer: z.optional(z.string().check(z.trim(), z.maxLength(820), z.regex(ANSWER_FILTER_PATTERN, { error: ANSWER_FILTER_MESSAGE }))),
  });
export type ListQuery = z.infer<ReturnType<typeof listQuerySchema>>;

/** `LIKE` with the user's `%` and `_` taken literally. */
const contains = (column: SQLiteColumn, term: string) => sql`${column} LIKE ${`%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} ESCAPE '\\'`;

export function listFilter(
  resource: ResourceDescription,
  query: Pick<ListQuery, 'status' | 'eventId' | 'q'> & { ids?: string | undefined; answer?: string | undefined },
): SQL | undefined {
  const { table } = resource;
  const conditions: SQL[] = [];
  if (query.answer && 'answers' in table) {
    // Each pair: the question's list of chosen ids holds the choice (json_each over one small object per row).
    for (const { question, choice } of answerFilterPairs(query.answer)) {
      conditions.push(sql`EXISTS (SELECT 1 FROM json_each(${table.answers}, ${`$."${question}"`}) WHERE value = ${choice})`);
    }
  }
  if (query.ids !== undefined) conditions.push(inArray(table.id, idList(query.ids)));
  if (query.status) conditions.push(eq(table.status, query.status));
  if (query.eventId && 'eventId' in table) conditions.push(eq(table.eventId, query.eventId));
  if (query.q) {
    // A whole phone number in any spelling ("098765 43210", "+91 98765-43210") finds its canonical form.
    const number = 'mobileNumber' in table ? mobileSearchTerm(query.q) : null;
    // A status in its words ("In Progress") finds the records at it, as the list's badge shows it.
    const statuses = statusesMatching(query.q, resource.statuses);
    const search = or(
      ...resource.searchColumns.map((column) => contains(column, query.q!)),
      ...(number ? [eq(table.mobileNumber, number)] : []),
      ...(statuses.length ? [inArray(table.status, statuses)] : []),
    );
    if (search) conditions.push(search);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * A list's order. Newest first (and `sort=createdAt`) is the order rows were written in, the rowid, which
 * only grows: created_at is the server's wall clock, and a clock stepped back (a VM resumed, an NTP step)
 * would list a new record below older ones (decision 043). Other sort keys, ties in written order; the
 * rowid rides along in every index, so no extra sort.
 */
export function listOrder(resource: ResourceDescription, query: Pick<ListQuery, 'sort' | 'order'>) {
  const direction = query.order === 'asc' ? asc : desc;
  const written = direction(sql`${resource.table}.rowid`);
  // `sort` has passed the list query's enum of the description's sort keys, each a column of the table.
  if (!query.sort || query.sort === 'createdAt') return [written];
  return [direction(resource.table[query.sort]), written];
}

/** The row with its event's name joined in, for every resource that belongs to an event. */
export function selectRows(db: Database, resource: ResourceDescription) {
  const { table } = resource;
  if (!('eventId' in table) || resource.name === 'events') return db.select().from(table).$dynamic();
  return db
    .select({ ...getTableColumns(table), eventName: events.eventName })
    .from(table)
    .leftJoin(events, eq(events.id, table.eventId))
    .$dynamic();
}

export async function countRows(db: Database, resource: ResourceDescription, where: SQL | undefined) {
  const [result] = await db.select({ n: count() }).from(resource.table).where(where);
  return result?.n ?? 0;
}

export async function findRow(db: Database, resource: ResourceDescription, id: string): Promise<Row | undefined> {
  const [row] = await selectRows(db, resource).where(eq(resource.table.id, id)).limit(1);
  return row as Row | undefined;
}

/** What every record of an admin resource answers, whatever its resource; the rest are its own columns. */
export interface RecordOut {
  id: string;
  createdAt: string;
  updatedAt: string;
  status?: string;
  /** The name of the record's event, for every resource that belongs to one. */
  eventName?: string | null;
  [field: string]: unknown;
}

/** The blob-key column and URL field of a description's image (`never` for a resource without one). */
type ImageOf<D> = D extends { image: { column: infer Column extends string; urlField: infer Url extends string } }
  ? { column: Column; url: Url }
  : { column: never; url: never };

/**
 * A record of one resource as answered, from its table and its description: its row without the image's
 * blob key, the image's URL, the name of its event, and what the resource's `present` adds (`Extra`).
 */
export type RecordOf<T extends Table, D, Extra = unknown> = Omit<T['$inferSelect'], ImageOf<D>['column']> & {
  [K in ImageOf<D>['url']]: string | null;
} & { eventName?: string | null } & Extra &
  RecordOut;

/** A row as the API answers it: image keys become URLs, plus the resource's own derived fields. */
export function present(resource: ResourceDescription, row: Row): RecordOut {
  const out = { ...row } as RecordOut;
  if (resource.image) {
    const key = row[resource.image.column];
    delete out[resource.image.column];
    out[resource.image.urlField] = typeof key === 'string' ? `/api/files/${key}` : null;
  }
  return resource.present ? { ...out, ...resource.present(row) } : out;
}

/** The id of the event a record belongs to: the one given (which must exist) or the current (featured) one. */
export async function eventIdFor(db: Database, given: unknown): Promise<string | null | 'unknown'> {
  if (typeof given === 'string' && given !== '') return (await eventById(db, given))?.id ?? 'unknown';
  return (await currentEvent(db))?.id ?? null;
}

/**
 * A new record's values from its validated input: the resource's defaults and the event it belongs to
 * (`eventIdFor`'s answer, for tables that have one). Every create (the form, an import) starts here.
 */
export function newRecordValues(resource: ResourceDescription, data: Row, context: WriteContext, eventId: string | null): Row {
  const values = resource.defaults(data, context);
  if ('eventId' in resource.table) values.eventId = eventId;
  return values;
}
