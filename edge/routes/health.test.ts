import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { WRITE_PROBE_EVERY_MS } from './health';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 after a query and a write, uncached', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({
      success: true,
      message: 'Healthy',
      data: { status: 'ok', database: 'reachable', writable: true, messages: 'on', time: t.clock.now().toISOString() },
    });
  });

  it('answers 503 while the disk takes no writes, and 200 again once it does', async () => {
    t.clock.advance(WRITE_PROBE_EVERY_MS); // the last successful probe no longer stands
    t.failWrites(true);
    const res = await t.request('GET', '/api/health');
    t.failWrites(false);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, message: 'Database not writable' });
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'health: database not writable');
    expect(line).toMatchObject({ level: 'error', route: '/api/health', error: { code: 'SQLITE_FULL' } });
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });

  it('shares one write probe among checks within a second', async () => {
    t.clock.advance(WRITE_PROBE_EVERY_MS);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.request('GET', '/api/health')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const probed = (await t.client.execute('SELECT checked_at FROM health_probe')).rows[0]!.checked_at;
    expect(probed).toBe(t.clock.now().toISOString());
    t.failWrites(true);
    const cached = await t.request('GET', '/api/health'); // within the second: the probe that succeeded stands
    t.failWrites(false);
    expect(cached.status).toBe(200);
  });

  it('answers 503, not 500, when the database cannot be reached', async () => {
    t.client.close();
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, message: 'Database unreachable' });
  });
});
