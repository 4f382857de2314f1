import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { WRITE_PROBE_EVERY_MS } from './health';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

let seq = 0;
const register = () =>
  t.request('POST', '/api/visitors/register', { json: { fullName: 'Asha Rao', mobileNumber: String(9_100_000_000 + ++seq) }, address: `10.0.3.${seq}` });

describe('GET /api/health', () => {
  it('answers 200 after a query and an insert, uncached, and leaves no probe row behind', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({
      success: true,
      message: 'Healthy',
      data: { status: 'ok', database: 'reachable', writable: true, messages: 'on', time: t.clock.now().toISOString() },
    });
    expect((await t.client.execute('SELECT count(*) AS n FROM health_probe')).rows[0]!.n).toBe(0);
  });

  it('answers 503 with Retry-After while the disk takes no writes, and 200 again once it does', async () => {
    t.clock.advance(WRITE_PROBE_EVERY_MS); // the last successful probe no longer stands
    t.failWrites(true);
    const res = await t.request('GET', '/api/health');
    t.failWrites(false);
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(await res.json()).toEqual({ success: false, message: 'Database not writable' });
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'health: database not writable');
    expect(line).toMatchObject({ level: 'error', route: '/api/health', error: { code: 'SQLITE_FULL' } });
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });

  it('shares one write probe among checks within a second', async () => {
    t.clock.advance(WRITE_PROBE_EVERY_MS);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.request('GET', '/api/health')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    t.failWrites(true);
    const cached = await t.request('GET', '/api/health'); // within the second: the probe that succeeded stands
    t.failWrites(false);
    expect(cached.status).toBe(200);
  });

  it('after a registration fails on a full disk, the very next probe says 503 (the success before it no longer stands)', async () => {
    t.clock.advance(WRITE_PROBE_EVERY_MS);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
    t.failWrites(true);
    const registration = await register();
    const health = await t.request('GET', '/api/health'); // same millisecond as the success above
    t.failWrites(false);
    expect(registration.status).toBe(503);
    expect(registration.headers.get('Retry-After')).toBe('5');
    expect(health.status).toBe(503);
    expect(health.headers.get('Retry-After')).toBe('5');
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });

  it('on a really full database (SQLITE_FULL from SQLite, not a stand-in), the first probe says 503 though an update still fits', async () => {
    t.clock.advance(WRITE_PROBE_EVERY_MS);
    // The routes' connection may not grow the file past its pages: a disk with no room left.
    const [pages] = (await t.client.execute('PRAGMA page_count')).rows;
    await t.client.execute(`PRAGMA max_page_count = ${Number(pages!.page_count)}`);
    await t.client.execute('CREATE TABLE IF NOT EXISTS disk_filler (id INTEGER PRIMARY KEY, fill BLOB)');
    let fillError: unknown;
    try {
      for (let i = 0; i < 1000; i++) await t.client.execute('INSERT INTO disk_filler (fill) VALUES (zeroblob(2000))');
    } catch (error) {
      fillError = error;
    }
    expect(fillError).toMatchObject({ code: 'SQLITE_FULL' });
    // What fooled the old probe: rewriting a row that exists still works.
    await t.client.execute({ sql: 'UPDATE events SET updated_at = ?', args: [t.clock.now().toISOString()] });

    const full = await t.request('GET', '/api/health');
    expect(full.status).toBe(503);
    expect(full.headers.get('Retry-After')).toBe('5');
    expect(await full.json()).toEqual({ success: false, message: 'Database not writable' });

    await t.client.execute('DROP TABLE disk_filler'); // room again
    await t.client.execute('PRAGMA max_page_count = 4294967294');
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });

  it('answers 503, not 500, when the database cannot be reached', async () => {
    t.client.close();
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(await res.json()).toEqual({ success: false, message: 'Database unreachable' });
  });
});

describe('the database file deleted under the running server', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await makeTestApp();
  });
  afterAll(() => s.close());

  it('health says 503 at the first probe, and registrations answer 503 from then on', async () => {
    const before = await s.request('POST', '/api/visitors/register', { json: { fullName: 'Kiran Das', mobileNumber: '9200000001' } });
    expect(before.status).toBe(201);
    expect((await s.request('GET', '/api/health')).status).toBe(200);

    for (const file of ['test.db', 'test.db-wal', 'test.db-shm']) rmSync(join(s.dir, file), { force: true });

    const health = await s.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('Retry-After')).toBe('5');
    expect(await health.json()).toEqual({ success: false, message: 'Database file missing: the server must be restarted on a restored database' });
    for (let i = 2; i < 5; i++) {
      const res = await s.request('POST', '/api/visitors/register', { json: { fullName: 'Kiran Das', mobileNumber: `920000000${i}` } });
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('5');
    }
    const line = s.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'database file lost');
    expect(line).toMatchObject({ level: 'error', problem: expect.stringContaining('was removed while the server ran') });
  });
});
