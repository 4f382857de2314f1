// The panel's last-fetched data, kept on the device so the panel opens with it offline (a tablet on a
// patchy venue network still shows its lists). TanStack Query's persister (`persistQueryClient`) restores
// and saves it; the storage behind it is the service worker, which keeps the copy in the app's one
// IndexedDB database (offline/panel-cache-store.ts) and already carries the database's code, so a panel
// page never loads that code for its cache. Without a worker controlling the page there is no offline
// panel to open, so nothing is kept then. Only the panel's and the account's queries are kept, for 7 days;
// logout forgets them.
import { type PersistedClient, type Persister, persistQueryClient } from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { databaseMayExist } from '../offline/db-name';
import type { PanelCacheAnswer, PanelCacheMessage } from '../offline/panel-cache-messages';

/** Older data is not worth showing. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** A save waits this long for the panel's queries to settle, and sends only the newest copy. */
const SAVE_DELAY_MS = 500;
/** How long a page waits for the worker's answer before opening without its copy. */
const ANSWER_TIMEOUT_MS = 3000;
/** Where the panel kept this cache before it moved into the app's one database (db.ts, version 4). */
const OLD_DATABASE = 'eventpro-panel';

const persisted = (key: readonly unknown[]) => key[0] === 'panel' || (key[0] === 'auth' && key[1] === 'me');

/** The worker controlling this page: the one that keeps the copy. */
const worker = () => (typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null);

/** Asks the worker through a channel of its own; undefined when no worker controls the page or it does not answer. */
function ask(message: PanelCacheMessage): Promise<PanelCacheAnswer | undefined> {
  const controller = worker();
  if (!controller) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const done = (answer: PanelCacheAnswer | undefined) => {
      window.clearTimeout(timer);
      channel.port1.close();
      resolve(answer);
    };
    const timer = window.setTimeout(() => done(undefined), ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<PanelCacheAnswer>) => done(event.data);
    controller.postMessage(message, [channel.port2]);
  });
}

let restored: Promise<void> | null = null;
let stopPersisting: (() => void) | null = null;
/** The newest copy not yet sent: waiting for the save delay, or for a worker to control the page. */
let unsent: PersistedClient | null = null;
let saveTimer: number | undefined;
let lastSavedAt: number | null = null;

function send() {
  const controller = worker();
  if (!unsent || !controller) return;
  const client = unsent;
  unsent = null;
  try {
    controller.postMessage({ type: 'panel-cache:save', client } satisfies PanelCacheMessage);
    lastSavedAt = client.timestamp;
  } catch {
    // Data the browser cannot copy (no panel query holds any): this copy is not kept; the next save tries again.
  }
}

/** A device's first worker takes control of the open panel after its first lists arrived: they are sent to it then. */
const sendToNewWorker = () => send();

/**
 * The copy as kept: a query whose last refetch failed (offline, the server not answering) keeps the data it
 * had, as it was when fetched (`dataUpdatedAt`), never dropped for the failure.
 */
function keptCopy(client: PersistedClient): PersistedClient {
  // The dehydrated entries are the copy's own objects: changing them changes nothing on screen.
  for (const query of client.clientState.queries) if (query.state.status === 'error') query.state = { ...query.state, status: 'success', error: null };
  return client;
}

const serviceWorkerPersister: Persister = {
  persistClient(client) {
    unsent = keptCopy(client);
    window.clearTimeout(saveTimer);
    saveTimer = window.setTimeout(send, SAVE_DELAY_MS);
  },
  async restoreClient() {
    const answer = await ask({ type: 'panel-cache:restore' });
    return answer?.client ?? undefined;
  },
  async removeClient() {
    unsent = null;
    window.clearTimeout(saveTimer);
    const answer = await ask({ type: 'panel-cache:remove' });
    if (answer?.ok) return;
    // No worker to ask (or it failed): a copy kept while one controlled the page may still be there.
    if (!(await databaseMayExist())) return;
    const { database } = await import('../offline/db');
    await database().panelCache.delete('queries');
  },
};

/**
 * When the data on screen was fetched, for the offline banner: the oldest fetch among the kept queries the
 * screen shows (else among all kept ones); null when nothing is kept. Saving the copy again moves nothing.
 */
export function fetchedAt(queryClient: QueryClient): number | null {
  const kept = queryClient.getQueryCache().findAll({ predicate: (query) => persisted(query.queryKey) && query.state.data !== undefined });
  const shown = kept.filter((query) => query.isActive());
  const times = (shown.length > 0 ? shown : kept).map((query) => query.state.dataUpdatedAt).filter((time) => time > 0);
  return times.length > 0 ? Math.min(...times) : null;
}

/** Once per page: puts the saved queries back, then keeps saving the panel's queries as they change. */
export function restorePanelCache(queryClient: QueryClient): Promise<void> {
  restored ??= (async () => {
    try {
      indexedDB.deleteDatabase(OLD_DATABASE);
    } catch {
      // No IndexedDB (private mode): nothing old to delete.
    }
    const [stop, restoring] = persistQueryClient({
      queryClient,
      persister: {
        ...serviceWorkerPersister,
        async restoreClient() {
          const client = await serviceWorkerPersister.restoreClient();
          if (client && Date.now() - client.timestamp <= MAX_AGE_MS) lastSavedAt = client.timestamp;
          return client;
        },
      },
      maxAge: MAX_AGE_MS,
      dehydrateOptions: {
        // Every panel query holding data, a failed refetch's too (keptCopy).
        shouldDehydrateQuery: (query) => query.state.data !== undefined && persisted(query.queryKey),
        shouldDehydrateMutation: () => false,
      },
    });
    stopPersisting = stop;
    // Kept as long as the copy is: a query unused for a while must not leave the copy at its next save.
    queryClient.setQueryDefaults(['panel'], { gcTime: MAX_AGE_MS });
    navigator.serviceWorker?.addEventListener('controllerchange', sendToNewWorker);
    try {
      await restoring;
    } catch {
      // The kept copy could not be read back (it is removed): the panel opens with the network's data.
      return;
    }
    if (lastSavedAt !== null) {
      // Shown at once, but fetched again as soon as a screen uses them (and the network allows).
      // invalidateQueries refetches active queries only; none are mounted yet, so nothing is sent here.
      await queryClient.invalidateQueries({ predicate: (query) => persisted(query.queryKey) }, { cancelRefetch: false });
    }
  })();
  return restored;
}

/** Logout: nothing of the panel stays on the device, and no save begun before it is written after it. */
export async function clearPanelCache(): Promise<void> {
  stopPersisting?.();
  stopPersisting = null;
  navigator.serviceWorker?.removeEventListener('controllerchange', sendToNewWorker);
  restored = null;
  lastSavedAt = null;
  // Drops the copy waiting to be sent; one already sent is ahead of this remove in the worker's queue.
  await serviceWorkerPersister.removeClient();
}
