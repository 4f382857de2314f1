// What the panel's pages and the service worker say to each other about the panel's offline list cache
// (lib/panel-cache.ts asks, offline/panel-cache-store.ts answers in the worker). No imports: the page
// side must not pull the database's code into the panel's first load.
import type { PersistedClient } from '@tanstack/query-persist-client-core';

/** Keep this copy of the panel's queries (the newest save wins). No answer. */
export interface SavePanelCache {
  type: 'panel-cache:save';
  client: PersistedClient;
}

/** Answer the kept copy, or `null`, on the port sent with the message. */
export interface RestorePanelCache {
  type: 'panel-cache:restore';
}

/** Forget the kept copy (logout), then answer `null` on the port sent with the message. */
export interface RemovePanelCache {
  type: 'panel-cache:remove';
}

export type PanelCacheMessage = SavePanelCache | RestorePanelCache | RemovePanelCache;

/** The answer to a restore (the kept copy, or `null`) or a remove; `ok: false` when the database failed. */
export interface PanelCacheAnswer {
  ok: boolean;
  client: PersistedClient | null;
}

const TYPES: ReadonlySet<string> = new Set<PanelCacheMessage['type']>(['panel-cache:save', 'panel-cache:restore', 'panel-cache:remove']);

/** A message about the panel cache, with a saved copy shaped as the persister makes it. */
export function isPanelCacheMessage(data: unknown): data is PanelCacheMessage {
  if (typeof data !== 'object' || data === null || !TYPES.has((data as { type?: unknown }).type as string)) return false;
  if ((data as { type: string }).type !== 'panel-cache:save') return true;
  const client = (data as { client?: Partial<PersistedClient> }).client;
  return typeof client === 'object' && client !== null && typeof client.timestamp === 'number' && typeof client.clientState === 'object';
}
