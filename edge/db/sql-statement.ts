import { fillPlaceholders, Param, Placeholder, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from './database';

/**
 * Plain SQL statements for the write paths that run on every public request (group commit: submissions,
 * rate-limit counters). They are written with drizzle, but drizzle builds their SQL text once per shape
 * and each request only fills in its values: building a query is about as costly as running it, and the
 * unchanged text lets the embedded writer reuse one prepared statement (decision 010).
 */
export type SqlValue = string | number | bigint | boolean | null | Uint8Array;

export interface SqlStatement {
  sql: string;
  args: SqlValue[];
}

/** Anything drizzle can print: a query builder, with or without placeholders. */
export interface ToSql {
  toSQL(): { sql: string; params: unknown[] };
}

/** A drizzle query as a plain statement (built now, every call: for statements off the hot path). */
export function toStatement(query: ToSql): SqlStatement {
  const { sql: text, params } = query.toSQL();
  return { sql: text, args: params as SqlValue[] };
}

/**
 * A statement built once with named placeholders (`p('key')`), then filled per call. The SQL text only
 * depends on the dialect, so any database may build it. A placeholder used several times is sent once
 * (SQLite's numbered parameters, `?3`): the embedded writer's arguments cross to its thread by copy.
 */
export function statementTemplate<Values extends Record<string, unknown>>(
  build: (db: Database, p: <Name extends keyof Values & string>(name: Name) => Placeholder<Name>) => ToSql,
): (db: Database, values: Values) => SqlStatement {
  const key = Symbol('statementTemplate');
  return (db, values) =>
    fillTemplate(
      builtOnce(key, () => bindRepeatedPlaceholdersOnce(build(db, (name) => sql.placeholder(name)).toSQL())),
      values,
    );
}

/** A statement's SQL text with its parameters, placeholders among them. */
export type BuiltTemplate = { sql: string; params: unknown[] };

/**
 * The one cache of SQL templates: each template's text is built on first use and kept under its key (a
 * call site's symbol for `statementTemplate`, a shape's name for templates built per table or kind, e.g.
 * the status engine's).
 */
const templates = new Map<string | symbol, BuiltTemplate>();

export function builtOnce(key: string | symbol, build: () => BuiltTemplate): BuiltTemplate {
  let built = templates.get(key);
  if (!built) templates.set(key, (built = build()));
  return built;
}

/** A template's statement with `values` in its placeholders (drizzle encodes each as its column stores it). */
export function fillTemplate(built: BuiltTemplate, values: Record<string, unknown>): SqlStatement {
  return { sql: built.sql, args: fillPlaceholders(built.params, values) as SqlValue[] };
}

/**
 * The query with each `?` numbered (`?1`, `?2`, ...) so that the occurrences of one placeholder share one
 * argument; unchanged when no placeholder repeats. Occurrences share an argument only when their column
 * encodes the value the same way.
 */
function bindRepeatedPlaceholdersOnce(query: { sql: string; params: unknown[] }): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const numberOf = new Map<string, { number: number; encode: unknown }>();
  const numbers = query.params.map((param) => {
    const wrapped = param instanceof Param && param.value instanceof Placeholder;
    const placeholder = wrapped ? (param.value as Placeholder) : param instanceof Placeholder ? param : undefined;
    const encode = wrapped ? (param as Param).encoder?.mapToDriverValue : undefined;
    const known = placeholder && numberOf.get(placeholder.name);
    if (known && known.encode === encode) return known.number;
    params.push(param);
    if (placeholder && !known) numberOf.set(placeholder.name, { number: params.length, encode });
    return params.length;
  });
  if (params.length === query.params.length) return query;
  let at = 0;
  const text = query.sql.replace(/\?/g, () => `?${numbers[at++]}`);
  // Every `?` of drizzle's SQLite text is a parameter; anything else would misnumber the arguments.
  if (at !== numbers.length) throw new Error(`statementTemplate: ${at} '?' in the SQL text for ${numbers.length} parameters`);
  return { sql: text, params };
}

const insertShapes = new WeakMap<SQLiteTable, Map<string, { sql: string; params: unknown[] }>>();

/**
 * `INSERT INTO table (...) VALUES (...)` of one row, as drizzle's `db.insert(table).values(row)` would
 * write it (column names, defaults, value encoding), with the SQL built once per table and set of keys.
 */
export function insertStatement<Table extends SQLiteTable>(db: Database, table: Table, row: Table['$inferInsert']): SqlStatement {
  const values = row as Record<string, unknown>;
  const keys = Object.keys(values).filter((key) => values[key] !== undefined);
  const shape = keys.join(',');
  let shapes = insertShapes.get(table);
  if (!shapes) insertShapes.set(table, (shapes = new Map()));
  let built = shapes.get(shape);
  if (!built) {
    const placeholders = Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)]));
    built = db
      .insert(table)
      .values(placeholders as Table['$inferInsert'])
      .toSQL();
    shapes.set(shape, built);
  }
  return { sql: built.sql, args: fillPlaceholders(built.params, values) as SqlValue[] };
}

type Slot = [row: number, key: string] | { constant: SqlValue };
const rowsShapes = new WeakMap<SQLiteTable, Map<string, { sql: string; slots: Slot[] }>>();

/**
 * `INSERT INTO table (...) VALUES (...), (...)`: several rows with the same keys in one statement, built
 * once per table, keys and row count (a request that writes a few rows of one table pays one statement).
 * Each argument is read straight from its row (values of text, number and null columns, as stored).
 */
export function insertRowsStatement<Table extends SQLiteTable>(db: Database, table: Table, rows: Array<Table['$inferInsert']>): SqlStatement {
  const first = rows[0] as Record<string, unknown>;
  const keys = Object.keys(first).filter((key) => first[key] !== undefined);
  const shape = `${rows.length}:${keys.join(',')}`;
  let shapes = rowsShapes.get(table);
  if (!shapes) rowsShapes.set(table, (shapes = new Map()));
  let built = shapes.get(shape);
  if (!built) {
    const placeholders = rows.map((_, i) => Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${i}:${key}`)])));
    const query = db
      .insert(table)
      .values(placeholders as Array<Table['$inferInsert']>)
      .toSQL();
    // A value is a placeholder (possibly wrapped with its column's encoder) or a column default drizzle wrote.
    const slots = query.params.map((param): Slot => {
      const inner = (param as { value?: unknown }).value ?? param;
      const name = (inner as { name?: unknown }).name;
      if (inner instanceof Placeholder && typeof name === 'string') {
        const at = name.indexOf(':');
        return [Number(name.slice(0, at)), name.slice(at + 1)];
      }
      return { constant: fillPlaceholders([param], {})[0] as SqlValue };
    });
    built = { sql: query.sql, slots };
    shapes.set(shape, built);
  }
  const args = built.slots.map((slot) => (Array.isArray(slot) ? ((rows[slot[0]] as Record<string, unknown>)[slot[1]] as SqlValue) : slot.constant));
  return { sql: built.sql, args };
}
