import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BatchWriter, clientBatchWriter } from '../db/batch-writer';
import { insertStatement, toStatement } from '../db/sql-statement';
import { siteSettings } from '../db/tables/system';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { BACKLOG_MAX_WAIT_MS, groupCommit } from './group-commit';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const setting = (key: string) => insertStatement(t.db, siteSettings, { key, value: key, updatedAt: 'now' });

// The Node server writes through its own connection; Workers (and remote databases) through the client's batch.
describe.each([
  ['the embedded writer', () => t.deps.writeBatch, 4],
  ["the libSQL client's batch", () => clientBatchWriter(t.client), 1],
])('group commit through %s', (_, writerOf, batchesAtOnce) => {
  let batches: number;
  let writer: BatchWriter;
  beforeEach(async () => {
    await t.db.delete(siteSettings);
    batches = 0;
    const inner = writerOf();
    writer = Object.assign(
      (statements: Parameters<BatchWriter>[0]) => {
        batches++;
        return inner(statements);
      },
      { batchesInFlight: inner.batchesInFlight },
    );
  });

  it('hands over the next batches before the first has committed only where the writer runs them in turn itself', async () => {
    // Each batch's answer is held until released, so "in flight" does not depend on how fast the disk is.
    let inFlight = 0;
    let mostInFlight = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const inner = writerOf();
    const held: BatchWriter = Object.assign(
      async (statements: Parameters<BatchWriter>[0]) => {
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        try {
          const results = await inner(statements);
          await released;
          return results;
        } finally {
          inFlight--;
        }
      },
      { batchesInFlight: inner.batchesInFlight },
    );
    await groupCommit(writer, [setting('taken')]);
    const outcomes: Array<Promise<string>> = [];
    for (let i = 0; i < 6; i++) {
      // Each caller on a later turn of the event loop: one batch each, while slots are free.
      const statements = i === 1 ? [setting(`p${i}`), setting('taken')] : [setting(`p${i}`)];
      outcomes.push(
        groupCommit(held, statements).then(
          () => 'committed',
          (error) => String(error),
        ),
      );
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(mostInFlight).toBe(batchesAtOnce);
    release();
    // Several batches at once change nothing else: the caller whose statement fails is the only one refused.
    expect(await Promise.all(outcomes)).toEqual([
      'committed',
      expect.stringMatching(/UNIQUE constraint failed: site_settings.key/),
      'committed',
      'committed',
      'committed',
      'committed',
    ]);
    const keys = (await t.db.select().from(siteSettings)).map((r) => r.key).sort();
    expect(keys).toEqual(['p0', 'p2', 'p3', 'p4', 'p5', 'taken']);
  });

  describe("a device's backlog", () => {
    // The clock stands still unless a test moves it: only an idle writer, or a moved clock, lets a backlog go.
    beforeEach(() => void vi.useFakeTimers({ toFake: ['performance'] }));
    afterEach(() => void vi.useRealTimers());

    /** A writer whose batches commit at once but answer only when released, one at a time, in order. */
    function heldWriter() {
      const inner = writerOf();
      const labels = new Map<object, string>();
      const batchesSent: string[][] = [];
      const waiting: Array<() => void> = [];
      const writeBatch: BatchWriter = Object.assign(
        async (statements: Parameters<BatchWriter>[0]) => {
          batchesSent.push(statements.map((statement) => labels.get(statement)!));
          const results = await inner(statements);
          await new Promise<void>((resolve) => waiting.push(resolve));
          return results;
        },
        { batchesInFlight: inner.batchesInFlight },
      );
      return {
        batchesSent,
        write: (key: string, priority?: 'now' | 'backlog') => {
          const statement = setting(key);
          labels.set(statement, key);
          return groupCommit(writeBatch, [statement], priority);
        },
        /** Answers every batch as it comes, until `done` settles. */
        async releaseUntil(done: Promise<unknown>) {
          let settled = false;
          void done.finally(() => (settled = true));
          while (!settled) {
            waiting.shift()?.();
            await new Promise((resolve) => setImmediate(resolve));
          }
        },
      };
    }
    const turn = () => new Promise((resolve) => setImmediate(resolve));

    it('waits while registrations are being committed, and goes once the writer is idle', async () => {
      const lane = heldWriter();
      const writes = [lane.write('crowd-1')];
      await turn();
      writes.push(lane.write('tablet', 'backlog'));
      await turn();
      writes.push(lane.write('crowd-2'));
      await turn();
      expect(lane.batchesSent.flat()).not.toContain('tablet');
      await lane.releaseUntil(Promise.all(writes));
      // Queued before the second registration, committed after it, in a batch of its own.
      expect(lane.batchesSent).toEqual([['crowd-1'], ['crowd-2'], ['tablet']]);
      expect((await t.db.select().from(siteSettings)).map((r) => r.key).sort()).toEqual(['crowd-1', 'crowd-2', 'tablet']);
    });

    it(`goes with the next batch once it has waited ${BACKLOG_MAX_WAIT_MS} ms, however busy the writer`, async () => {
      const lane = heldWriter();
      const writes = [lane.write('crowd-1')];
      await turn();
      writes.push(lane.write('tablet', 'backlog'));
      await turn();
      vi.advanceTimersByTime(BACKLOG_MAX_WAIT_MS - 1);
      writes.push(lane.write('crowd-2'));
      await turn();
      vi.advanceTimersByTime(1);
      writes.push(lane.write('crowd-3'));
      await lane.releaseUntil(Promise.all(writes));
      // The embedded writer takes the second and third registrations as they come (up to 4 batches in
      // flight); the client's batch, one at a time, takes them together once the first has committed.
      expect(lane.batchesSent).toEqual(batchesAtOnce > 1 ? [['crowd-1'], ['crowd-2'], ['crowd-3', 'tablet']] : [['crowd-1'], ['crowd-2', 'crowd-3', 'tablet']]);
    });
  });

  it('commits concurrent callers in one transaction', async () => {
    await Promise.all(Array.from({ length: 25 }, (_, i) => groupCommit(writer, [setting(`g${i}`)])));
    expect(batches).toBe(1);
    expect(await t.db.select().from(siteSettings)).toHaveLength(25);
  });

  it("rejects only the item whose statement fails (all of that item's statements), after the others are durable", async () => {
    await groupCommit(writer, [setting('g0')]);
    let committedWhenRejected: number | undefined;
    const results = await Promise.allSettled([
      groupCommit(writer, [setting('a1'), setting('a2')]),
      groupCommit(writer, [setting('b1'), setting('g0')]).catch(async (error) => {
        committedWhenRejected = (await t.db.select().from(siteSettings).where(eq(siteSettings.key, 'c1'))).length;
        throw error;
      }),
      groupCommit(writer, [setting('c1')]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed: site_settings.key/);
    expect(committedWhenRejected).toBe(1);
    const keys = (await t.db.select().from(siteSettings)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['a1', 'a2', 'c1']));
    expect(keys).not.toContain('b1');
  });

  it('returns each statement its own rows', async () => {
    const [rows] = await groupCommit(writer, [toStatement(t.db.insert(siteSettings).values({ key: 'r', value: 1, updatedAt: 'now' }).returning())]);
    expect(rows).toEqual([{ key: 'r', value: '1', updated_at: 'now' }]);
  });
});

describe('insertStatement', () => {
  it('writes what drizzle would write, defaults and value encoding included', async () => {
    const statement = insertStatement(t.db, siteSettings, { key: 'json', value: { a: [1, 'two'] }, updatedAt: 'now' });
    expect(statement).toEqual(toStatement(t.db.insert(siteSettings).values({ key: 'json', value: { a: [1, 'two'] }, updatedAt: 'now' })));
    await groupCommit(t.deps.writeBatch, [statement]);
    const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.key, 'json'));
    expect(row?.value).toEqual({ a: [1, 'two'] });
  });
});

describe('group commit where requests may not share I/O (Workers)', () => {
  it('commits each caller on its own', async () => {
    await t.db.delete(siteSettings);
    let batches = 0;
    const inner = clientBatchWriter(t.client, { groupsRequests: false });
    const counted = (statements: Parameters<BatchWriter>[0]) => {
      batches++;
      return inner(statements);
    };
    const writer = Object.assign(counted, { groupsRequests: false });
    const results = await Promise.allSettled([
      groupCommit(writer, [setting('w1')]),
      groupCommit(writer, [setting('w1')]),
      groupCommit(writer, [setting('w2')]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toBe(3);
    expect((await t.db.select().from(siteSettings)).map((r) => r.key).sort()).toEqual(['w1', 'w2']);
  });
});
