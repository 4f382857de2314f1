// The panel's last-fetched data, kept in IndexedDB so the panel opens with it offline (a tablet on a
// patchy venue network still shows its lists), in the app's one IndexedDB database (`panelCache`). A small persister
// of our own: TanStack's persister packages are not in the dependency set. Only the panel's and the
// account's queries are kept; logout forgets them.
import { dehydrate, type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { databaseMayExist } from '../offline/db-name';

/** Older data is not worth showing. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** Where the panel kept this cache before it moved into the app's one database (db.ts, version 4). */
const OLD_DATABASE = 'eventpro-panel';

/** The app's one database, loaded with the panel (the public site's first paint never imports it). */
const panelCache = async () => {
  const { database } = await import('../offline/db');
  return database().panelCache;
};

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
      indexedDB.deleteDatabase(OLD_DATABASE);
      // A device without the app's database has nothing saved: the database code loads with the first save.
      const saved = (await databaseMayExist()) ? await (await panelCache()).get('queries') : undefined;
      if (saved && Date.now() - saved.savedAt < MAX_AGE_MS) {
        hydrate(queryClient, saved.state as DehydratedState);
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
    const table = await panelCache();
    if (startedIn !== generation) return; // a logout came first: nothing of the previous user is written back
    await table.put({ key: 'queries', savedAt: at, state });
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
    await (await panelCache()).delete('queries');
  } catch {
    // nothing stored
  }
}
