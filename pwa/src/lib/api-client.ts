import { hc } from 'hono/client';
import type { AppType } from '@edge/app';
import { reportServerReached } from './server-reachability';

/**
 * The one way the app reaches its API: `hc<AppType>`, whose paths, inputs and answers are the server's own
 * types, over one fetch that adds the bearer token and gives up after a time-out. Answers are read with
 * `readEnvelope` (envelope.ts), which resolves the success body or rejects with an `ApiError`.
 *
 * This module carries nothing but `hono/client`: the public pages, the door's sync engine and the service
 * worker make their client here without the panel's code; the panel's is `api` in api.ts.
 */
export interface ApiClientOptions {
  /** Where the API is: same origin by default (the Node server serves both, Vite proxies `/api` in development). */
  baseUrl?: string;
  /** The bearer token, read on every call (a login or logout takes effect at once); none for the public pages. */
  token?: () => string | null;
  /** Milliseconds before a request is given up: `readEnvelope` then rejects with an `ApiError` whose `isTimeout` is true. None by default. */
  timeoutMs?: number;
  /** The network: the platform's `fetch` by default; tests pass one that drops or delays requests to a real server. */
  fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

/**
 * The fetch under every call of a client: the token, the time-out and the caller's own signal; each outcome
 * tells whether the server can be reached (server-reachability.ts).
 *
 * A 401 to a read sent under a token that is no longer the app's (a logout, then another login, while it was
 * on its way) is about the old session: the read is asked once more under the current one. Answered as it
 * came, it made the app forget the new login (query-client.ts). A write is never sent again under another
 * login: it would be that person's act, and a logout would end their session.
 */
export function apiFetch(options: ApiClientOptions = {}): typeof fetch {
  const send = (input: RequestInfo | URL, init: RequestInit, resent: boolean): Promise<Response> => {
    const headers = new Headers(init.headers);
    const token = options.token?.();
    const ownAuthorization = headers.has('Authorization');
    if (token && !ownAuthorization) headers.set('Authorization', `Bearer ${token}`);
    const signals = [init.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    return (options.fetch ?? fetch)(input, { ...init, headers, ...(signal ? { signal } : {}) }).then(
      (response) => {
        reportServerReached(true);
        const read = (init.method ?? 'GET').toUpperCase() === 'GET';
        if (response.status === 401 && read && !resent && !ownAuthorization && (options.token?.() ?? null) !== (token ?? null)) {
          return send(input, init, true);
        }
        return response;
      },
      (error: unknown) => {
        // The caller's own cancel (a screen left, a newer search) says nothing about the network.
        if (!init.signal?.aborted) reportServerReached(false);
        throw error;
      },
    );
  };
  return (input, init = {}) => send(input, init, false);
}

/** A typed client of the whole API (see `ApiClientOptions`). */
export function apiClient(options: ApiClientOptions = {}) {
  return hc<AppType>(options.baseUrl ?? '/', { fetch: apiFetch(options) });
}

export type ApiClient = ReturnType<typeof apiClient>;
