import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type RunningServer, startBuiltServer } from '../../scripts/built-server';
import { openDevice } from './browser';

// A server of its own over a copy of the built PWA, so the test can publish a "new version" by changing
// the service worker the server hands out.
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

describe('a new version of the app', () => {
  it('is announced in the app, and "Reload" switches to it', async () => {
    const device = await openDevice();
    try {
      const { page } = device;
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready');
      await page.reload(); // now controlled by version 1
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      expect(await page.getByText('A new version is available.').count()).toBe(0);

      appendFileSync(join(pwaDir, 'sw.js'), '\n// version 2\n');
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

      const prompt = page.getByRole('status').filter({ hasText: 'A new version is available.' });
      await prompt.waitFor();
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);

      await page.getByRole('heading', { level: 1 }).waitFor();
      const after = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(after).toEqual({ waiting: null, controlled: true });
      expect(await page.getByText('A new version is available.').count()).toBe(0);
      expect(device.problems).toEqual([]);
    } finally {
      await device.close();
    }
  });
});
