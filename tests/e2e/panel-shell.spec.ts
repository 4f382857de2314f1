import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDevice } from './browser';
import { apiLogin, seriousViolations, useToken } from './panel-helpers';

const baseUrl = inject('baseUrl');
const adminEmail = inject('adminEmail');
const adminPassword = inject('adminPassword');

type Device = Awaited<ReturnType<typeof openDevice>>;
let device: Device;
let token: string;
beforeAll(async () => {
  device = await openDevice();
  token = await apiLogin(baseUrl, adminEmail, adminPassword);
});
afterAll(async () => {
  await device?.close();
});

const sidebarWidth = (page: Device['page']) => page.getByTestId('sidebar').evaluate((el) => Math.round(el.getBoundingClientRect().width));

describe('panel shell', () => {
  it('hides the shell while logged out, refuses a wrong password and returns to the screen asked for after login', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/panel/registrations/stalls?q=abc`);
    await page.waitForURL(/\/panel\?redirect=/);
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    expect(await page.getByText('Admin Dashboard').count()).toBe(0);

    await page.getByLabel(/email/i).fill(adminEmail);
    await page.getByLabel(/password/i).fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();

    await page.getByLabel(/password/i).fill(adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login successful.').waitFor();
    await page.waitForURL(`${baseUrl}/panel/registrations/stalls?q=abc`);
    await page.getByRole('heading', { name: 'Stalls', level: 1 }).waitFor();
    await page.getByText('Admin Dashboard').waitFor();
  });

  it('has the panel sidebar: brand, groups, NEW badge; 270 px open and 80 px collapsed at 1280 px', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/panel/dashboard`);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('EventPro').waitFor();
    for (const label of [
      'Overview',
      'Registration Management',
      'VIP Management',
      'Team Management',
      'Planning',
      'System',
      'Coordination Team',
      'Awardees Nominees',
      'Timeline Management',
    ]) {
      await sidebar.getByText(label, { exact: true }).first().waitFor();
    }
    expect(await sidebar.getByText('NEW').count()).toBe(1);
    expect(await sidebarWidth(page)).toBe(270);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.waitForFunction(() => Math.round(document.querySelector('[data-testid=sidebar]')!.getBoundingClientRect().width) === 80);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.waitForFunction(() => Math.round(document.querySelector('[data-testid=sidebar]')!.getBoundingClientRect().width) === 270);

    // Navigation through the sidebar, and the placeholder screens.
    await sidebar.getByRole('link', { name: 'Timeline Management' }).click();
    await page.getByRole('heading', { name: 'Timeline', level: 1 }).waitFor();
    await sidebar.getByRole('link', { name: 'Volunteers Team' }).click();
    await page.getByRole('heading', { name: 'Volunteers Team' }).waitFor();
  });

  it('starts collapsed at 390 px and closes again after navigating', async () => {
    const phone = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = phone;
      await useToken(page, baseUrl, token);
      await page.goto(`${baseUrl}/panel/dashboard`);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      expect(await sidebarWidth(page)).toBe(80);
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.waitForFunction(() => Math.round(document.querySelector('[data-testid=sidebar]')!.getBoundingClientRect().width) === 270);
      await page.getByTestId('sidebar').getByRole('link', { name: 'Visitors' }).click();
      await page.getByRole('heading', { name: 'Visitors', level: 1 }).waitFor();
      await page.waitForFunction(() => Math.round(document.querySelector('[data-testid=sidebar]')!.getBoundingClientRect().width) === 80);
    } finally {
      await phone.close();
    }
  });

  it('fits its screen: every sidebar item without scrolling at 1280×800, the whole title and the NEW badge at 390 px, and a readable title in both themes', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/panel/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin panel' });
    expect(await nav.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
    const enquiries = await page.getByTestId('sidebar').getByRole('link', { name: 'Enquiries' }).boundingBox();
    expect(enquiries!.y + enquiries!.height).toBeLessThanOrEqual(800);

    // The top bar's title against its bar, in each theme (WCAG AA for text: 4.5:1).
    const titleContrast = () =>
      page.locator('.panel-topbar__title').evaluate((title) => {
        const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const luminance = ([r, g, b]: number[]) => {
          const [R, G, B] = [r!, g!, b!].map((v) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
        };
        const text = luminance(rgb(getComputedStyle(title).color));
        const bar = luminance(rgb(getComputedStyle(title.closest('.panel-topbar')!).backgroundColor));
        return (Math.max(text, bar) + 0.05) / (Math.min(text, bar) + 0.05);
      });
    expect(await titleContrast()).toBeGreaterThanOrEqual(4.5);
    await page.getByRole('button', { name: /dark mode/i }).click();
    expect(await titleContrast()).toBeGreaterThanOrEqual(4.5);
    await page.getByRole('button', { name: /light mode/i }).click();

    const phone = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      await useToken(phone.page, baseUrl, token);
      await phone.page.goto(`${baseUrl}/panel/settings`);
      await phone.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      expect(await phone.page.locator('.panel-topbar__title').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const badge = await phone.page.getByTestId('sidebar').getByText('NEW').boundingBox();
      const rail = await phone.page.getByTestId('sidebar').boundingBox();
      expect(badge).not.toBeNull();
      expect(badge!.x + badge!.width).toBeLessThanOrEqual(rail!.x + rail!.width);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    } finally {
      await phone.close();
    }
  });

  it('is dark by default and remembers light mode across reloads', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/panel/dashboard`);
    const app = page.locator('.panel-app');
    expect(await app.getAttribute('data-theme')).toBe('dark');
    await page.getByRole('button', { name: /dark mode/i }).click();
    expect(await app.getAttribute('data-theme')).toBe('light');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.locator('.panel-app').getAttribute('data-theme')).toBe('light');
    await page.getByRole('button', { name: /light mode/i }).click();
    expect(await page.locator('.panel-app').getAttribute('data-theme')).toBe('dark');
  });

  it('shows the six dashboard tiles, Refresh and Settings', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/panel/dashboard`);
    for (const label of ['Total Registrations', 'Visitors', 'Awards', 'Stalls', 'Sponsors', 'Active Events']) {
      await page.locator('.panel-tile__label', { hasText: new RegExp(`^${label}$`) }).waitFor();
    }
    await page.waitForFunction(() => document.querySelector('[data-testid=tile-activeEvents] .panel-tile__value')?.textContent !== '–');
    expect(Number(await page.getByTestId('tile-activeEvents').locator('.panel-tile__value').textContent())).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('link', { name: 'Settings' }).last().click();
    await page.waitForURL(`${baseUrl}/panel/settings`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByTestId('account-email').filter({ hasText: adminEmail }).waitFor();
  });

  it('answers unknown panel paths with "404 - Page Not Found" and reaches screens through /adminpanel', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/panel/no-such-screen`);
    await page.getByText('404 - Page Not Found').waitFor();
    await page.goto(`${baseUrl}/adminpanel/registrations/sponsors?status=confirmed`);
    await page.waitForURL(`${baseUrl}/panel/registrations/sponsors?status=confirmed`);
    await page.getByRole('heading', { name: 'Sponsors', level: 1 }).waitFor();
  });

  it('has no serious or critical axe violations on any panel screen', async () => {
    const { page } = device;
    const screens: Array<[string, string]> = [
      ['/panel/dashboard', 'Dashboard'],
      ['/panel/events', 'Event Management'],
      ['/panel/registrations/visitors', 'Visitors'],
      ['/panel/registrations/stalls', 'Stalls'],
      ['/panel/registrations/sponsors', 'Sponsors'],
      ['/panel/registrations/awardees', 'Awardees Nominees'],
      ['/panel/vips/guests', 'Guests'],
      ['/panel/vips/speakers', 'Speakers'],
      ['/panel/vips/awardees', 'VIP Awardees'],
      ['/panel/teams', 'Team Management'],
      ['/panel/teams/coordination', 'Coordination Team'],
      ['/panel/teams/volunteers', 'Volunteers Team'],
      ['/panel/timeline-management', 'Timeline'],
      ['/panel/enquiries', 'Enquiries'],
      ['/panel/settings', 'Settings'],
    ];
    const found: string[] = [];
    for (const theme of ['dark', 'light']) {
      await page.evaluate((value) => localStorage.setItem('eventpro.panel.theme', value), theme);
      for (const [path, heading] of screens) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.waitForFunction(() => !document.body.textContent?.includes('Loading ...') && !document.body.textContent?.includes('Loading events...'));
        found.push(...(await seriousViolations(page)).map((v) => `${theme} ${path}: ${v}`));
      }
    }
    await page.evaluate(() => localStorage.setItem('eventpro.panel.theme', 'dark'));
    // An open form drawer too.
    await page.goto(`${baseUrl}/panel/vips/awardees`);
    await page.getByRole('button', { name: '+ Add Awardee' }).click();
    await page.getByRole('dialog').waitFor();
    // Measure colours after the slide-in (it fades from transparent).
    await page.waitForFunction(() =>
      document
        .querySelector('[role=dialog]')!
        .getAnimations()
        .every((a) => a.playState === 'finished'),
    );
    found.push(...(await seriousViolations(page)).map((v) => `awardee form: ${v}`));
    await page.goto(`${baseUrl}/panel`);
    expect(found).toEqual([]);
  });

  it('logs out to the site root and guards the panel again', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/panel/dashboard`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/panel/events`);
    await page.waitForURL(/\/panel\?redirect=/);
  });
});
