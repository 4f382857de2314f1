import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, openDatabase, type OpenedDatabase } from '../db/local-database';
import { nativeBatchWriter } from './native-batch-writer';
import { insertStatement } from '../db/sql-statement';
import { siteSettings } from '../db/tables/system';

let dir: string;
let opened: OpenedDatabase;
let writer: ReturnType<typeof nativeBatchWriter>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'eventpro-writer-'));
  opened = await openDatabase({ url: `file:${join(dir, 'w.db')}`, migrationsFolder: resolve(import.meta.dirname, '../../migrations') });
  writer = nativeBatchWriter(join(dir, 'w.db'), { busyTimeoutMs: BUSY_TIMEOUT_MS });
});
afterAll(async () => {
  await writer.close();
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});

const setting = (key: string) => insertStatement(opened.db, siteSettings, { key, value: key, updatedAt: 'now' });
const keys = async () => (await opened.db.select({ key: siteSettings.key }).from(siteSettings)).map((r) => r.key).sort();

describe('the embedded write lane', () => {
  it('commits a batch whole, or names the failing statement and keeps nothing of the batch', async () => {
    await writer.writeBatch([setting('a'), setting('b')]);
    const failed = await writer.writeBatch([setting('c'), setting('a')]).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ statementIndex: 1, message: expect.stringMatching(/UNIQUE constraint failed: site_settings.key/) });
    expect(await keys()).toEqual(['a', 'b']);
  });

  it('starts a new thread when its thread stops, and the writes after it are kept', async () => {
    const first = writer.thread();
    expect(first).toBeDefined();
    await first!.terminate();
    await writer.writeBatch([setting('after-restart')]);
    expect(writer.thread()).not.toBe(first);
    expect(await keys()).toContain('after-restart');
  });
});
