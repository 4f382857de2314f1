import type { Table } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { FieldSpec, ViewOrder } from './fields';

/**
 * What the API and the panel both know of an admin resource, said once: its name, statuses and the
 * status a new record gets (its status field's options and default), who may change statuses, which columns may sort a list, its image field and
 * the schemas that check a create and an update. The server adds its table, defaults, search and CSV
 * (edge/routes/admin/<resource>.ts); the panel adds its screen and form (pwa/src/features/admin-resources).
 *
 * Modules of this folder import nothing that runs on the server: drizzle tables are imported as types
 * only, so the PWA imports these modules (alias `@shared/*`) without pulling drizzle into the browser.
 */
import type { ResourceName } from './kinds';

/** Every resource's name: the registry's keys (./kinds.ts). */
export type { ResourceName };

/** A stored row of a table, as drizzle reads it. */
type RowOf<T extends Table> = T['$inferSelect'];
/** The names of a table's columns (the row's keys). */
export type ColumnName<T extends Table> = keyof RowOf<T> & string;

/** An uploaded image: the multipart field it arrives in, the column keeping its blob key, the URL field of answers. */
interface ImageField<T extends Table> {
  formField: 'profileImage' | 'banner';
  column: ColumnName<T>;
  urlField: 'profileImageUrl' | 'bannerUrl';
  label: string;
}

/**
 * A schema whose fields are all columns of the table, or named in `inputOnly` (fields the server turns
 * into columns, e.g. a stall's `stallSize`). A field that is neither fails to compile, naming it.
 */
type ColumnsOnly<S extends z.ZodMiniType, T extends Table, Extra extends string> = [Exclude<keyof z.output<S>, ColumnName<T> | Extra>] extends [never]
  ? S
  : { fieldsThatAreNotColumns: Exclude<keyof z.output<S>, ColumnName<T> | Extra> };

export interface ResourceShape<T extends Table, Status extends string, Sort extends ColumnName<T>, Extra extends string> {
  name: ResourceName;
  /** "visitor": the server's messages ("Visitor not found") and the panel's labels. */
  singular: string;
  statuses: readonly Status[];
  /** The status of a record created without one. */
  defaultStatus: NoInfer<Status>;
  /**
   * What staff do with its records (decision 051). `'check-in'`: the people the venue door sees — staff
   * read them (lists, records, history) and change their statuses. A list of columns: staff read only
   * these, in lists and records (events, to choose one at the door), nothing else. Absent: the admins'
   * alone — stalls, sponsors, nominations and enquiries are the organisers' business, not the door's.
   */
  staff?: 'check-in' | readonly ColumnName<T>[];
  /** Columns a list may be sorted by (`?sort=`); `createdAt`, newest first, when none is asked for. */
  sortKeys: readonly Sort[];
  image?: ImageField<T>;
  /** Fields of the schemas that are not columns themselves (the server maps them onto columns). */
  inputOnly?: readonly Extra[];
  /** Absent when records are created elsewhere only (enquiries come from the public site). */
  createSchema?: z.ZodMiniType;
  updateSchema: z.ZodMiniType;
  /** Organisers may create records of it from a CSV or Excel file (`POST /api/<r>/import`). */
  importable?: boolean;
  /** Rows per page when the list query gives no `limit`. */
  defaultLimit: number;
  /**
   * Every field, said once, in the API's order (./fields.ts): the create schema, the panel's form and list,
   * the exports, the import's mapping and the server's defaults are derived from it. Each name is a column
   * of the table (or declared `inputOnly`).
   */
  fields?: readonly FieldSpec<ColumnName<T> | Extra>[];
  /** The form's, the list's and the export's order, where it is not the fields' own. */
  order?: ViewOrder<ColumnName<T> | Extra>;
}

/**
 * A resource's status field: its options are the resource's statuses and its default the status of a
 * record created without one. `describeResource` reads both from it, so each is said once.
 */
export interface StatusFieldSpec<Status extends string = string> extends FieldSpec<'status'> {
  options: readonly Status[];
  default: Status;
}

/** The statuses a resource's fields give (its status field's options). */
type StatusesOf<F extends readonly FieldSpec[]> = Extract<F[number], { name: 'status' }> extends { options: readonly (infer S extends string)[] } ? S : never;

/** Fields that give the statuses: exactly one status field with options and a default, or a compile error saying so. */
type WithStatusField<F extends readonly FieldSpec[]> = [Extract<F[number], { name: 'status' }>] extends [never]
  ? { missing: 'a status field with the statuses as options and a default' }
  : Extract<F[number], { name: 'status' }> extends StatusFieldSpec
    ? F
    : { missing: 'the status field needs the statuses as options and a default' };

/**
 * Checks a description against its table: sort keys and the image column are the row's keys, and every
 * schema field is a column (or declared `inputOnly`). The statuses and the default status are the status
 * field's options and default (`fields`).
 *
 * `describeResource<typeof visitors>()({ ... })`: the table is a type argument, so nothing of drizzle is imported.
 */
export function describeResource<T extends Table>() {
  return <
    const Name extends ResourceName,
    const Sort extends ColumnName<T>,
    Create extends z.ZodMiniType | undefined,
    Update extends z.ZodMiniType,
    const Fields extends readonly FieldSpec<ColumnName<T> | Extra>[],
    const Extra extends string = never,
    const Image extends ImageField<T> | undefined = undefined,
  >(
    description: Omit<
      ResourceShape<T, StatusesOf<Fields>, Sort, Extra>,
      'name' | 'statuses' | 'defaultStatus' | 'createSchema' | 'updateSchema' | 'image' | 'fields'
    > & {
      name: Name;
      createSchema?: Create & (Create extends z.ZodMiniType ? ColumnsOnly<Create, T, Extra> : unknown);
      updateSchema: Update & ColumnsOnly<Update, T, Extra>;
      image?: Image;
      fields: Fields & WithStatusField<Fields>;
    },
  ) => {
    const status = description.fields.find((field): field is StatusFieldSpec<StatusesOf<Fields>> => field.name === 'status')!;
    return { ...description, statuses: status.options, defaultStatus: status.default } as ResourceShape<T, StatusesOf<Fields>, Sort, Extra> & {
      name: Name;
      createSchema: Create;
      updateSchema: Update;
      image: Image;
      fields: Fields;
      columnName?: ColumnName<T>;
    };
  };
}

/** Any description, whatever its table. */
// Typed `any` on purpose: the generic layers read descriptions of every table alike.
export type AnyResource = ResourceShape<any, string, string, string>;
