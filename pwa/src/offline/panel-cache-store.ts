// The service worker's side of the panel's offline list cache: it keeps the copy the panel's pages send
// (lib/panel-cache.ts) in the app's one database (`panelCache`), and answers it back when a panel page
// opens. The worker already carries the database's code (the door sync and the public outbox use it), so
// the panel's pages never load it for the cache. Saves, restores and removes run one after another in the
// order they arrived: a save sent before a logout's remove is written before it is removed, never after.
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { database } from './db';
import { databaseMayExist } from './db-name';
import { isPanelCacheMessage, type PanelCacheAnswer } from './panel-cache-messages';

const KEY = 'queries';

let queue: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work);
  queue = turn.catch(() => undefined);
  return turn;
}

function savePanelCache(client: PersistedClient): Promise<void> {
  return inTurn(async () => {
    await database().panelCache.put({ key: KEY, savedAt: client.timestamp, state: client });
  });
}

// A restore or a remove on a device without the database has nothing to read or delete: it does not create
// the database (the panel's pages start the door's sync only where it exists).
function restorePanelCache(): Promise<PersistedClient | null> {
  return inTurn(async () => {
    if (!(await databaseMayExist())) return null;
    return ((await database().panelCache.get(KEY))?.state as PersistedClient | undefined) ?? null;
  });
}

function removePanelCache(): Promise<void> {
  return inTurn(async () => {
    if (await databaseMayExist()) await database().panelCache.delete(KEY);
  });
}

/**
 * A `message` event's work when it is about the panel cache (the promise to keep the worker alive for),
 * or undefined for any other message. A failed restore or remove answers `ok: false` (the page then opens
 * without its copy, or removes it itself); a failed save is dropped (the next save tries again).
 */
export function answerPanelCacheMessage(data: unknown, ports: readonly MessagePort[]): Promise<void> | undefined {
  if (!isPanelCacheMessage(data)) return undefined;
  const reply = (answer: PanelCacheAnswer) => ports[0]?.postMessage(answer);
  switch (data.type) {
    case 'panel-cache:save':
      return savePanelCache(data.client).catch(() => undefined);
    case 'panel-cache:restore':
      return restorePanelCache().then(
        (client) => reply({ ok: true, client }),
        () => reply({ ok: false, client: null }),
      );
    case 'panel-cache:remove':
      return removePanelCache().then(
        () => reply({ ok: true, client: null }),
        () => reply({ ok: false, client: null }),
      );
  }
}
