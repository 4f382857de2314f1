import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { OUTBOX_REPORT_MESSAGE } from '../../pwa/src/features/public-site/registration/outbox-report';
import { hydrated, openDevice } from './browser';
import { api, apiLogin, uniqueMobile } from './panel-helpers';

const baseUrl = inject('baseUrl');

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
      const number = uniqueMobile();
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
      // The code that checks, keeps and sends a registration answers 404, as after a deploy that removed the
      // build it belonged to. From the page's first request: the page starts loading that code as soon as
      // it is up (to send what a device kept), so a route set after the page is ready may come too late.
      let gone = true;
      await page.route(/\/assets\/(form-rules|check-form|submit|public-outbox|api-client)-[\w-]+\.js$/, (route) =>
        gone ? route.fulfill({ status: 404, body: 'Not found' }) : route.fallback(),
      );
      await firstVisit(page, '/visitor-registration');
      const number = uniqueMobile();
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

describe('every waiting state in words that are true', () => {
  it('the server not answering while the device is online is not called offline; the entry is sent when it answers', async () => {
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page, context } = visitor;
      await page.goto(`${baseUrl}/visitor-registration`);
      await hydrated(page);
      let down = true;
      // The server is down for the service worker as well (the context's routes cover its requests): with the
      // page's alone, the worker's background sync sent the entry at once and the words flipped to "successful".
      await context.route('**/api/**', (route) => (down ? route.abort('connectionrefused') : route.fallback()));
      const number = uniqueMobile();
      await fillVisitor(page, 'Down Server', number);
      await page.getByRole('button', { name: 'Register Now', exact: true }).click();
      await page
        .getByText('The server is not answering. Your registration is saved on this device and will be sent automatically as soon as it answers.')
        .waitFor();
      expect(await page.getByText(/You are offline/).count()).toBe(0);
      expect(await visitorsWith(number)).toBe(0);
      down = false;
      await page.getByText('Visitor registration successful!').waitFor({ timeout: 30_000 });
      expect(await visitorsWith(number)).toBe(1);
    } finally {
      await visitor.close();
    }
  }, 60_000);

  it('a queued entry refused later says why on the open form and in My passes until dismissed', async () => {
    const number = uniqueMobile();
    const first = await fetch(`${baseUrl}/api/visitors/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: 'Already Here', mobileNumber: number, city: 'Hyderabad' }),
    });
    expect(first.status).toBe(201);
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page, context } = visitor;
      await page.goto(`${baseUrl}/visitor-registration`);
      await hydrated(page);
      await fillVisitor(page, 'Already Here', number);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Register Now', exact: true }).click();
      await page.getByText(/You are offline\. Your registration is saved/).waitFor();
      await context.setOffline(false);
      const said =
        'You have already registered. Thank you for your interest! Your pass was sent when you first registered: Find my pass, on My passes, sends it again.';
      await page.locator('.form__status').getByText(said).waitFor({ timeout: 20_000 });
      await page.getByText('Not accepted (1)').waitFor();
      await page.goto(`${baseUrl}/passes`);
      await hydrated(page);
      const refused = page.locator('.waiting--refused');
      await refused.getByText(/Visitor Registration for Already Here.*was not accepted: You have already registered/).waitFor();
      await page.reload();
      await hydrated(page);
      await refused.getByRole('button', { name: 'Dismiss' }).click();
      await refused.waitFor({ state: 'detached' });
      await page.reload();
      await hydrated(page);
      await page.waitForTimeout(500);
      expect(await page.getByText(/Not accepted/).count()).toBe(0);
    } finally {
      await visitor.close();
    }
  }, 60_000);

  it('an enquiry kept offline speaks of a reply, not a pass', async () => {
    const visitor = await openDevice({ viewport: { width: 1280, height: 800 } });
    try {
      const { page, context } = visitor;
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Enquire Now' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Enquire Now' });
      await dialog.getByLabel('Full Name').fill('Curious Buyer');
      await dialog.getByLabel('Mobile Number').fill(uniqueMobile());
      await page.waitForTimeout(500); // the popup's code for checking and sending arrives with it
      await context.setOffline(true);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('You are offline. Your enquiry is saved on this device and will be sent automatically when you are back online.').waitFor();
      // The outbox is told of changes from more than one side at once (this page's sender, the service
      // worker's reports): for 3 s, ten workers' reports every few milliseconds. The dialog words the outcome
      // once, with the name; a second reading once used to word it again without the name.
      await page.evaluate((type) => {
        const report = () => navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type, reports: [] } }));
        const telling = setInterval(() => Array.from({ length: 10 }, report), 2);
        setTimeout(() => clearInterval(telling), 3000);
      }, OUTBOX_REPORT_MESSAGE);
      await context.setOffline(false);
      await page.locator('.toasts').getByText('Enquiry from Curious Buyer has been sent. We will reply to you soon.').waitFor({ timeout: 20_000 });
      await dialog.locator('.form__status').getByText('Enquiry from Curious Buyer has been sent. We will reply to you soon.').waitFor();
      await page.waitForTimeout(3000);
      expect(await dialog.locator('.form__status').innerText()).toBe('Enquiry from Curious Buyer has been sent. We will reply to you soon.');
      expect(await page.getByText(/pass/i).filter({ hasText: 'Curious Buyer' }).count()).toBe(0);
    } finally {
      await visitor.close();
    }
  }, 60_000);
});

describe('the forms', () => {
  it('a town the list lacks: City "Other", then the town typed, stored and found by the panel\'s search', async () => {
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = visitor;
      await page.goto(`${baseUrl}/visitor-registration`);
      await hydrated(page);
      const number = uniqueMobile();
      await page.getByLabel('Full Name').fill('Town Person');
      await page.getByLabel('Mobile Number').fill(number);
      await page.getByLabel('State').selectOption('Telangana');
      await page.getByLabel('City').selectOption('Other');
      // Required like the city: the form's own message beside the town until it is typed.
      await page.getByRole('button', { name: 'Register Now', exact: true }).click();
      await page.getByText('City is required').waitFor();
      await page.getByLabel('Your town').fill('Sangareddy');
      await page.getByRole('button', { name: 'Register Now', exact: true }).click();
      await page.getByText('Visitor registration successful!').waitFor();
      const token = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
      const found = await api<{ data: { items: Array<{ mobileNumber: string; city: string }> } }>(baseUrl, token, 'GET', '/visitors?q=sangareddy&limit=10');
      expect(found.body.data.items.map((item) => item.city)).toEqual(['Sangareddy']);
    } finally {
      await visitor.close();
    }
  });

  it('an optional e-mail on the inline forms: a wrong one gets its message, a right one is stored', async () => {
    const visitor = await openDevice({ viewport: { width: 1280, height: 800 } });
    try {
      const { page } = visitor;
      await page.goto(`${baseUrl}/stall-registration`);
      await hydrated(page);
      await page.getByLabel('Company / Organization Name').fill('Mail Builders');
      await page.getByLabel('Contact Person Name').fill('Mail Person');
      await page.getByLabel('Mobile Number').fill(uniqueMobile());
      await page.getByLabel('E-mail (optional)').fill('mail at builders');
      await page.getByRole('button', { name: 'Book Stall', exact: true }).click();
      await page.getByText('Please enter a valid e-mail address').waitFor();
      await page.getByLabel('E-mail (optional)').fill('sales@mail-builders.in');
      await page.getByRole('button', { name: 'Book Stall', exact: true }).click();
      await page.getByText('Stall registration successful! We will contact you soon.').waitFor();
      const token = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
      const found = await api<{ data: { items: Array<{ email: string }> } }>(baseUrl, token, 'GET', '/stalls?q=mail-builders.in&limit=10');
      expect(found.body.data.items.map((item) => item.email)).toEqual(['sales@mail-builders.in']);
    } finally {
      await visitor.close();
    }
  });
});

/** The build's files as its service worker lists them, each marked whether it is the panel's (decision 060). */
async function builtFiles(): Promise<{ panel: Set<string>; visitor: Set<string> }> {
  const worker = await (await fetch(`${baseUrl}/sw.js`)).text();
  const panel = new Set<string>();
  const visitor = new Set<string>();
  for (const [entry] of worker.matchAll(/\{[^{}]*"url":"[^"]+"[^{}]*\}/g)) {
    const url = `/${/"url":"([^"]+)"/.exec(entry)![1]}`;
    (/"panel":true/.test(entry) ? panel : visitor).add(url);
  }
  return { panel, visitor };
}

describe("a visitor's device downloads only the public site's files (decision 060)", () => {
  it('the first visit stores no panel file; opening the panel stores them all, and it then opens offline', async () => {
    const files = await builtFiles();
    expect(files.panel.size).toBeGreaterThan(40);
    expect([...files.panel].some((url) => url.includes('badge-pdf'))).toBe(true);
    const device = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page, context } = device;
      const workerFetched: string[] = [];
      context.on('request', (request) => {
        if (request.serviceWorker()) workerFetched.push(new URL(request.url()).pathname);
      });
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
      // Every visitor file was stored by the worker's install; none of the panel's was fetched.
      expect(workerFetched.filter((url) => files.panel.has(url))).toEqual([]);
      expect(workerFetched.filter((url) => files.visitor.has(url)).length).toBe(files.visitor.size);

      await page.goto(`${baseUrl}/panel/login`);
      await page.getByLabel('Email').waitFor();
      await page.waitForFunction(async (count) => (await (await caches.open('eventpro-panel-assets')).keys()).length >= count, files.panel.size, {
        timeout: 30_000,
        polling: 250,
      });
      await context.setOffline(true);
      await page.reload();
      await page.getByLabel('Email').waitFor();
    } finally {
      await device.close();
    }
  }, 90_000);
});
