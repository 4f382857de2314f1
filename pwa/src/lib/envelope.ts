import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './api-error';

/** The JSON envelope of every `/api` answer. */
interface Envelope {
  success: boolean;
  message?: string;
  data?: unknown;
  errors?: Record<string, string>;
}

/** What `readEnvelope` needs of a response: a fetch `Response` or hono's `ClientResponse`. */
export interface ResponseLike {
  ok: boolean;
  status: number;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

type BodyOf<R> = R extends { json(): Promise<infer T> } ? T : never;
type SuccessOf<B> = [Extract<B, { success: true }>] extends [never] ? B : Extract<B, { success: true }>;
/** The success body of a (typed) response; `any` for an untyped fetch `Response`. */
export type SuccessBody<R> = SuccessOf<BodyOf<R>>;

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'success' in value;
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') out[key] = message;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Awaits a response (or the promise of one), parses the `{ success, message, data?, errors? }`
 * envelope and returns it when the call succeeded. Otherwise throws an `ApiError`:
 * - no answer at all (fetch rejected): status 0, "No response from server. ...", the rejection as its
 *   `cause` (`isTimeout` when the client's time-out ran out);
 * - a body that is not a JSON envelope: the HTTP status, "Request failed";
 * - `!res.ok` or `success: false`: the HTTP status, the server's message and field errors.
 */
export async function readEnvelope<R extends ResponseLike>(response: R | Promise<R>): Promise<SuccessBody<R>> {
  let res: R;
  try {
    res = await response;
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, undefined, undefined, cause);
  }

  let body: unknown;
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }

  if (!isEnvelope(body)) {
    throw new ApiError(res.ok ? res.status : res.status || 0, GENERIC_ERROR_MESSAGE);
  }
  if (!res.ok || body.success !== true) {
    const message = typeof body.message === 'string' && body.message.trim() ? body.message : GENERIC_ERROR_MESSAGE;
    throw new ApiError(res.status, message, stringRecord(body.errors), body.data);
  }
  return body as SuccessBody<R>;
}
