/**
 * Whether the server answered the app's last request. `navigator.onLine` only says the device has a network:
 * on a venue's Wi-Fi with no way out ("connected, no internet"), or a network that drops everything, it stays
 * true while every request fails. So the one fetch under the API client (api-client.ts) reports each
 * outcome here: a request that failed for want of a network (or ran out of time) makes the server
 * unreachable until a request gets an answer, whatever its status.
 */
let reachable = true;
const listeners = new Set<() => void>();

export function reportServerReached(answered: boolean): void {
  if (answered === reachable) return;
  reachable = answered;
  for (const listener of listeners) listener();
}

export const isServerReachable = (): boolean => reachable;

/**
 * Whether the device has a network at all: the app's one read of `navigator.onLine` (true where there is no
 * navigator, as in tests). "Offline" in the app means `!canReachServer()`; this alone is for wording
 * ("you are offline" vs "the server is not answering") and for not trying a request that cannot leave.
 */
export const deviceHasNetwork = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Whether a request may be expected to reach the server: the device has a network and the last request was answered. */
export const canReachServer = (): boolean => deviceHasNetwork() && reachable;

export function onServerReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
