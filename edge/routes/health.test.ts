import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 after querying the database, uncached', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({
      success: true,
      message: 'Healthy',
      data: { status: 'ok', database: 'reachable', time: t.clock.now().toISOString() },
    });
  });

  it('answers 503, not 500, when the database cannot be reached', async () => {
    t.client.close();
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ success: false, message: 'Database unreachable' });
  });
});
