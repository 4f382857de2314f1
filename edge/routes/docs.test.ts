import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('the API reference', () => {
  it('documents every route the app serves, from the same schemas', async () => {
    const spec = await (await t.request('GET', '/api/openapi.json')).json();
    expect(spec.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const served = t.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !/\/(openapi\.json|docs(\.css)?)$/.test(r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect([...new Set(served)].filter((route) => !documented.has(route))).toEqual([]);
    const login = spec.paths['/api/auth/login'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(['email', 'password']);
  });

  it('renders a readable page without scripts', async () => {
    const res = await t.request('GET', '/api/docs');
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain('/api/visitors/{id}/status');
    expect(page).not.toContain('<script');
  });
});
