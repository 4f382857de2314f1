// The service worker's side of the panel's offline list cache, on fake-indexeddb: what a panel page sends
// is what it gets back when it opens again, and a logout's remove is never undone by a save sent before it.
import 'fake-indexeddb/auto';
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { afterEach, describe, expect, it } from 'vitest';
import { database } from './db';
import { DATABASE_NAME } from './db-name';
import type { PanelCacheAnswer } from './panel-cache-messages';
import { answerPanelCacheMessage } from './panel-cache-store';

const copy = (name: string, timestamp = Date.now()): PersistedClient => ({
  buster: '',
  timestamp,
  clientState: {
    mutations: [],
    queries: [
      {
        queryKey: ['panel', 'visitors', { page: 1 }],
        queryHash: '["panel","visitors",{"page":1}]',
        state: {
          data: { items: [{ fullName: name }], total: 1 },
          dataUpdateCount: 1,
          dataUpdatedAt: timestamp,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
        dehydratedAt: timestamp,
      },
    ],
  },
});

/** Sends a message as a panel page does, with a port when it expects an answer. */
async function send(message: unknown): Promise<PanelCacheAnswer | undefined> {
  const channel = new MessageChannel();
  const answered = new Promise<PanelCacheAnswer>((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data as PanelCacheAnswer);
  });
  const work = answerPanelCacheMessage(message, [channel.port2]);
  if (!work) {
    channel.port1.close();
    return undefined;
  }
  await work;
  const type = (message as { type: string }).type;
  const answer = type === 'panel-cache:save' ? undefined : await answered;
  channel.port1.close();
  return answer;
}

afterEach(async () => {
  if ((await indexedDB.databases()).some((known) => known.name === DATABASE_NAME)) await database().panelCache.clear();
});

describe("the worker's panel cache", () => {
  // First: before any other test has created the database.
  it('answers null to a device that has never stored anything, without creating the database there', async () => {
    expect(await send({ type: 'panel-cache:restore' })).toEqual({ ok: true, client: null });
    expect(await send({ type: 'panel-cache:remove' })).toEqual({ ok: true, client: null });
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(DATABASE_NAME);
  });

  it('answers a panel page with the newest copy it was sent', async () => {
    await send({ type: 'panel-cache:save', client: copy('Asha') });
    const newest = copy('Bharat');
    await send({ type: 'panel-cache:save', client: newest });
    expect(await send({ type: 'panel-cache:restore' })).toEqual({ ok: true, client: newest });
    expect((await database().panelCache.get('queries'))?.savedAt).toBe(newest.timestamp);
  });

  it('answers null to a device that has kept nothing', async () => {
    expect(await send({ type: 'panel-cache:restore' })).toEqual({ ok: true, client: null });
  });

  it("a save sent just before a logout's remove is not written back after it", async () => {
    const channel = new MessageChannel();
    const removed = new Promise<unknown>((resolve) => {
      channel.port1.onmessage = (event) => resolve(event.data);
    });
    // Both arrive before the first has reached the database, as a page's last save and its logout can.
    const saving = answerPanelCacheMessage({ type: 'panel-cache:save', client: copy('Previous user') }, []);
    const removing = answerPanelCacheMessage({ type: 'panel-cache:remove' }, [channel.port2]);
    await Promise.all([saving, removing]);
    expect(await removed).toEqual({ ok: true, client: null });
    channel.port1.close();
    expect(await database().panelCache.get('queries')).toBeUndefined();
    expect(await send({ type: 'panel-cache:restore' })).toEqual({ ok: true, client: null });
  });

  it('leaves other messages, and saves that are not a persisted copy, alone', async () => {
    expect(answerPanelCacheMessage({ type: 'SKIP_WAITING' }, [])).toBeUndefined();
    expect(answerPanelCacheMessage({ type: 'panel-cache:save', client: { clientState: {} } }, [])).toBeUndefined();
    expect(answerPanelCacheMessage('panel-cache:remove', [])).toBeUndefined();
    expect(await database().panelCache.count()).toBe(0);
  });
});
