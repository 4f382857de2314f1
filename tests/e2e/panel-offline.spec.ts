import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDevice } from './browser';
import { formatCreatedOn } from '../../shared/dates';
import { api, chooseRowAction, confirmInApp, PANEL_VIEWPORTS, signedInAdmin, useToken } from './panel-helpers';

const baseUrl = inject('baseUrl');
const admin = signedInAdmin();
const SHOTS = join(import.meta.dirname, '../../.data/offline-screenshots');

/**
 * The panel's copy kept on the device (the `panelCache` record of the app's database), read with raw
 * IndexedDB from the test, not the page's code; null while there is none (and while the database does not
 * exist, which this never creates).
 */
async function keptPanelCache(
  page: Page,
): Promise<{ savedAt: number; state: { clientState: { queries: Array<{ queryKey: unknown[]; state: { status: string; dataUpdatedAt: number } }> } } } | null> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'eventpro')) return null;
    return new Promise((resolve, reject) => {
      const open = indexedDB.open('eventpro');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const read = open.result.transaction('panelCache').objectStore('panelCache').get('queries');
        read.onsuccess = () => {
          open.result.close();
          resolve(read.result ?? null);
        };
      };
    });
  });
}

/** How the device loses its server: no network at all, or Wi-Fi that stays connected while nothing gets through. */
type Outage = 'no network' | 'Wi-Fi without a way out';

/** Reloads the page cut off from the server: the panel opens from its kept copy with the "Offline — showing data from …" banner, then `check` runs. */
async function reloadOffline(page: Page, context: BrowserContext, check: () => Promise<unknown>, outage: Outage = 'no network'): Promise<void> {
  if (outage === 'no network') await context.setOffline(true);
  else await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  try {
    await page.reload();
    await page
      .getByTestId('offline-banner')
      .filter({ hasText: /^Offline — showing data from \d{2} [A-Z][a-z]{2} \d{4}, / })
      .waitFor();
    await check();
  } finally {
    if (outage === 'no network') await context.setOffline(false);
    else await context.unroute('**/api/**');
  }
}

