import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDevice } from './browser';

const baseUrl = inject('baseUrl');
const adminEmail = inject('adminEmail');
const adminPassword = inject('adminPassword');

type Device = Awaited<ReturnType<typeof openDevice>>;
let device: Device;
beforeAll(async () => {
  device = await openDevice();
});
afterAll(async () => {
  await device?.close();
});

describe('the PWA shell', () => {
  it('serves the home page with a strict CSP and no console errors', async () => {
    const { page, problems } = device;
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toMatch(/EventPro|Expo/);
    expect(problems).toEqual([]);
  });

  it('is installable: a manifest with name, standalone display, 192/512 and maskable icons that load', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await (await fetch(new URL(href!, baseUrl))).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', short_name: 'EventPro' });
    expect(manifest.name).toBeTruthy();
    expect(manifest.theme_color).toMatch(/^#/);
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose?.includes('maskable'))).toBe(true);
    for (const icon of manifest.icons as Array<{ src: string }>) {
      const res = await fetch(new URL(icon.src, baseUrl));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
  });

  it('installs from the panel as the panel: its manifest starts at the dashboard', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/panel`);
    await page.waitForFunction(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href') === '/panel.webmanifest');
    const manifest = await (await fetch(`${baseUrl}/panel.webmanifest`)).json();
    expect(manifest).toMatchObject({ start_url: '/panel/dashboard', display: 'standalone' });
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href') === '/manifest.webmanifest');
  });

  it('registers a service worker that keeps the app opening offline', async () => {
    const { page, context } = device;
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });

    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.goto(`${baseUrl}/panel`);
      await page.getByLabel(/email/i).waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it('shows the login at /panel/login too, and "404 - Page Not Found" for unknown panel paths', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/panel/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.goto(`${baseUrl}/panel/no-such-screen`);
    await page.getByText('404 - Page Not Found').waitFor();
  });
});

describe('panel login', () => {
  it('sends a logged-out visitor to the login, shows the server message on failure, and returns after login', async () => {
    const { page } = device;
    await page.goto(`${baseUrl}/panel/dashboard`);
    await page.waitForURL(/\/panel(\/login)?\?redirect=/);

    await page.getByLabel(/email/i).fill(adminEmail);
    await page.getByLabel(/password/i).fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();

    await page.getByLabel(/password/i).fill(adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/panel/dashboard`);
    await page.getByText(adminEmail).waitFor();

    // The token survives a reload; logging out drops it and goes to the site root.
    await page.reload();
    await page.getByText(adminEmail).waitFor();
    await page.getByRole('button', { name: /logout/i }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/panel/dashboard`);
    await page.waitForURL(/\/panel(\/login)?\?redirect=/);
  });
});

describe('the Node server', () => {
  it('accepts a DELETE without a body (what browsers send)', async () => {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    const { token } = await login.json();
    const created = await fetch(`${baseUrl}/api/visitors`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ fullName: 'Delete Me', mobileNumber: '9000099999' }),
    });
    const { data } = await created.json();
    const deleted = await fetch(`${baseUrl}/api/visitors/${data.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    expect(deleted.status).toBe(200);
  });
});
