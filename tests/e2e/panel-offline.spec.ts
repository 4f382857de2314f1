import { describe, expect, inject, it } from 'vitest';
import { api, signedInAdmin } from './panel-helpers';

const baseUrl = inject('baseUrl');
const admin = signedInAdmin();

describe('panel offline', () => {
  it('opens the last-fetched list offline with the "Offline — showing data from" banner', async () => {
    const { page, context } = admin.device;
    const name = `Offline Olga ${Date.now()}`;
    await api(baseUrl, admin.token, 'POST', '/visitors', { fullName: name, mobileNumber: '9876533333' });
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });
    await page.getByRole('row').filter({ hasText: name }).waitFor();
    await page.waitForTimeout(800); // the cache is saved half a second after the data arrives

    await context.setOffline(true);
    try {
      await page.reload();
      await page
        .getByTestId('offline-banner')
        .filter({ hasText: /^Offline — showing data from \d{2} [A-Z][a-z]{2} \d{4}, / })
        .waitFor();
      await page.getByRole('row').filter({ hasText: name }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  });

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
    const kept = await page.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('eventpro');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('panelCache').objectStore('panelCache').get('queries');
            read.onsuccess = () => {
              open.result.close();
              resolve(read.result ?? null);
            };
          };
        }),
    );
    expect(kept).toBeNull();
  });
});
