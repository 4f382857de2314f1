import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hydrated, openDevice } from './browser';
import { LANDING_TEXTS } from '../../edge/testing/landing-texts';
import { TEST_REGISTRATION_CLOSES_AT } from '../../edge/testing/open-featured-event';
import { api, apiLogin, uniqueMobile } from './panel-helpers';

const baseUrl = inject('baseUrl');
const AXE = readFileSync(join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');

type Device = Awaited<ReturnType<typeof openDevice>>;
let device: Device;
beforeAll(async () => {
  device = await openDevice();
});
afterAll(async () => {
  await device?.close();
});

async function axe(page: Page) {
  // page.evaluate runs through DevTools, so the strict CSP (no inline scripts) does not block axe.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } }).axe.run();
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
  });
  return violations;
}

const PUBLIC_PATHS = ['/', '/awards-registration', '/visitor-registration', '/stall-registration', '/passes'];

/** Holds every script of the page until the returned function is called: a slow phone's page before its script arrives. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('public site', () => {
  it('Home: headline, dates, countdown format, and the header darkening after 50 px', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/`);
    await page.getByText('18th - 19th October, 2025').first().waitFor();
    // The event is in the past: no countdown of zeros, it says so.
    await page.locator('.countdown').getByText('This edition has ended').waitFor();
    expect(await page.locator('.countdown__value').count()).toBe(0);
    const header = page.locator('header.site-header');
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    // Scrolled at once, likely before the app hydrates the page: hydrating keeps the place.
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(() => document.querySelector('header.site-header')?.getAttribute('data-scrolled') === 'true');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(200);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector('header.site-header')?.getAttribute('data-scrolled') === 'false');
  });

  it('REGISTER NOW dropdown: opens, closes on Escape, outside click, pointer leave and choice', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/`);
    await hydrated(page);
    const toggle = page.locator('summary', { hasText: 'REGISTER NOW' });
    const choices = page.locator('.site-header__choices');
    await toggle.click();
    await choices.getByRole('link', { name: 'Nominate for Award' }).waitFor();
    await page.keyboard.press('Escape');
    await choices.waitFor({ state: 'hidden' });
    await toggle.click();
    await page.mouse.click(640, 500);
    await choices.waitFor({ state: 'hidden' });
    await toggle.hover();
    await toggle.click();
    await choices.waitFor({ state: 'visible' });
    await page.mouse.move(640, 600);
    await choices.waitFor({ state: 'hidden' });
    await toggle.click();
    await choices.getByRole('link', { name: 'Nominate for Award' }).click();
    await choices.waitFor({ state: 'hidden' });
    await page.getByRole('dialog', { name: 'Awards Registration' }).waitFor();
  });

  it('popup: validation messages, success with a pass, duplicate answered with 409', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/`);
    await hydrated(page);
    await page.locator('summary', { hasText: 'REGISTER NOW' }).click();
    await page.locator('.site-header__choices').getByRole('link', { name: 'Sponsor Registration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor Registration' });
    await dialog.getByText('Fill in the details below to complete your registration.').waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Sponsor Organization Name is required').waitFor();
    await dialog.getByText('Contact Person Name is required').waitFor();
    await dialog.getByText('Mobile Number is required').waitFor();
    await dialog.getByLabel('Mobile Number').fill('12345');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Mobile number must be 10-15 digits').waitFor();

    const number = uniqueMobile();
    await dialog.getByLabel('Sponsor Organization Name').fill('Acme Builders');
    await dialog.getByLabel('Contact Person Name').fill('Asha Rao');
    await dialog.getByLabel('Mobile Number').fill(number);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Registration successful!').waitFor();
    const pass = page.getByRole('dialog', { name: 'Your pass' });
    await pass.getByText('Show this at the entrance').waitFor({ timeout: 5000 });
    const code = (await pass.locator('.pass__code').textContent())?.trim() ?? '';
    expect(code.length).toBeGreaterThanOrEqual(10);
    await pass.getByRole('button', { name: 'Close' }).click();

    // The record exists: the same person again is a 409.
    const again = await fetch(`${baseUrl}/api/sponsors/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ organization: 'Acme Builders', name: 'Asha Rao', mobile: number }),
    });
    expect(again.status).toBe(409);

    // My passes keeps it.
    await page.goto(`${baseUrl}/passes`);
    await page.getByText(code).waitFor();
  });

  it('popup: a field the server refuses shows the server’s message beside it, and the person can fix it there', async () => {
    const { page } = device;
    const token = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
    await api(baseUrl, token, 'PUT', '/settings', { awardCategories: ['Best Luxury Project', 'Best Affordable Housing'] });
    try {
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.locator('summary', { hasText: 'REGISTER NOW' }).click();
      await page.locator('.site-header__choices').getByRole('link', { name: 'Nominate for Award' }).click();
      const dialog = page.getByRole('dialog', { name: 'Awards Registration' });
      await dialog.getByLabel('Nominee Name').fill('Meera Constructions');
      await dialog.getByLabel('Contact Person Mobile').fill(uniqueMobile());
      await dialog.getByLabel('Organization').fill('Meera Group');
      await dialog.getByLabel('Award Category').selectOption('Best Luxury Project');
      // The organiser drops that category while the form is open: the server refuses the field.
      await api(baseUrl, token, 'PUT', '/settings', { awardCategories: ['Best Affordable Housing'] });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const category = dialog.getByLabel('Award Category');
      await expect.poll(() => category.getAttribute('aria-invalid')).toBe('true');
      const describedBy = await category.getAttribute('aria-describedby');
      expect(await dialog.locator(`[id="${describedBy}"]`).textContent()).toBe('Choose one of the award categories');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('category');
      await category.selectOption('Best Affordable Housing');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('Registration successful!').waitFor();
    } finally {
      await api(baseUrl, token, 'PUT', '/settings', { awardCategories: [] });
    }
  });

  it('Enquire Now preselects its package', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/`);
    await hydrated(page);
    await page.getByRole('heading', { name: 'EVENT PACKAGES - DELIVERABLES' }).scrollIntoViewIfNeeded();
    const card = page.getByRole('article', { name: '6 PACK GOLD' });
    await card.getByRole('button', { name: 'Enquire Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enquire Now' });
    expect(await dialog.getByLabel('Subscription Type').inputValue()).toBe('6 PACK GOLD');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('visitor inline form: messages, success, pass and a duplicate info message', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/visitor-registration`);
    const form = page.locator('form').filter({ has: page.getByLabel('Full Name') });
    const number = uniqueMobile();
    await form.getByLabel('Full Name').fill('Ravi Kumar');
    await form.getByLabel('Mobile Number').fill(number);
    await form.getByLabel('State').selectOption('Telangana');
    await form.getByLabel('City').selectOption('Hyderabad');
    await form.getByRole('button', { name: 'Register Now', exact: true }).click();
    await page.getByText('Visitor registration successful!').waitFor();
    await page.getByText('Show this at the entrance').waitFor();
    expect(await form.getByLabel('Full Name').inputValue()).toBe('');

    await form.getByLabel('Full Name').fill('Ravi Kumar');
    await form.getByLabel('Mobile Number').fill(number);
    await form.getByLabel('State').selectOption('Telangana');
    await form.getByLabel('City').selectOption('Hyderabad');
    await form.getByRole('button', { name: 'Register Now', exact: true }).click();
    await page.getByText('You have already registered. Thank you for your interest!').waitFor();
  });

  it('stall inline form registers a stall', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/stall-registration`);
    await page.getByLabel('Company / Organization Name').fill('Skyline Homes');
    await page.getByLabel('Contact Person Name').fill('Meena');
    await page.getByLabel('Mobile Number').fill(uniqueMobile());
    await page.getByRole('button', { name: 'Book Stall' }).click();
    await page.getByText('Stall registration successful! We will contact you soon.').waitFor();
  });

  it("the founder's video: a poster that says the video is coming until an organiser sets one, then plays it", async () => {
    const play = async (page: Page) => {
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      const poster = page.getByRole('button', { name: 'Play the founder’s video' });
      await poster.scrollIntoViewIfNeeded();
      await poster.click();
    };
    await play(device.page);
    await device.page.getByText('The founder’s video will be available soon.').waitFor();

    const token = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
    const saved = await api(baseUrl, token, 'PUT', '/settings', { founderVideoUrl: '/media/founder.mp4' });
    expect(saved.status).toBe(200);
    // A new visitor (the site data is cached for a minute): the video loads only now, from this site.
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      await play(visitor.page);
      const video = visitor.page.getByTestId('founder-video');
      await video.waitFor();
      expect(await video.getAttribute('src')).toBe('/media/founder.mp4');
    } finally {
      await visitor.close();
      await api(baseUrl, token, 'PUT', '/settings', { founderVideoUrl: '' });
    }
  }, 60_000);

  it('unknown public paths show Home; unknown admin paths show 404', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByText('18th - 19th October, 2025').first().waitFor();
    await page.goto(`${baseUrl}/adminpanel/nothing`);
    await page.getByText('404 - Page Not Found').waitFor();
  });

  it('has no serious or critical axe violations on each public page, at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      const visitor = await openDevice({ viewport: { width, height: 844 } });
      try {
        for (const path of PUBLIC_PATHS) {
          await visitor.page.goto(`${baseUrl}${path}`);
          await hydrated(visitor.page);
          expect({ width, path, violations: await axe(visitor.page) }).toEqual({ width, path, violations: [] });
        }
      } finally {
        await visitor.close();
      }
    }
  }, 120_000);
});

describe('honest submission states', () => {
  it('focus goes to the first invalid field; a stray backdrop tap keeps what was typed; State and City are marked required', async () => {
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = visitor;
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.locator('summary', { hasText: 'REGISTER NOW' }).click();
      await page.locator('.site-header__choices').getByRole('link', { name: 'Visitor Registration' }).click();
      const dialog = page.getByRole('dialog', { name: 'Visitor Registration' });
      await expect.poll(() => dialog.locator('label', { hasText: /^State/ }).textContent()).toBe('State *');
      expect(await dialog.locator('label', { hasText: /^City/ }).textContent()).toBe('City *');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
      const firstInvalid = await page.evaluate(() => document.querySelector('[role="dialog"] [aria-invalid="true"]') === document.activeElement);
      expect(firstInvalid).toBe(true);
      await dialog.getByLabel('Full Name').fill('Typed Person');
      await page.mouse.click(5, 5); // the backdrop, outside the panel
      await page.waitForTimeout(300);
      expect(await dialog.getByLabel('Full Name').inputValue()).toBe('Typed Person');
    } finally {
      await visitor.close();
    }
  });

  it('closing the popup while it sends keeps sending, then tells the outcome and shows the pass', async () => {
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = visitor;
      // The real server, reached 2 s late.
      await page.route('**/api/sponsors/register', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.continue();
      });
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.locator('summary', { hasText: 'REGISTER NOW' }).click();
      await page.locator('.site-header__choices').getByRole('link', { name: 'Sponsor Registration' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sponsor Registration' });
      await dialog.getByLabel('Sponsor Organization Name').fill('Closing Builders');
      await dialog.getByLabel('Contact Person Name').fill('Early Closer');
      await dialog.getByLabel('Mobile Number').fill(uniqueMobile());
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByRole('button', { name: 'Submitting...' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.locator('.toasts').getByText('Registration successful!').waitFor({ timeout: 10_000 });
      await page.getByRole('dialog', { name: 'Your pass' }).waitFor();
    } finally {
      await visitor.close();
    }
  });

  it('a server slower than the time-out is not called offline: it stays queued, is sent again, and the pass appears', async () => {
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page, context } = visitor;
      let slow = true;
      // The context's route: the service worker's Background Sync reaches the same slow server (a page's
      // route would let the worker's request through at once, and the form would say 'sent' straight away).
      await context.route('**/api/visitors/register', async (route) => {
        if (slow) await new Promise((resolve) => setTimeout(resolve, 16_000));
        await route.continue().catch(() => undefined);
      });
      await page.goto(`${baseUrl}/visitor-registration`);
      await hydrated(page);
      await page.getByLabel('Full Name').fill('Patient Person');
      await page.getByLabel('Mobile Number').fill(uniqueMobile());
      await page.getByLabel('State').selectOption('Telangana');
      await page.getByLabel('City').selectOption('Hyderabad');
      await page.getByRole('button', { name: 'Register Now', exact: true }).click();
      await page.getByText(/The server is slow to answer\. Your registration is saved on this device and we will keep trying/).waitFor({ timeout: 25_000 });
      expect(await page.getByText(/You are offline/).count()).toBe(0);
      slow = false;
      await page
        .locator('.toasts')
        .getByText('Visitor Registration for Patient Person has been sent. Your pass is in My passes.')
        .first()
        .waitFor({ timeout: 30_000 });
      await page.getByRole('dialog', { name: 'Your pass' }).waitFor();
    } finally {
      await visitor.close();
    }
  }, 90_000);
});

