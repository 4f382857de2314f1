import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type RunningServer, startBuiltServer } from '../../scripts/built-server';
import { openDevice } from './browser';

// A server of its own over a copy of the built PWA, so the test can publish a new build whose panel has a
// file the device has not stored (decision 060).
let pwaDir: string;
let server: RunningServer;
beforeAll(async () => {
  pwaDir = mkdtempSync(join(tmpdir(), 'eventpro-pwa-'));
  cpSync(join(REPO_ROOT, 'dist/pwa'), pwaDir, { recursive: true });
  server = await startBuiltServer({ PWA_DIR: pwaDir });
});
afterAll(async () => {
  await server?.stop();
  rmSync(pwaDir, { recursive: true, force: true });
});

const storedPanelFiles = () => caches.open('eventpro-panel-assets').then(async (cache) => (await cache.keys()).map((request) => new URL(request.url).pathname));

describe("the panel's files across an update (decision 060)", () => {
  it('a new build stores its new panel files before it takes over, and drops the old ones once it runs', async () => {
    const device = await openDevice();
    try {
      const { page, context } = device;
      await page.goto(`${server.url}/panel/login`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
      const badge = readdirSync(join(pwaDir, 'assets')).find((name) => /^badge-pdf-.*\.js$/.test(name))!;
      await expect.poll(() => page.evaluate(storedPanelFiles), { timeout: 30_000 }).toContain(`/assets/${badge}`);

      // Version 2: the badge code under a new name (as a changed file gets a new hash).
      const renamed = badge.replace(/^badge-pdf-/, 'badge-pdf-v2-');
      cpSync(join(pwaDir, 'assets', badge), join(pwaDir, 'assets', renamed));
      const worker = readFileSync(join(pwaDir, 'sw.js'), 'utf8');
      expect(worker).toContain(`assets/${badge}`);
      writeFileSync(join(pwaDir, 'sw.js'), worker.replaceAll(`assets/${badge}`, `assets/${renamed}`));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting), null, { timeout: 30_000 });
      // Waiting, not yet in charge: the new file is already stored, the old one still there for version 1.
      await expect.poll(() => page.evaluate(storedPanelFiles), { timeout: 10_000 }).toContain(`/assets/${renamed}`);
      const whileWaiting = await page.evaluate(storedPanelFiles);
      expect(whileWaiting).toContain(`/assets/${badge}`);

      // Version 2 takes over ("Reload"), and the panel opens offline with its files.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.postMessage({ type: 'SKIP_WAITING' }));
      await expect.poll(() => page.evaluate(storedPanelFiles), { timeout: 30_000 }).not.toContain(`/assets/${badge}`);
      expect(await page.evaluate(storedPanelFiles)).toContain(`/assets/${renamed}`);
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    } finally {
      await device.close();
    }
  }, 90_000);
});
