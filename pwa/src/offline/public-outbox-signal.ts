// The cheap half of the public outbox, loaded with every public page: whether anything waits (a
// localStorage hint, so app start does not load Dexie when nothing does) and change notifications.
// The outbox itself (public-outbox.ts, Dexie) loads only when there is something to send or show.

const OUTBOX_HINT_KEY = 'eventpro.outbox.pending';

const listeners = new Set<() => void>();

/** Called after every change of the outbox (enqueue, flush). */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records how many entries wait and tells the subscribers. */
export function outboxChanged(count: number): void {
  try {
    if (count > 0) localStorage.setItem(OUTBOX_HINT_KEY, String(count));
    else localStorage.removeItem(OUTBOX_HINT_KEY);
  } catch {
    // storage unavailable: app start will simply not know to flush early
  }
  for (const listener of listeners) listener();
}

/** True when entries may be waiting (no IndexedDB involved). */
export function outboxMayHaveEntries(): boolean {
  try {
    return Number(localStorage.getItem(OUTBOX_HINT_KEY) ?? 0) > 0;
  } catch {
    return false;
  }
}
