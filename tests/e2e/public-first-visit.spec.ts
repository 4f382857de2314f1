import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, openDevice } from './browser';
import { api, apiLogin } from './panel-helpers';

const baseUrl = inject('baseUrl');
let seq = 0;
/** A mobile number no other spec uses (fresh DB per run, shared across specs). */
const mobile = () => `8${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(3, '0')}`;

/**
 * A first visit: the service worker never takes the page (its script is refused), so every chunk the page
 * has not loaded yet comes from the network, as in the seconds before a first visit's worker is ready.
 */
async function firstVisit(page: Page, path: string) {
  await page.route('**/sw.js', (route) => route.abort());
  await page.goto(`${baseUrl}${path}`);
  await hydrated(page);
}

/** How many visitors the server holds with this number (by the admin API). */
async function visitorsWith(number: string): Promise<number> {
  const token = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
  const list = await api<{ data: { total: number } }>(baseUrl, token, 'GET', `/visitors?q=${number}&limit=10`);
  return list.body.data.total;
}

/** The page still shows the site: its header, its heading and its form (never a blank page). */
async function notBlank(page: Page) {
  expect(await page.locator('header.site-header').count()).toBe(1);
  expect((await page.evaluate(() => document.body.innerText)).length).toBeGreaterThan(200);
}

async function fillVisitor(page: Page, name: string, number: string) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Mobile Number').fill(number);
  await page.getByLabel('State').selectOption('Telangana');
  await page.getByLabel('City').selectOption('Hyderabad');
}

describe('a first visit never loses a registration', () => {
  it('the network cut at the moment of submitting: saved, said so, sent once when it returns; the popup offline says it could not open', async () => {
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page, context } = visitor;
      await firstVisit(page, '/visitor-registration');
      const number = mobile();
      await fillVisitor(page, 'Blip Person', number);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Register Now', exact: true }).click();
      await page.getByText('You are offline. Your registration is saved on this device and will be sent automatically when you are back online.').waitFor();
      expect(await page.getByText('Processing...').count()).toBe(0);
      await page.getByText('Waiting to be sent (1)').waitFor();
      // The header's REGISTER NOW offline: the popup's code is not here; the page says so and stays.
      await page.locator('summary', { hasText: 'REGISTER NOW' }).click();
      await page.locator('.site-header__choices').getByRole('link', { name: 'Sponsor Registration' }).click();
      await page.locator('.toasts').getByText('The form could not be opened: you are offline. Please try again when you are back online.').waitFor();
      await notBlank(page);
      expect(await visitorsWith(number)).toBe(0);

      await context.setOffline(false);
      await page.locator('.toasts').getByText('Visitor Registration for Blip Person has been sent. Your pass is in My passes.').waitFor({ timeout: 20_000 });
      await page.getByRole('dialog', { name: 'Your pass' }).waitFor();
      await page.getByText('Visitor registration successful!').waitFor();
      await notBlank(page);
      expect(await visitorsWith(number)).toBe(1);
      // The popup opens now that the network is back (the failed load was not kept).
      await page.getByRole('dialog', { name: 'Your pass' }).getByRole('button', { name: /close/i }).click();
      await page.locator('summary', { hasText: 'REGISTER NOW' }).click();
      await page.locator('.site-header__choices').getByRole('link', { name: 'Sponsor Registration' }).click();
      await page.getByRole('dialog', { name: 'Sponsor Registration' }).waitFor();
    } finally {
      await visitor.close();
    }
  }, 60_000);

  it("the form's code answering 404 (a deploy): the fields are held on the device, and sent once when the code answers again", async () => {
    const visitor = await openDevice({ viewport: { width: 1280, height: 800 } });
    try {
      const { page } = visitor;
      await firstVisit(page, '/visitor-registration');
      // From now on every chunk the page has not loaded yet answers 404.
      let gone = true;
      await page.route('**/assets/*.js', (route) => (gone ? route.fulfill({ status: 404, body: 'Not found' }) : route.fallback()));
      const number = mobile();
      await fillVisitor(page, 'Deploy Person', number);
      await page.getByRole('button', { name: 'Register Now', exact: true }).click();
      await page
        .getByText('The server is not answering. Your registration is saved on this device and will be sent automatically as soon as it answers.')
        .waitFor();
      expect(await page.getByRole('button', { name: 'Register Now', exact: true }).isEnabled()).toBe(true);
      expect(await page.getByText('Processing...').count()).toBe(0);
      await notBlank(page);
      const held = await page.evaluate(() => JSON.parse(localStorage.getItem('eventpro.outbox.held') ?? '[]') as Array<{ values: { fullName: string } }>);
      expect(held.map((item) => item.values.fullName)).toEqual(['Deploy Person']);
      expect(await visitorsWith(number)).toBe(0);

      gone = false;
      // The page tries again every 15 s while something waits.
      await page.locator('.toasts').getByText('Visitor Registration for Deploy Person has been sent. Your pass is in My passes.').waitFor({ timeout: 30_000 });
      await page.getByRole('dialog', { name: 'Your pass' }).waitFor();
      await page.getByText('Visitor registration successful!').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('eventpro.outbox.held'))).toBeNull();
      expect(await visitorsWith(number)).toBe(1);
      // Reloaded: nothing waits and nothing is sent again.
      await page.reload();
      await hydrated(page);
      await page.waitForTimeout(1000);
      expect(await page.getByText(/Waiting to be sent/).count()).toBe(0);
      expect(await visitorsWith(number)).toBe(1);
    } finally {
      await visitor.close();
    }
  }, 90_000);
});
