import { ApiError } from '../lib/api-error';
import { deviceHasNetwork } from '../lib/server-reachability';

/* What the panel says when the server is out of reach (issue 29), for the screens that write or show data;
   whether it is out of reach is the reachability store's (lib/server-reachability.ts, use-online.ts). */

/** What an admin write that cannot be queued says when the server is out of reach (issue 29). */
export const OFFLINE_NEEDS_NETWORK = 'You are offline — this change needs the network';

// What a screen with no copy on this device says offline is `NOT_KEPT_OFFLINE` (not-kept-offline.tsx): kept
// apart so the dashboard's first load carries only that.

/** Offline, or the request never reached the server (no answer at all). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 : error instanceof TypeError;
}

/**
 * A failed write's words: "You are offline …" when the device has no network and so the request never left;
 * otherwise the screen's own (the seed's "Failed to update visitor..." also for a server that does not answer).
 */
export const writeFailure = (failure: unknown, otherwise: string): string =>
  isNetworkFailure(failure) && !deviceHasNetwork() ? OFFLINE_NEEDS_NETWORK : otherwise;
