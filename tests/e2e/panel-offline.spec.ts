import { describe, inject, it } from 'vitest';
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
      await page.getByTestId('offline-banner').filter({ hasText: /^Offline — showing data from \d{2} [A-Z][a-z]{2} \d{4}, / }).waitFor();
      await page.getByRole('row').filter({ hasText: name }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  });
});
