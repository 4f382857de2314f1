import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';

/**
 * The response envelope of the contract: `{ success, message, data }` on success and
 * `{ success: false, message, errors? }` on failure. Handlers call these so every answer has one shape.
 */
export type FieldErrors = Record<string, string>;

interface FailureBody {
  success: false;
  message: string;
  errors?: FieldErrors;
}

export function ok<T, S extends ContentfulStatusCode = 200>(c: Context, data: T, message = 'OK', status?: S) {
  return c.json({ success: true as const, message, data }, (status ?? 200) as S);
}

export function fail<S extends ContentfulStatusCode>(c: Context, status: S, message: string, errors?: FieldErrors) {
  const body: FailureBody = errors ? { success: false, message, errors } : { success: false, message };
  return c.json(body, status);
}

/**
 * An answer whose JSON text is already written (a submission's, stored with its idempotency key): sent as
 * it is, typed as `c.json(body)` would type it. Saves writing the same text twice.
 */
export function jsonText<Body, S extends ContentfulStatusCode>(c: Context, json: string, status: S) {
  return c.body(json, status, { 'Content-Type': 'application/json' }) as unknown as Response & TypedResponse<JSONParsed<Body>, S, 'json'>;
}

/** Seconds a client waits before trying again after a 503: long enough for a busy or failing database to recover. */
export const RETRY_AFTER_SECONDS = 5;

/** 503 with `Retry-After`: every "not now" of the API says when to try again (health, storage, database). */
export function unavailable(c: Context, message: string) {
  c.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return fail(c, 503, message);
}