describe("the event's life and the visitor's next steps", () => {
  it('outside the registration window the forms say so and cannot send', async () => {
    const token = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
    const site = (await (await fetch(`${baseUrl}/api/public/site`)).json()) as { data: { event: { id: string } } };
    const eventId = site.data.event.id;
    const closed = await api(baseUrl, token, 'PUT', `/events/${eventId}`, { registrationClosesAt: new Date(Date.now() - 60_000).toISOString() });
    expect(closed.status).toBe(200);
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      // The server's own page says so, before any script runs.
      expect(await (await fetch(`${baseUrl}/visitor-registration`)).text()).toContain('Registration for this event has closed.');
      await visitor.page.goto(`${baseUrl}/visitor-registration`);
      await hydrated(visitor.page);
      await visitor.page.getByText('Registration for this event has closed.').waitFor();
      expect(await visitor.page.getByRole('button', { name: 'Register Now', exact: true }).isDisabled()).toBe(true);
      await visitor.page.goto(`${baseUrl}/`);
      await hydrated(visitor.page);
      await visitor.page.locator('summary', { hasText: 'REGISTER NOW' }).click();
      await visitor.page.locator('.site-header__choices').getByRole('link', { name: 'Sponsor Registration' }).click();
      const dialog = visitor.page.getByRole('dialog', { name: 'Sponsor Registration' });
      await dialog.getByText('Registration for this event has closed.').waitFor();
      expect(await dialog.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    } finally {
      await visitor.close();
      expect((await api(baseUrl, token, 'PUT', `/events/${eventId}`, { registrationClosesAt: TEST_REGISTRATION_CLOSES_AT })).status).toBe(200);
    }
  });

  it('the ended seeded event takes no registration by default: home and registration pages say so, and the API in the same words', async () => {
    const token = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
    const site = (await (await fetch(`${baseUrl}/api/public/site`)).json()) as { data: { event: { id: string } } };
    const eventId = site.data.event.id;
    // No close set by the organiser: registration closes at the event's end (19 October 2025).
    expect((await api(baseUrl, token, 'PUT', `/events/${eventId}`, { registrationClosesAt: null })).status).toBe(200);
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const refused = await fetch(`${baseUrl}/api/visitors/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ fullName: 'Too Late', mobileNumber: uniqueMobile(), city: 'Hyderabad' }),
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe('Registration for this event has closed.');
      for (const path of ['/', '/visitor-registration', '/stall-registration']) {
        expect(await (await fetch(`${baseUrl}${path}`)).text(), path).toContain('Registration for this event has closed.');
        await visitor.page.goto(`${baseUrl}${path}`);
        await hydrated(visitor.page);
        await visitor.page.getByText('Registration for this event has closed.').first().waitFor();
      }
      expect(await visitor.page.getByRole('button', { name: 'Book Stall', exact: true }).isDisabled()).toBe(true);
    } finally {
      await visitor.close();
      expect((await api(baseUrl, token, 'PUT', `/events/${eventId}`, { registrationClosesAt: TEST_REGISTRATION_CLOSES_AT })).status).toBe(200);
    }
  });

  it('the landing page plans the visit: calendar file and Google Calendar, map, directions, WhatsApp share', async () => {
    const html = (await (await fetch(`${baseUrl}/`)).text()).replace(/&amp;/g, '&');
    expect(html).toContain('Plan your visit');
    expect(html).toMatch(/href="\/api\/public\/calendar\.ics\?eventId=[0-9a-f-]+" download="event\.ics"/);
    expect(html).toContain(
      'href="https://calendar.google.com/calendar/render?action=TEMPLATE&text=Hyderabad+Property+Expo+%26+Builders+Awards+2025&dates=20251018T033000Z%2F20251019T143000Z',
    );
    expect(html).toContain('href="https://www.google.com/maps/dir/?api=1&destination=Hyderabad%20International%20Convention%20Centre');
    expect(html).toMatch(/href="https:\/\/wa\.me\/\?text=Hyderabad%20Property%20Expo[^"]*http%3A%2F%2F/);
  });
});

describe('every public page is complete before any script runs', () => {
  it('the HTML of each page, fetched without running any script, holds its sections', async () => {
    const sections: Record<string, string[]> = {
      '/': [...LANDING_TEXTS, 'Hyderabad Property Expo &amp; Builders Awards 2025'],
      '/awards-registration': [
        'Biggest Awards for Builders and Developers',
        '19th October 2025',
        'Opportunities for real estate firms',
        'Event highlights',
        'Choose Your Registration',
        'Awards for Excellence',
      ],
      '/visitor-registration': ['Visitor Registration', 'Full Name', 'Mobile Number', 'Register Now'],
      '/stall-registration': ['Stall Registration', 'Company / Organization Name', 'Contact Person Name', 'Book Stall'],
      '/passes': ['My passes'],
    };
    for (const path of PUBLIC_PATHS) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const root = html.slice(html.indexOf('<div id="root">')).replace(/<!-- -->/g, '');
      for (const text of sections[path]!) expect(root, `${path}: ${text}`).toContain(text);
      expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/images\/share-event\.jpg">/);
      // Every footer: the event's date and venue.
      expect(root, path).toContain('18th - 19th October, 2025');
    }
  });

  it('each page is styled by one stylesheet from its first paint; the popup and the pass it gives need no other', async () => {
    const links = new Set<string>();
    for (const path of PUBLIC_PATHS) {
      const stylesheets = (await (await fetch(`${baseUrl}${path}`)).text()).match(/<link rel="stylesheet"[^>]*>/g) ?? [];
      expect(stylesheets, path).toHaveLength(1);
      links.add(stylesheets[0]!);
    }
    // The same file on every page: cached after the first.
    expect(links.size).toBe(1);
    const phone = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = phone;
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.locator('summary', { hasText: 'REGISTER NOW' }).click();
      await page.locator('.site-header__choices').getByRole('link', { name: 'Sponsor Registration' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sponsor Registration' });
      await dialog.getByLabel('Sponsor Organization Name').fill('One Sheet Builders');
      await dialog.getByLabel('Contact Person Name').fill('Ravi Teja');
      await dialog.getByLabel('Mobile Number').fill(uniqueMobile());
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const pass = page.getByRole('dialog', { name: 'Your pass' });
      await pass.getByText('Show this at the entrance').waitFor();
      // Styled: the popup's panel, its form's grid and the pass card, with no stylesheet fetched after the page's.
      const styles = await page.evaluate(() => ({
        panel: getComputedStyle(document.querySelector('.dialog--centred .dialog__panel')!).backgroundColor,
        pass: getComputedStyle(document.querySelector('.pass')!).backgroundColor,
        sheets: document.styleSheets.length,
        fetched: performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith('.css')).length,
      }));
      expect(styles).toEqual({ panel: 'rgb(15, 23, 42)', pass: 'rgb(255, 255, 255)', sheets: 1, fetched: 1 });
    } finally {
      await phone.close();
    }
  });

  it("the dropdown and the menu work while the app's script is blocked", async () => {
    const phone = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      await phone.page.route('**/assets/*.js', (route) => route.abort());
      await phone.page.goto(`${baseUrl}/`);
      // The menu: its anchors show, and lead to their sections.
      await phone.page.locator('summary[aria-label="Menu"]').click();
      await phone.page.getByRole('navigation', { name: 'Site menu' }).getByRole('link', { name: 'Schedule' }).click();
      await phone.page.waitForFunction(() => window.location.hash === '#schedule');
      expect(await phone.page.getByRole('heading', { name: 'Event highlights' }).isVisible()).toBe(true);
      await phone.page.locator('summary[aria-label="Menu"]').click();
      await phone.page.getByRole('navigation', { name: 'Site menu' }).waitFor({ state: 'hidden' });
      // The dropdown: its choices show, and lead to the registration pages.
      await phone.page.locator('summary', { hasText: 'REGISTER NOW' }).click();
      await phone.page.locator('.site-header__choices').getByRole('link', { name: 'Book a Stall' }).click();
      await phone.page.waitForURL(`${baseUrl}/stall-registration`);
      await phone.page.getByLabel('Company / Organization Name').waitFor();
      // Nothing but the blocked script ran: no React in the page.
      expect(await phone.page.evaluate(() => Object.keys(document.querySelector('header')!).some((key) => key.startsWith('__react')))).toBe(false);
    } finally {
      await phone.close();
    }
  });

  it('what a visitor types before the script arrives is kept; an early tap sends nothing, and the form sends once live', async () => {
    const phone = await openDevice({ viewport: { width: 390, height: 844 } });
    const { page } = phone;
    try {
      const releaseScripts = await holdScripts(page);
      let loads = 0;
      page.on('load', () => loads++);
      await page.goto(`${baseUrl}/stall-registration`, { waitUntil: 'commit' });
      const number = uniqueMobile();
      await page.getByLabel('Company / Organization Name').fill('Early Bird Homes');
      await page.getByLabel('Contact Person Name').fill('Suma');
      await page.getByLabel('Mobile Number').fill(`+91 ${number.slice(0, 5)} ${number.slice(5)}`);
      const book = page.getByRole('button', { name: 'Book Stall' });
      expect(await book.isDisabled()).toBe(true);
      await page.getByLabel('Mobile Number').press('Enter');
      releaseScripts();
      await hydrated(page);
      expect(page.url()).toBe(`${baseUrl}/stall-registration`);
      expect(loads).toBe(1);
      // Kept as typed, the number in its 10 digits; nothing was sent by the early Enter.
      expect(await page.getByLabel('Company / Organization Name').inputValue()).toBe('Early Bird Homes');
      expect(await page.getByLabel('Contact Person Name').inputValue()).toBe('Suma');
      await expect.poll(() => page.getByLabel('Mobile Number').inputValue()).toBe(number);
      expect(await page.locator('.form__status').innerText()).toBe('');
      await book.click();
      await page.getByText('Stall registration successful! We will contact you soon.').waitFor();
      expect(phone.problems).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('lists chosen before the script arrives (profession, state) are kept: the state offers its cities, and the choices are stored', async () => {
    const phone = await openDevice({ viewport: { width: 390, height: 844 } });
    const { page } = phone;
    try {
      const releaseScripts = await holdScripts(page);
      await page.goto(`${baseUrl}/visitor-registration`, { waitUntil: 'commit' });
      const number = uniqueMobile();
      await page.getByLabel('Full Name').fill('Early Lister');
      await page.getByLabel('Mobile Number').fill(number);
      await page.getByLabel('Professional Type').selectOption('Business');
      await page.getByLabel('State').selectOption('Telangana');
      releaseScripts();
      await hydrated(page);
      await page.locator('button[type="submit"][data-live="true"]').waitFor();
      // Hydrating a list sets it back to the server's choice; the form takes the visitor's back.
      await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Telangana');
      expect(await page.getByLabel('Professional Type').inputValue()).toBe('Business');
      await page.getByLabel('City').selectOption('Warangal');
      await page.getByRole('button', { name: 'Register Now', exact: true }).click();
      await page.getByText('Visitor registration successful!').waitFor();
      const token = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
      const found = await api<{ data: { items: Array<{ city: string; workingProfessional: string }> } }>(
        baseUrl,
        token,
        'GET',
        `/visitors?q=${number}&limit=10`,
      );
      expect(found.body.data.items.map(({ city, workingProfessional }) => ({ city, workingProfessional }))).toEqual([
        { city: 'Warangal', workingProfessional: 'Business' },
      ]);
      expect(phone.problems).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('once the app runs, the links between the public pages open each page rendered and hydrated, with its own title', async () => {
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    const { page } = visitor;
    const menu = page.getByRole('navigation', { name: 'Site menu' });
    try {
      await page.goto(`${baseUrl}/visitor-registration`);
      await hydrated(page);
      await page.locator('summary[aria-label="Menu"]').click();
      await menu.getByRole('link', { name: 'My passes' }).click();
      await page.waitForURL(`${baseUrl}/passes`);
      expect(await page.title()).toBe('My passes | Hyderabad Property Expo 2025');
      await hydrated(page);
      // A new device has no passes: the page says so and leads to the visitor registration. Looking left
      // nothing on the device: no database was created for it.
      await page.getByRole('link', { name: 'Register as a visitor' }).waitFor();
      expect(await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name))).toEqual([]);
      await page.getByRole('link', { name: 'Register as a visitor' }).click();
      await page.waitForURL(`${baseUrl}/visitor-registration`);
      expect(await page.title()).toBe('Visitor Registration | Hyderabad Property Expo 2025');
      await hydrated(page);
      await page.getByLabel('Full Name').fill('Link Walker');
      expect(await page.getByLabel('Full Name').inputValue()).toBe('Link Walker');
      // The menu's anchors lead to Home's sections from any page.
      await page.locator('summary[aria-label="Menu"]').click();
      await menu.getByRole('link', { name: 'Schedule' }).click();
      await page.waitForURL(`${baseUrl}/#schedule`);
      expect(await page.title()).toBe('Hyderabad Property Expo 2025 & Builders Awards');
      await page.getByRole('heading', { name: 'Event highlights' }).waitFor();
      await hydrated(page);
      expect(visitor.problems).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('the app hydrates each page with no hydration error or warning in the console', async () => {
    for (const width of [390, 1280]) {
      const visitor = await openDevice({ viewport: { width, height: 844 } });
      const warnings: string[] = [];
      visitor.page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      try {
        for (const path of PUBLIC_PATHS) {
          await visitor.page.goto(`${baseUrl}${path}`);
          // The server's markup is kept: the node on screen before hydration is the one React took over.
          await visitor.page.evaluate(() => ((window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1')));
          await hydrated(visitor.page);
          await visitor.page.waitForTimeout(300);
          expect(
            await visitor.page.evaluate(() => document.querySelector('h1') === (window as unknown as { serverHeading: Element | null }).serverHeading),
          ).toBe(true);
        }
        expect([...visitor.problems, ...warnings].filter((text) => /hydrat|#418|#419|#423|#425|did not match/i.test(text))).toEqual([]);
        expect(visitor.problems).toEqual([]);
      } finally {
        await visitor.close();
      }
    }
  }, 120_000);
});

describe('small screens and offline', () => {
  it('shows the packages as a 1.2-slide carousel at 390 px', async () => {
    const phone = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      await phone.page.goto(`${baseUrl}/`);
      const slides = phone.page.locator('.packages__grid > li');
      await slides.first().waitFor();
      const widths = await slides.evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).getBoundingClientRect().width));
      const container = await phone.page.locator('.packages__grid').evaluate((n) => n.getBoundingClientRect().width);
      expect(widths).toHaveLength(4);
      expect(widths[0]).toBeCloseTo((container - 15 * 0.2) / 1.2, 0);
      expect(phone.problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('keeps a registration made offline and sends it exactly once when back online', async () => {
    const { page, context } = device;
    await page.goto(`${baseUrl}/visitor-registration`);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });
    const number = uniqueMobile();
    await context.setOffline(true);
    try {
      await page.getByLabel('Full Name').fill('Offline Person');
      await page.getByLabel('Mobile Number').fill(number);
      await page.getByLabel('State').selectOption('Telangana');
      await page.getByLabel('City').selectOption('Warangal');
      await page.getByRole('button', { name: 'Register Now', exact: true }).click();
      await page.getByText(/saved on this device and will be sent automatically/).waitFor();
      await page.getByText('Waiting to be sent (1)').waitFor();
      await page.reload();
      await page.getByText('Waiting to be sent (1)').waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.getByText('Waiting to be sent (1)').waitFor({ state: 'detached', timeout: 15_000 });
    const again = await fetch(`${baseUrl}/api/visitors/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: 'Offline Person', mobileNumber: number, workingProfessional: 'Others', city: 'Warangal' }),
    });
    expect(again.status).toBe(409);
  });
});
