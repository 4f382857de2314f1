/**
 * A module (or anything loaded) fetched once and shared by every caller; a failed load (no network, a
 * chunk gone after a deploy) is not kept: the next call tries again, where `??= import(…)` would hand
 * every later caller the same failure until the page is reloaded.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
