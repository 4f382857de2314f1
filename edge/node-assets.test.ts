import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeAssets } from './node-assets';
import { makeTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'eventpro-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'app.html'), '<!doctype html><title>EventPro</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install",()=>{})');
  t = await makeTestApp({ serveAssets: nodeAssets(dist) });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the Node server serves the built PWA', () => {
  it('caches hashed assets for a year and makes the service worker and index revalidate', async () => {
    const asset = await t.request('GET', '/assets/index-AbC123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('Content-Type')).toContain('javascript');

    const sw = await t.request('GET', '/sw.js');
    expect(sw.headers.get('Cache-Control')).toBe('no-cache');
    const index = await t.request('GET', '/');
    expect(index.headers.get('Cache-Control')).toBe('no-cache');
    expect(index.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });

  it('serves the empty shell for app routes (public pages are rendered before it: public-pages.ts), but not for missing files or the API', async () => {
    for (const path of ['/', '/panel', '/panel/dashboard', '/visitor-registration', '/adminpanel/events']) {
      const res = await t.request('GET', path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root"></div>');
    }
    expect((await t.request('GET', '/assets/missing-123.js')).status).toBe(404);
    const api = await t.request('GET', '/api/unknown');
    expect(api.status).toBe(404);
    expect(api.headers.get('Content-Type')).toContain('application/json');
  });
});
