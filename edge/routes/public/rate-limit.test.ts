import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGE } from '../../http/rate-limit';
import { makeTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ config: { publicRateLimit: 3 } });
});
afterAll(() => t.close());

let seq = 0;
const visitor = (address: string) =>
  t.request('POST', '/api/visitors/register', { json: { fullName: 'Ravi', mobileNumber: String(8_000_000_000 + ++seq) }, address });

describe('public submission rate limit', () => {
  it('answers 429 with Retry-After once an address passes the limit, while another address gets through', async () => {
    // Start on a window boundary so the minute does not roll over mid-test.
    t.clock.advance(60_000 - (t.clock.now().getTime() % 60_000));
    t.clock.advance(15_000);
    for (let i = 0; i < 3; i++) expect((await visitor('10.0.0.1')).status).toBe(201);
    const before = await t.rowCounts();
    const limited = await visitor('10.0.0.1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('45');
    expect(await limited.json()).toEqual({ success: false, message: RATE_LIMIT_MESSAGE });
    // Every public submission endpoint shares the address's allowance.
    const enquiry = await t.request('POST', '/api/enquiries', { json: { name: 'N', mobile: '9000000001' }, address: '10.0.0.1' });
    expect(enquiry.status).toBe(429);
    expect((await t.rowCounts()).visitors).toBe(before.visitors);

    expect((await visitor('10.0.0.2')).status).toBe(201);
    // Reading the site is never limited.
    expect((await t.request('GET', '/api/public/site', { address: '10.0.0.1' })).status).toBe(200);
  });

  it('opens again in the next minute', async () => {
    t.clock.advance(60_000);
    expect((await visitor('10.0.0.1')).status).toBe(201);
  });

  it('counts invalid submissions too, and concurrent ones exactly', async () => {
    t.clock.advance(60_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.request('POST', '/api/stalls/register', { json: {}, address: '10.0.0.3' })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('with the limit off (PUBLIC_RATE_LIMIT=0)', () => {
  it('never limits and keeps no counters', async () => {
    const off = await makeTestApp({ config: { publicRateLimit: 0 } });
    try {
      for (let i = 0; i < 8; i++) {
        const res = await off.request('POST', '/api/enquiries', { json: { name: 'N', mobile: String(9_100_000_000 + i) } });
        expect(res.status).toBe(201);
      }
      expect((await off.rowCounts()).public_rate_limits).toBe(0);
    } finally {
      await off.close();
    }
  });
});
