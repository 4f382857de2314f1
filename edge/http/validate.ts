import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import { safeParse } from 'zod/mini';
import type { $ZodIssue, $ZodType, output } from 'zod/v4/core';
import { nextTurn } from '../perf/next-turn';
import { fail, type FieldErrors } from './envelope';
import { withFacts } from './route-facts';

/**
 * zod validation at the edge with the contract's failure shape: 400, the first problem as `message`,
 * and one message per field in `errors`, so a form can put each message beside its field.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends $ZodType>(target: Target, schema: Schema) {
  const middleware = zValidator(target, schema, (result, c) => {
    if (!result.success) return invalid(c, result.error.issues, result.data);
  });
  // The API reference documents the route's body and query from this schema (route-facts.ts).
  return withFacts(middleware, { [target]: schema });
}

function invalid(c: Context, issues: readonly $ZodIssue[], input: unknown) {
  const errors = fieldErrors(issues, input);
  const firstField = Object.keys(errors)[0];
  return fail(c, 400, firstField ? errors[firstField]! : 'Invalid request', errors);
}

/** Items of a long list checked per turn of the event loop (see `validateJsonInChunks`). */
const ITEMS_PER_TURN = 50;

/**
 * `validate('json', schema)` for a body carrying one long list at `key`, as a door device's batch of up to
 * 500 operations (about 1.7 ms of CPU to check at once). `envelope` checks the body with the list's items
 * left unchecked; then the list's item schema (from `schema`) checks the items, ITEMS_PER_TURN at a time
 * with a turn of the event loop between, so other requests (a crowd's registrations) are served while a
 * batch is checked rather than after. The same answers as `validate`: every problem, each at its path
 * (`operations.3.deviceTime`); the reference documents the body as `schema`.
 */
export function validateJsonInChunks<Schema extends $ZodType>(schema: Schema, envelope: $ZodType, key: string) {
  const item = listItem(schema, key);
  const middleware = validator('json', async (value, c) => {
    const head = safeParse(envelope, value);
    if (!head.success) return invalid(c, head.error.issues, value);
    const body = head.data as Record<string, unknown>;
    const items = body[key] as unknown[];
    const checked: unknown[] = [];
    const issues: $ZodIssue[] = [];
    for (let at = 0; at < items.length; at++) {
      if (at > 0 && at % ITEMS_PER_TURN === 0) await nextTurn();
      const result = safeParse(item, items[at]);
      if (!result.success) for (const issue of result.error.issues) issues.push({ ...issue, path: [key, at, ...issue.path] });
      else checked.push(result.data);
    }
    if (issues.length) return invalid(c, issues, value);
    return { ...body, [key]: checked } as output<Schema>;
  });
  return withFacts(middleware, { json: schema });
}

/** The item schema of the list at `key` of an object schema. */
function listItem(schema: $ZodType, key: string): $ZodType {
  const list = (schema._zod.def as { shape?: Record<string, $ZodType> }).shape?.[key];
  const item = (list?._zod.def as { element?: $ZodType } | undefined)?.element;
  if (!item) throw new Error(`validateJsonInChunks: the schema has no list at ${key}`);
  return item;
}

export function fieldErrors(issues: readonly $ZodIssue[], input: unknown): FieldErrors {
  // Field names come from the client: a null-prototype record keeps `__proto__` or `constructor` a plain key.
  const errors: FieldErrors = Object.create(null);
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (!Object.hasOwn(errors, field)) errors[field] = issueMessage(issue, valueAt(input, issue.path));
  }
  return errors;
}

/** The value at `path`, through own properties only. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Schemas give their own message where a form shows a fixed one. The rest get a readable sentence built
 * from the zod issue (zod/mini ships no locale, so its default text is only "Invalid input").
 */
function issueMessage(issue: $ZodIssue, value: unknown): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  const field = issue.path.length > 0 ? String(issue.path[issue.path.length - 1]) : 'Request body';
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? `${field} is required` : `${field} must be ${article(issue.expected)}`;
    case 'too_small':
      return issue.minimum === 1 && issue.origin === 'string'
        ? `${field} is required`
        : `${field} must be at least ${issue.minimum}${issue.origin === 'string' ? ' characters long' : ''}`;
    case 'too_big':
      return `${field} must be at most ${issue.maximum}${issue.origin === 'string' ? ' characters long' : ''}`;
    case 'invalid_format':
      return `${field} is not a valid ${issue.format}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    default:
      return `${field} is invalid`;
  }
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
