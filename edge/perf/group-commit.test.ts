import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BatchWriter, clientBatchWriter } from '../db/batch-writer';
import { insertStatement, toStatement } from '../db/sql-statement';
import { siteSettings } from '../db/tables/system';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { groupCommit } from './group-commit';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const setting = (key: string) => insertStatement(t.db, siteSettings, { key, value: key, updatedAt: 'now' });

// The Node server writes through its own connection; Workers (and remote databases) through the client's batch.
describe.each([
  ['the embedded writer', () => t.deps.writeBatch],
  ["the libSQL client's batch", () => clientBatchWriter(t.client)],
])('group commit through %s', (_, writerOf) => {
  let batches: number;
  let writer: BatchWriter;
  beforeEach(async () => {
    await t.db.delete(siteSettings);
    batches = 0;
    const inner = writerOf();
    writer = (statements) => {
      batches++;
      return inner(statements);
    };
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
