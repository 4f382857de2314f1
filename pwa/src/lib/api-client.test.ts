// The client's fetch against the real API: a logout, then another login, while a request is on its way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '@edge/testing/test-app';
import { apiFetch } from './api-client';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

/** The network to the test server, holding each request until `release` is called; records the tokens sent. */
function heldNetwork() {
  const sent: Array<string | null> = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push(new Headers(init.headers).get('Authorization'));
    await released;
    const url = new URL(input instanceof Request ? input.url : input, 'http://panel.test');
    const { signal: _signal, ...rest } = init;
    return t.app.request(url.pathname + url.search, rest);
  };
  return { fetch, sent, release };
}

describe('a request sent under a login that changed on its way', () => {
  it('a read is answered under the new login, so its 401 never makes the app forget the login now in use', async () => {
    const first = await t.login();
    const second = await t.login();
    let token: string | null = first;
    const network = heldNetwork();
    const answer = apiFetch({ token: () => token, fetch: network.fetch })('/api/auth/me');
    // The first login is logged out and the second put in place while the request waits on the network.
    expect((await t.request('POST', '/api/auth/logout', { token: first })).status).toBe(200);
    token = second;
    network.release();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(network.sent).toEqual([`Bearer ${first}`, `Bearer ${second}`]);
  });

  it('a write is not sent again under the new login: a late logout of the first never ends the second', async () => {
    const first = await t.login();
    const second = await t.login();
    let token: string | null = first;
    const network = heldNetwork();
    const logout = apiFetch({ token: () => token, fetch: network.fetch })('/api/auth/logout', { method: 'POST' });
    expect((await t.request('POST', '/api/auth/logout', { token: first })).status).toBe(200);
    token = second;
    network.release();
    expect((await logout).status).toBe(401);
    expect(network.sent).toEqual([`Bearer ${first}`]);
    expect((await t.request('GET', '/api/auth/me', { token: second })).status).toBe(200);
  });

  it('a 401 under the login still in use is the answer (the session has ended)', async () => {
    const only = await t.login();
    const network = heldNetwork();
    network.release();
    expect((await t.request('POST', '/api/auth/logout', { token: only })).status).toBe(200);
    const res = await apiFetch({ token: () => only, fetch: network.fetch })('/api/auth/me');
    expect(res.status).toBe(401);
    expect(network.sent).toEqual([`Bearer ${only}`]);
  });
});
