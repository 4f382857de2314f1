// The panel's last-fetched data, kept in IndexedDB so the panel opens with it offline (issue 7,
// "Tablets and patchy networks"). A small persister of our own: TanStack's persister packages are not
// in the dependency set. Only the panel's and the account's queries are kept; logout forgets them.
import { dehydrate, type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';

const DB_NAME = 'eventpro-panel';
const STORE = 'cache';
const KEY = 'queries';
/** Older data is not worth showing. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;

interface Saved {
  savedAt: number;
  state: DehydratedState;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs `action` on the store once the database is open; an action that returns null does nothing. */
async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest | null): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      if (!request) return resolve(undefined);
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

const persisted = (key: readonly unknown[]) => key[0] === 'panel' || (key[0] === 'auth' && key[1] === 'me');

let restored: Promise<void> | null = null;
let unsubscribe: (() => void) | null = null;
/** A save waiting for the panel's queries to settle; a logout cancels it. */
let saveTimer: number | undefined;
/** Bumped by a logout: a save begun before it must not write the previous user's data back. */
let generation = 0;
let lastSavedAt: number | null = null;

/** When the data on screen was last saved: for the offline banner. */
export function savedAt(): number | null {
  return lastSavedAt;
}

/** Once per page: puts the saved queries back, then keeps saving the panel's queries as they change. */
export function restorePanelCache(queryClient: QueryClient): Promise<void> {
  restored ??= (async () => {
    try {
      const saved = await run<Saved>('readonly', (store) => store.get(KEY));
      if (saved && Date.now() - saved.savedAt < MAX_AGE_MS) {
        hydrate(queryClient, saved.state);
        lastSavedAt = saved.savedAt;
        // Shown at once, but fetched again as soon as a screen uses them (and the network allows).
        await queryClient.invalidateQueries({ predicate: (query) => persisted(query.queryKey) }, { cancelRefetch: false });
        // invalidateQueries refetches active queries only; none are mounted yet, so nothing is sent here.
      }
    } catch {
      // No IndexedDB (private mode): the panel works online only.
    }
    unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || !persisted(event.query.queryKey)) return;
      window.clearTimeout(saveTimer);
      saveTimer = window.setTimeout(() => void save(queryClient), 500);
    });
  })();
  return restored;
}

async function save(queryClient: QueryClient) {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && persisted(query.queryKey),
  });
  const at = Date.now();
  const startedIn = generation;
  try {
    await run('readwrite', (store) => (startedIn === generation ? store.put({ savedAt: at, state } satisfies Saved, KEY) : null));
    lastSavedAt = at;
  } catch {
    // Quota or no IndexedDB: keep going without.
  }
}

/** Logout: nothing of the panel stays on the device. */
export async function clearPanelCache(): Promise<void> {
  generation++;
  window.clearTimeout(saveTimer);
  unsubscribe?.();
  unsubscribe = null;
  restored = null;
  lastSavedAt = null;
  try {
    await run('readwrite', (store) => store.delete(KEY));
  } catch {
    // nothing stored
  }
}
