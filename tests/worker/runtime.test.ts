import { describe, expect, inject, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../edge/testing/test-app';

/**
 * The Worker's own checks, on the run's Worker (tests/worker/global-setup.ts): `wrangler dev` runs the
 * Worker bundle in workerd, with the built PWA as static assets and a local R2, against sqld over HTTP,
 * migrated by `npm run db:migrate`.
 */
const workerUrl = inject('workerTarget').url;
const ADMIN = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

describe('the Worker (workerd via wrangler dev, sqld over HTTP)', () => {
  it('answers health after a query, logs the migrated admin in, and checks the token', async () => {
    const health = await fetch(`${workerUrl}/api/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).data.database).toBe('reachable');

    const login = await fetch(`${workerUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = await login.json();
    const me = await fetch(`${workerUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await me.json()).data.email).toBe(ADMIN.email);

    const wrong = await fetch(`${workerUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, password: 'nope' }),
    });
    expect(wrong.status).toBe(401);
  });

  it('registers a visitor once (each request commits alone through its own libSQL client), answers a repeat with the first answer and a duplicate with 409', async () => {
    const submit = (body: Record<string, string>) =>
      fetch(`${workerUrl}/api/visitors/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const person = {
      fullName: 'Worker Visitor',
      mobileNumber: String(6_000_000_000 + Math.floor(Math.random() * 999_999_999)),
      uniqueSubmissionId: crypto.randomUUID(),
    };
    const [first, repeat] = await Promise.all([submit(person), submit(person)]);
    expect([first.status, repeat.status]).toEqual([201, 201]);
    const [a, b] = [await first.json(), await repeat.json()];
    expect(a.data.passCode).toMatch(/^[0-9A-Z]{12}$/);
    expect(b.data.id).toBe(a.data.id);
    const again = await submit({ ...person, uniqueSubmissionId: crypto.randomUUID() });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('You have already registered. Thank you for your interest!');
  });

  it('serves the PWA as static assets with the security headers, falls back to the app for routes, never for /api', async () => {
    const home = await fetch(`${workerUrl}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Rendered by the Worker with the database's data: the sections and the share card's absolute address.
    const html = await home.text();
    expect(html).toMatch(/<div id="root">.*Hyderabad Property Expo.*EVENT PACKAGES - DELIVERABLES/s);
    expect(html).toContain(`<meta property="og:image" content="${workerUrl}/images/share-event.jpg">`);
    for (const path of ['/awards-registration', '/visitor-registration', '/stall-registration', '/passes']) {
      const page = await fetch(`${workerUrl}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`<link rel="canonical" href="${workerUrl}${path}">`);
    }

    const route = await fetch(`${workerUrl}/panel/dashboard`, { headers: { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' } });
    expect(route.status).toBe(200);
    expect(route.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await route.text()).toContain('<div id="root"></div>'); // the empty shell, not the home page

    const api = await fetch(`${workerUrl}/api/no-such-thing`, { headers: { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: 'Not found' });
  });
});