describe('panel offline', () => {
  it('opens the last-fetched list offline with the "Offline — showing data from" banner', async () => {
    const { page, context } = admin.device;
    const name = `Offline Olga ${Date.now()}`;
    await api(baseUrl, admin.token, 'POST', '/visitors', { fullName: name, mobileNumber: '9876533333' });
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });
    await page.getByRole('row').filter({ hasText: name }).waitFor();
    await page.waitForTimeout(800); // the cache is saved half a second after the data arrives

    await reloadOffline(page, context, () => page.getByRole('row').filter({ hasText: name }).waitFor());
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  });

  it('on Wi-Fi that reaches nothing (the device says online, every request fails) the list shows its kept copy under the "Offline — showing data from" banner, which goes once the server answers', async () => {
    const { page, context } = admin.device;
    const name = `Wifi Wanda ${Date.now()}`;
    await api(baseUrl, admin.token, 'POST', '/visitors', { fullName: name, mobileNumber: `98765${String(Date.now()).slice(-5)}` });
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });
    await page.getByRole('row').filter({ hasText: name }).waitFor();
    await page.waitForTimeout(800); // the cache is saved half a second after the data arrives

    await reloadOffline(
      page,
      context,
      async () => {
        await page.getByRole('row').filter({ hasText: name }).waitFor();
        expect(await page.evaluate(() => navigator.onLine)).toBe(true);
      },
      'Wi-Fi without a way out',
    );
    // The panel asks the server again every few seconds; its first answer ends the banner.
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('a refetch that fails keeps the data: dashboard → Refresh → reload → the visitors list shows its kept rows with the time they were fetched', async () => {
    const { page, context } = admin.device;
    const name = `Kept Kiran ${Date.now()}`;
    await api(baseUrl, admin.token, 'POST', '/visitors', { fullName: name, mobileNumber: `98764${String(Date.now()).slice(-5)}` });
    const fetchedFrom = Date.now();
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });
    await page.getByRole('row').filter({ hasText: name }).waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const visitors = page.getByTestId('tile-visitors').locator('.panel-tile__value');
    await expect.poll(() => visitors.textContent(), { timeout: 20_000 }).toMatch(/^\d+$/);
    const fetchedBy = Date.now();
    await page.waitForTimeout(800); // the cache is saved half a second after the data arrives

    // Venue Wi-Fi that reaches nothing: the device says online, so every refetch is tried and fails.
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    try {
      await page
        .getByRole('button', { name: /Refresh/ })
        .first()
        .click();
      // The copy is saved again after the refetches failed (retried twice): the dashboard's data stays in it.
      await expect.poll(async () => (await keptPanelCache(page))?.savedAt ?? 0, { timeout: 20_000 }).toBeGreaterThan(fetchedBy + 2000);
      const kept = (await keptPanelCache(page))!.state.clientState.queries;
      const stats = kept.find((query) => query.queryKey.join('/') === 'panel/dashboard/stats');
      expect(stats?.state.status).toBe('success');
      expect(stats!.state.dataUpdatedAt).toBeLessThanOrEqual(fetchedBy);

      await page.reload();
      await page.getByRole('link', { name: 'Visitors' }).click();
      await page.getByRole('row').filter({ hasText: name }).waitFor({ timeout: 15_000 });
      // The banner tells when the rows were fetched, not when the copy was last saved.
      const banner = await page.getByTestId('offline-banner').textContent();
      const minutes = new Set([fetchedFrom, fetchedBy].map((time) => `Offline — showing data from ${formatCreatedOn(time)}`));
      expect(minutes).toContain(banner);
    } finally {
      await context.unroute('**/api/**');
    }
  });

  it("a fresh tablet's first panel load fetches no database code, and its dashboard then opens offline from the copy its service worker kept", async () => {
    const device = await openDevice();
    try {
      const { page, context } = device;
      await useToken(page, baseUrl, admin.token);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${baseUrl}/panel/dashboard`);
      const visitors = page.getByTestId('tile-visitors').locator('.panel-tile__value');
      await expect.poll(() => visitors.textContent(), { timeout: 20_000 }).toMatch(/^\d+$/);
      const online = await visitors.textContent();
      // The device's first worker takes control of the open page; the data fetched before is handed to it then.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
      await expect
        .poll(async () => (await keptPanelCache(page))?.state.clientState.queries.map((query) => query.queryKey.join('/')), { timeout: 10_000 })
        .toContain('panel/dashboard/stats');
      // Until then (the first load, and its first save) the page never fetched the database's code: Dexie's
      // chunk, db-<hash>.js (db-name-<hash>.js only asks whether the database exists).
      expect(scripts.filter((path) => /^\/assets\/db-[\w-]{8}\.js$/.test(path))).toEqual([]);
      expect(scripts.length).toBeGreaterThan(0);

      await reloadOffline(page, context, () => expect.poll(() => visitors.textContent()).toBe(online));
    } finally {
      await device.close();
    }
  });

  it('offline, an edit and a delete say they need the network, and a list never opened online says it has no copy', async () => {
    const { page, context } = admin.device;
    const name = `Offline Edit ${Date.now()}`;
    await api(baseUrl, admin.token, 'POST', '/visitors', { fullName: name, mobileNumber: `98763${String(Date.now()).slice(-5)}` });
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await page.waitForTimeout(800); // the cache is saved half a second after the data arrives
    await context.setOffline(true);
    try {
      await row.getByRole('button', { name: /^Edit/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Visitor' });
      await dialog.getByLabel('City').fill('Warangal');
      await dialog.locator('button[type=submit]').click();
      await dialog.getByText('You are offline — this change needs the network').waitFor();
      await page.reload();
      await row.waitFor();

      await chooseRowAction(row, 'Delete');
      await confirmInApp(page);
      await page.getByText('You are offline — this change needs the network').first().waitFor();
      await row.waitFor(); // still there

      await page.getByTestId('sidebar').getByRole('link', { name: 'Speakers' }).click();
      await page.getByRole('heading', { name: 'Speakers', level: 1 }).waitFor();
      await page.getByText(/^You are offline, and this screen has not been opened on this device while online/).waitFor();
    } finally {
      await context.setOffline(false);
    }
    // Online again, the list loads.
    await page.locator('tbody td.panel-table__serial, tbody td.panel-table__empty').first().waitFor();
    await page.getByText(/^You are offline, and this screen/).waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('offline, the dashboard, reports and settings never opened online say they have no copy, at every width', async () => {
    // A fresh tablet that has opened one list online, and nothing else.
    const tablet = await openDevice({ viewport: PANEL_VIEWPORTS[0] });
    try {
      const { page, context } = tablet;
      await useToken(page, baseUrl, admin.token);
      await page.goto(`${baseUrl}/panel/registrations/visitors`);
      await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });
      await page.locator('tbody td.panel-table__serial').first().waitFor();
      await page.waitForTimeout(800); // the cache is saved half a second after the data arrives
      mkdirSync(SHOTS, { recursive: true });
      await context.setOffline(true);
      try {
        for (const viewport of PANEL_VIEWPORTS) {
          await page.setViewportSize(viewport);
          for (const [screen, heading] of [
            ['dashboard', 'Dashboard'],
            ['reports', 'Reports'],
            ['settings', 'Settings'],
          ] as const) {
            await page.goto(`${baseUrl}/panel/${screen}`);
            await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
            const notice = page.getByTestId('not-kept-offline');
            await notice.waitFor();
            expect(await notice.innerText()).toBe(
              'You are offline, and this screen has not been opened on this device while online, so there is no copy of it to show. It loads when the network returns.',
            );
            expect(await page.getByText(/^Failed to/).count()).toBe(0);
            await page.screenshot({ path: join(SHOTS, `${screen}-${viewport.width}.png`) });
          }
        }
      } finally {
        await context.setOffline(false);
      }
      // Online again, the screen loads and the notice goes.
      await page.goto(`${baseUrl}/panel/dashboard`);
      await page.getByTestId('tile-visitors').locator('.panel-tile__value').filter({ hasText: /\d/ }).waitFor();
      expect(await page.getByTestId('not-kept-offline').count()).toBe(0);
    } finally {
      await tablet.close();
    }
  }, 120_000);

  it("a logout right after the list refreshed leaves none of the panel's data on the device", async () => {
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.getByRole('row').nth(1).waitFor();
    // Another list opens; the person logs out the moment it has arrived.
    const arrived = page.waitForResponse((r) => r.url().includes('/api/guests') && r.request().method() === 'GET' && r.ok());
    await page.getByRole('link', { name: 'Guests' }).click();
    await arrived;
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/panel/'));
    await page.waitForTimeout(1500); // longer than the cache waits before saving
    const kept = await keptPanelCache(page);
    expect(kept).toBeNull();
  });
});
