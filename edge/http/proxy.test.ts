import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, socketAddress, type TestApp } from '../testing/test-app';
import { clientAddressResolver } from './client-address';

/**
 * TRUST_PROXY=1 with a proxy on loopback: requests arrive from 127.0.0.1 with X-Forwarded-For. A client
 * that writes its own X-Forwarded-For cannot move itself to another address: not for the login
 * throttle, not for the public submission limit.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({
    config: { publicRateLimit: 3 },
    clientAddress: clientAddressResolver(socketAddress, { trustProxy: true, trustedProxies: 'loopback' }),
  });
});
afterAll(() => t.close());

/** What the proxy forwards: whatever the client claimed, then the address the proxy saw. */
const viaProxy = (claimed: string, seen: string) => ({ 'X-Forwarded-For': `${claimed}, ${seen}`, 'x-test-client-address': '127.0.0.1' });

describe('X-Forwarded-For spoofing with TRUST_PROXY=1', () => {
  it('does not get a guesser past the login limit', async () => {
    const user = await t.createUser('admin');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.request('POST', '/api/auth/login', {
        json: { email: user.email, password: `guess ${i}` },
        headers: viaProxy(`198.51.100.${i}`, '203.0.113.66'),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The owner elsewhere is not refused, and cannot be blamed on by a forged header either.
    const owner = await t.request('POST', '/api/auth/login', {
      json: { email: user.email, password: user.password },
      headers: viaProxy('203.0.113.66', '192.0.2.8'),
    });
    expect(owner.status).toBe(200);
  });

  it('does not get a flood past the public rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', '/api/enquiries', {
        json: { name: 'Flood', mobile: `98765432${10 + i}`, subscriptionType: 'General Enquiry' },
        headers: viaProxy(`10.9.9.${i}`, '203.0.113.77'),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('ignores X-Forwarded-For from a client that is not behind the proxy', async () => {
    const user = await t.createUser('staff');
    for (let i = 0; i < 5; i++) {
      await t.request('POST', '/api/auth/login', {
        json: { email: user.email, password: 'guess' },
        headers: { 'X-Forwarded-For': `192.0.2.${i}`, 'x-test-client-address': '198.51.100.200' },
      });
    }
    const res = await t.request('POST', '/api/auth/login', {
      json: { email: user.email, password: user.password },
      headers: { 'X-Forwarded-For': '192.0.2.99', 'x-test-client-address': '198.51.100.200' },
    });
    expect(res.status).toBe(429);
  });
});
