import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteSettings } from '../db/tables/system';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { groupCommit } from './group-commit';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const setting = (key: string) => t.db.insert(siteSettings).values({ key, value: key, updatedAt: 'now' });

describe('group commit', () => {
  it('commits concurrent callers in one transaction', async () => {
    const batch = vi.spyOn(t.db, 'batch');
    await Promise.all(Array.from({ length: 25 }, (_, i) => groupCommit(t.db, [setting(`g${i}`)])));
    expect(batch).toHaveBeenCalledTimes(1);
    batch.mockRestore();
    expect(await t.db.select().from(siteSettings)).toHaveLength(25);
  });

  it("rejects only the item whose statement fails (all of that item's statements), after the others are durable", async () => {
    let committedWhenRejected: number | undefined;
    const results = await Promise.allSettled([
      groupCommit(t.db, [setting('a1'), setting('a2')]),
      groupCommit(t.db, [setting('b1'), setting('g0')]).catch(async (error) => {
        committedWhenRejected = (await t.db.select().from(siteSettings).where(eq(siteSettings.key, 'c1'))).length;
        throw error;
      }),
      groupCommit(t.db, [setting('c1')]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed: site_settings.key/);
    expect(committedWhenRejected).toBe(1);
    const keys = (await t.db.select().from(siteSettings)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['a1', 'a2', 'c1']));
    expect(keys).not.toContain('b1');
  });

  it('returns each statement its own result', async () => {
    const [rows] = (await groupCommit(t.db, [t.db.insert(siteSettings).values({ key: 'r', value: 1, updatedAt: 'now' }).returning()])) as [unknown[]];
    expect(rows).toEqual([{ key: 'r', value: 1, updatedAt: 'now' }]);
  });
});
