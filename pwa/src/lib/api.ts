import { hc } from 'hono/client';
import type { ResourceRouter } from '@edge/lib/resource-routes';
import type { ResourceName } from '@shared/resources/describe';
import { apiClient, apiFetch } from './api-client';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { getToken } from './auth-token';
import { readEnvelope, type ResponseLike } from './envelope';

export { errorMessage } from './api-error';
export { readEnvelope } from './envelope';

/**
 * The panel's typed client of the EventPro API (api-client.ts), with the signed-in user's token read on
 * every call. Read answers with `readEnvelope`, which resolves the success body and rejects with an
 * `ApiError` (a 401 there makes the query cache forget the token: query-client.ts).
 */
export const api = apiClient({ token: getToken });
const panelFetch = apiFetch({ token: getToken });

/**
 * The routes of one admin resource (`/api/<name>`): the nine share one router shape (edge/lib/resource-routes.ts),
 * so the generic panel screens call it by name with the same types.
 */
export const resourceApi = (name: ResourceName) => hc<ResourceRouter>(`/api/${name}`, { fetch: panelFetch });

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

/** A record of an admin resource as the API answers it: id, timestamps, status, event name, and its own fields. */
export type { RecordOut as BaseRecord } from '@edge/lib/resource';
