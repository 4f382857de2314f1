import { hc } from 'hono/client';
import type { AppType } from '../../../edge/app';
import type { ResourceRouter } from '../../../edge/lib/resource-routes';
import type { ResourceName } from '@resources/describe';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { getToken } from './auth-token';
import { readEnvelope, type ResponseLike } from './envelope';
import { saveFile } from './save-file';

export { ApiError, errorMessage, isApiError } from './api-error';
export { readEnvelope } from './envelope';

/** The signed-in user's bearer token, read on every call (a login or logout takes effect at once). */
function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The typed client of the EventPro API (same origin: the Node server serves both, Vite proxies `/api`
 * in development): paths, inputs and answers are the server's own types. Read answers with
 * `readEnvelope`, which resolves the success body and rejects with an `ApiError` (a 401 there makes the
 * query cache forget the token: query-client.ts).
 */
export const api = hc<AppType>('/', { headers: authHeaders });

/**
 * The routes of one admin resource (`/api/<name>`): the nine share one router shape (edge/lib/resource-routes.ts),
 * so the generic panel screens call it by name with the same types.
 */
export const resourceApi = (name: ResourceName) => hc<ResourceRouter>(`/api/${name}`, { headers: authHeaders });

/** Request options that refuse a stale edit: `If-Match: <updatedAt>` of the version the organiser saw (409 otherwise). */
export const ifMatch = (version: string | undefined) => (version ? { headers: { 'If-Match': version } } : undefined);

/** A file answer (e.g. a CSV export) and the server's name for it; a failure rejects with the server's message. */
export async function answerFile(response: Promise<ResponseLike & { headers: Headers; blob(): Promise<Blob> }>, fallbackName: string) {
  let res: Awaited<typeof response>;
  try {
    res = await response;
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!res.ok) await readEnvelope(res); // throws the server's message
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  return { file: await res.blob(), name };
}

/** Saves a file answer (e.g. a CSV export) under the server's file name; a failure rejects with the server's message. */
export async function downloadAnswer(response: Parameters<typeof answerFile>[0], fallbackName: string) {
  const { file, name } = await answerFile(response, fallbackName);
  saveFile(file, name);
}

/** A record of an admin resource as the API answers it: id, timestamps, status, event name, and its own fields. */
export type { RecordOut as BaseRecord } from '../../../edge/lib/resource';
