import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventProDatabase, type OutboxEntry } from './db';
import { dismissRefused, enqueue, flushOutbox, pendingEntries, refusedEntries, type Sender, type SendOutcome } from './public-outbox';

let db: EventProDatabase;
let n = 0;
beforeEach(() => {
  db = new EventProDatabase(`outbox-test-${++n}`);
});
afterEach(async () => {
  await db.delete();
});

const entry = (id: string, createdAt = `2025-10-01T00:00:0${id.replace(/\D/g, '') || 0}.000Z`): OutboxEntry => ({
  id,
  endpoint: '/api/visitors/register',
  body: { fullName: `Person ${id}`, uniqueSubmissionId: id },
  name: `Person ${id}`,
  typeLabel: 'Visitor Registration',
  createdAt,
  attempts: 0,
});

/** A fake server that records every request and dedupes by uniqueSubmissionId, like the real one. */
function fakeServer(answer: (entry: OutboxEntry, call: number) => SendOutcome | 'throw' = () => ({ kind: 'sent', pass: null })) {
  const calls: string[] = [];
  const records = new Set<string>();
  const send: Sender = async (e) => {
    calls.push(e.id);
    await new Promise((r) => setTimeout(r, 5));
    const outcome = answer(e, calls.length);
    if (outcome === 'throw') throw new TypeError('Failed to fetch');
    if (outcome.kind === 'sent') records.add(e.id);
    return outcome;
  };
  return { send, calls, records };
}

describe('public outbox', () => {
  it('sends each waiting entry once, oldest first, and empties', async () => {
    await enqueue(db, entry('b2'));
    await enqueue(db, entry('a1'));
    const server = fakeServer();
    const reports = await flushOutbox(db, server.send);
    expect(server.calls).toEqual(['a1', 'b2']);
    expect(reports.map((r) => r.outcome.kind)).toEqual(['sent', 'sent']);
    expect(await pendingEntries(db)).toEqual([]);
    await flushOutbox(db, server.send);
    expect(server.calls).toHaveLength(2);
  });

  it('shares one run between concurrent flushes in a tab', async () => {
    for (const id of ['x1', 'x2', 'x3']) await enqueue(db, entry(id));
    const server = fakeServer();
    await Promise.all([flushOutbox(db, server.send), flushOutbox(db, server.send), flushOutbox(db, server.send)]);
    expect(server.calls.sort()).toEqual(['x1', 'x2', 'x3']);
  });

  it('never sends an entry twice when two tabs (two connections) flush at once', async () => {
    for (const id of ['t1', 't2', 't3', 't4']) await enqueue(db, entry(id));
    const other = new EventProDatabase(db.name);
    const server = fakeServer();
    // Two tabs each flush their own connection; the Web Lock (or its absence in Node) serialises them.
    const locks = new Map<string, Promise<unknown>>();
    const fakeLocks = {
      request: (name: string, run: () => Promise<unknown>) => {
        const previous = locks.get(name) ?? Promise.resolve();
        const next = previous.then(run, run);
        locks.set(
          name,
          next.catch(() => undefined),
        );
        return next;
      },
    };
    vi.stubGlobal('navigator', { locks: fakeLocks });
    try {
      // A second module instance: its own in-tab guard, like another tab.
      vi.resetModules();
      const { flushOutbox: flushInOtherTab } = await import('./public-outbox');
      await Promise.all([flushOutbox(db, server.send), flushInOtherTab(other, server.send)]);
    } finally {
      vi.unstubAllGlobals();
      other.close();
    }
    expect(server.calls.sort()).toEqual(['t1', 't2', 't3', 't4']);
  });

  it('keeps entries on network failure and stops at the first one; a later flush sends them once', async () => {
    await enqueue(db, entry('n1'));
    await enqueue(db, entry('n2'));
    let online = false;
    const server = fakeServer(() => (online ? { kind: 'sent', pass: null } : 'throw'));
    const reports = await flushOutbox(db, server.send);
    expect(reports.map((r) => r.outcome.kind)).toEqual(['retry']);
    expect(server.calls).toEqual(['n1']);
    const waiting = await pendingEntries(db);
    expect(waiting.map((e) => [e.id, e.attempts])).toEqual([
      ['n1', 1],
      ['n2', 0],
    ]);

    online = true;
    await flushOutbox(db, server.send);
    expect([...server.records].sort()).toEqual(['n1', 'n2']);
    expect(await pendingEntries(db)).toEqual([]);
  });

  it('survives a "reload" mid-send: the entry is still there and the server dedupes the repeat', async () => {
    await enqueue(db, entry('r1'));
    // First page: the request reached the server but the page died before the answer was read.
    const server = fakeServer();
    await server.send(entry('r1'));
    // Second page (a fresh connection) finds the entry and sends it again with the same id.
    const reopened = new EventProDatabase(db.name);
    await flushOutbox(reopened, server.send);
    expect(server.records).toEqual(new Set(['r1']));
    expect(await pendingEntries(reopened)).toEqual([]);
    reopened.close();
  });

  it('keeps an entry the server refuses for good or already has, with its words, until dismissed; never sends it again; keeps the pass of a sent one', async () => {
    await enqueue(db, entry('d1'));
    await enqueue(db, entry('d2'));
    await enqueue(db, entry('d3'));
    const server = fakeServer((e) =>
      e.id === 'd1'
        ? { kind: 'duplicate', message: 'You have already registered. Thank you for your interest!' }
        : e.id === 'd2'
          ? { kind: 'rejected', message: 'Mobile number must be 10-15 digits' }
          : {
              kind: 'sent',
              pass: { passCode: 'ABCDEFGHJK', name: 'Person d3', typeLabel: 'Visitor Registration', eventName: 'Expo', recordId: 'r', savedAt: 'now' },
            },
    );
    const reports = await flushOutbox(db, server.send);
    expect(reports.map((r) => r.outcome.kind)).toEqual(['duplicate', 'rejected', 'sent']);
    expect(await pendingEntries(db)).toEqual([]);
    expect((await db.passes.toArray()).map((p) => p.passCode)).toEqual(['ABCDEFGHJK']);
    const refused = await refusedEntries(db);
    expect(refused.map((e) => [e.id, e.refused?.kind, e.refused?.message])).toEqual([
      ['d1', 'duplicate', 'You have already registered. Thank you for your interest!'],
      ['d2', 'rejected', 'Mobile number must be 10-15 digits'],
    ]);
    await flushOutbox(db, server.send);
    expect(server.calls).toEqual(['d1', 'd2', 'd3']);
    await dismissRefused(db, 'd1');
    expect((await refusedEntries(db)).map((e) => e.id)).toEqual(['d2']);
  });
});
