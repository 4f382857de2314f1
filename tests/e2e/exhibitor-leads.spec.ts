// Lead capture at the stall (issue 32) on real Chromium at 390 px: an exhibitor's phone scans 20 passes
// offline, reconnects, and sees 20 leads, 10 with name and number; a second staff phone sees the same 20; a
// pass scanned twice is one lead; a visitor's withdrawal takes their number out of the list and the export.
// The server is a built one of its own, its WhatsApp at a local provider that hands the sign-in codes over.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_NOTICES } from '../../shared/consent';
import { phoneProviderEnv, startPhoneProviders } from '../../edge/testing/message-providers';
import { REPO_ROOT, startBuiltServer } from '../../scripts/built-server';
import { openDevice, type Device } from './browser';
import { api, apiLogin, useToken } from './panel-helpers';

type Server = Awaited<ReturnType<typeof startBuiltServer>>;
let providers: Awaited<ReturnType<typeof startPhoneProviders>>;
let server: Server;
let dataDir: string;
let admin: string;
const shots = process.env.LEAD_SHOTS_DIR ?? join(import.meta.dirname, '../../.data/exhibitor-screenshots');
mkdirSync(shots, { recursive: true });

beforeAll(async () => {
  providers = await startPhoneProviders();
  dataDir = join(REPO_ROOT, '.data', `e2e-leads-${Date.now().toString(36)}`);
  mkdirSync(dataDir, { recursive: true });
  server = await startBuiltServer({ ...phoneProviderEnv(providers.url), PUBLIC_RATE_LIMIT: '0' }, { dataDir });
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await providers?.close();
});

/** The six digits the WhatsApp provider last received for `number` (10 digits). */
function codeSentTo(number: string): string {
  const bodies = providers.requests
    .filter((r) => r.path.endsWith('/messages'))
    .map((r) => r.body as { to: string; template?: { name: string; components: Array<{ parameters: Array<{ text: string }> }> } })
    .filter((b) => b.to === `91${number}` && b.template?.name === 'exhibitor_code');
  return bodies.at(-1)!.template!.components[0]!.parameters[0]!.text;
}

/** Signs `number` in to the portal with the code WhatsApp carried; answers the portal token. */
async function portalSignIn(number: string): Promise<string> {
  expect((await api(server.url, '', 'POST', '/exhibitor/sign-in/code', { mobileNumber: number })).status).toBe(200);
  await expect
    .poll(() => providers.requests.some((r) => JSON.stringify(r.body).includes(`91${number}`) && JSON.stringify(r.body).includes('exhibitor_code')), {
      timeout: 15_000,
    })
    .toBe(true);
  const res = await fetch(`${server.url}/api/exhibitor/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mobileNumber: number, code: codeSentTo(number) }),
  });
  const body = (await res.json()) as { token: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.token;
}

/** A visitor's `exhibitors` consent, one row per act, written to the server's database as the pass link would. */
async function recordConsent(visitorId: string, given: boolean) {
  const db = createClient({ url: `file:${join(dataDir, 'expo.db')}` });
  await db.execute({
    sql: 'INSERT INTO consents (id, person_kind, person_id, purpose, text_version, given, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    args: [crypto.randomUUID(), 'visitors', visitorId, 'exhibitors', CONSENT_NOTICES.exhibitors.version, given ? 1 : 0, new Date().toISOString()],
  });
  db.close();
}

/** A phone at `width` px signed in to the portal with `token`, on `path`. */
async function portalPhone(token: string, path: string, width = 390): Promise<Device> {
  const device = await openDevice({ viewport: { width, height: 844 } });
  await device.page.goto(`${server.url}/exhibitor/sign-in`);
  await device.page.evaluate((t) => localStorage.setItem('eventpro.exhibitor-token', t), token);
  await device.page.goto(`${server.url}${path}`);
  return device;
}

const waiting = (device: Device) => device.page.getByTestId('lead-sync').getAttribute('data-waiting');

describe('lead capture at the stall, on a 390 px phone', () => {
  it('scans 20 passes offline; 20 leads after reconnecting, 10 named; a second phone sees them; a withdrawal hides a number', async () => {
    const [featured] = (await api<{ data: { items: Array<{ id: string }> } }>(server.url, admin, 'GET', '/events?sort=isFeatured&order=desc&limit=1')).body.data
      .items;
    const eventId = featured!.id;
    const owner = '9876511001';
    const stall = await api<{ data: { id: string } }>(server.url, admin, 'POST', '/stalls', {
      eventId,
      companyName: 'Aparna Constructions',
      contactPersonName: 'Ravi Kumar',
      email: 'ravi@aparna.in',
      mobileNumber: owner,
      stallNumber: 'A-12',
      status: 'confirmed',
    });
    expect(stall.status).toBe(201);
    expect((await api(server.url, admin, 'POST', '/exhibitors', { stallId: stall.body.data.id })).status).toBe(201);
    const ownerToken = await portalSignIn(owner);
    const second = '9876511002';
    expect((await api(server.url, ownerToken, 'POST', '/exhibitor/staff', { name: 'Sita Devi', mobileNumber: second })).status).toBe(201);
    const staffToken = await portalSignIn(second);

    const people: Array<{ id: string; passCode: string; mobileNumber: string }> = [];
    for (let i = 0; i < 20; i++) {
      const res = await api<{ data: { id: string; passCode: string; mobileNumber: string } }>(server.url, admin, 'POST', '/visitors', {
        eventId,
        fullName: `Buyer ${String(i + 1).padStart(2, '0')}`,
        mobileNumber: `98480${String(10_000 + i)}`,
      });
      expect(res.status).toBe(201);
      people.push(res.body.data);
    }
    for (const p of people.slice(0, 10)) await recordConsent(p.id, true);

    const phone = await portalPhone(ownerToken, '/exhibitor/scan');
    const other = await portalPhone(staffToken, '/exhibitor/leads');
    try {
      const { page, context } = phone;
      await expect.poll(() => waiting(phone), { timeout: 30_000 }).toBe('0');
      await page.screenshot({ path: join(shots, 'exhibitor-scan-390.png') });
      await context.setOffline(true);
      const box = page.getByLabel('Pass code (a scanner types it here)');
      for (const p of people) {
        await box.fill(p.passCode);
        await box.press('Enter');
        await expect.poll(() => page.locator('.lead-scan__frame').getAttribute('data-tone')).toBe('ok');
      }
      // The same pass at once: "Just scanned", one read.
      await box.fill(people[19]!.passCode);
      await box.press('Enter');
      await expect.poll(() => page.locator('.lead-scan__frame').getAttribute('data-tone')).toBe('same');
      await expect.poll(() => waiting(phone)).toBe('20');
      // Again after the double-read window: a second scan, which the server makes the same lead.
      await page.waitForTimeout(3100);
      await box.fill(people[0]!.passCode.toLowerCase());
      await box.press('Enter');
      await expect.poll(() => waiting(phone)).toBe('21');
      await page.screenshot({ path: join(shots, 'exhibitor-scan-offline-390.png') });

      await context.setOffline(false);
      await expect.poll(() => waiting(phone), { timeout: 30_000 }).toBe('0');
      await page.getByRole('link', { name: 'Leads' }).click();
      await expect.poll(() => page.getByTestId('leads-total').textContent(), { timeout: 15_000 }).toBe('20 leads');
      await expect.poll(() => page.getByTestId('lead').count()).toBe(20);
      await expect.poll(() => page.getByTestId('lead-mobile').count()).toBe(10);
      expect(await page.locator('[data-testid="lead"][data-shared="0"] [data-testid="lead-name"]').first().textContent()).toBe(
        'A visitor who has not shared their details',
      );
      await page.screenshot({ path: join(shots, 'exhibitor-leads-390.png'), fullPage: false });

      // The second staff phone sees the same 20.
      await other.page.reload();
      await expect.poll(() => other.page.getByTestId('leads-total').textContent(), { timeout: 15_000 }).toBe('20 leads');
      await expect.poll(() => other.page.getByTestId('lead-mobile').count()).toBe(10);

      // A visitor withdraws: their number leaves the list and the next export.
      const leaving = people[0]!;
      const shown = `+91 ${leaving.mobileNumber.slice(3, 8)} ${leaving.mobileNumber.slice(8)}`;
      await expect.poll(() => page.getByText(shown).count()).toBe(1);
      await recordConsent(leaving.id, false);
      await page.reload();
      await expect.poll(() => page.getByTestId('lead-mobile').count(), { timeout: 15_000 }).toBe(9);
      await expect.poll(() => page.getByText(shown).count()).toBe(0);
      const csv = await (await fetch(`${server.url}/api/exhibitor/leads/export.csv`, { headers: { Authorization: `Bearer ${ownerToken}` } })).text();
      expect(csv.split('\r\n').filter(Boolean)).toHaveLength(21);
      expect(csv).not.toContain(shown);

      // Every screen at the four widths.
      for (const width of [390, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
        for (const [name, path] of [
          ['scan', '/exhibitor/scan'],
          ['leads', '/exhibitor/leads'],
        ] as const) {
          await page.goto(`${server.url}${path}`);
          await page.getByRole('heading', { level: 2 }).first().waitFor();
          await page.waitForTimeout(300);
          await page.screenshot({ path: join(shots, `exhibitor-${name}-${width}.png`) });
        }
      }
      // The organiser's view: the stall's leads and consent rate now, beside its payment status.
      const report = (await api<{ data: { exhibitorLeads: Array<Record<string, unknown>> } }>(server.url, admin, 'GET', `/reports?eventId=${eventId}`)).body
        .data.exhibitorLeads;
      expect(report[0]).toMatchObject({ name: 'Aparna Constructions', stallNumber: 'A-12', leads: 20, shared: 9 });
      await useToken(page, server.url, admin);
      for (const width of [390, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}/panel/reports`);
        const card = page.getByTestId('report-exhibitor-leads');
        await card.waitFor({ timeout: 30_000 });
        await expect.poll(() => card.textContent()).toContain('Aparna Constructions');
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, `organiser-leads-report-${width}.png`) });
      }
    } finally {
      await phone.close();
      await other.close();
    }
  }, 240_000);

  it("a staff phone its owner revokes wipes the scans waiting on it and says so; the organiser's Devices screen names its stall", async () => {
    const [featured] = (await api<{ data: { items: Array<{ id: string }> } }>(server.url, admin, 'GET', '/events?sort=isFeatured&order=desc&limit=1')).body.data
      .items;
    const eventId = featured!.id;
    const owner = '9876511011';
    const stall = await api<{ data: { id: string } }>(server.url, admin, 'POST', '/stalls', {
      eventId,
      companyName: 'Ramky Estates',
      contactPersonName: 'Ramesh',
      email: 'ramesh@ramky.in',
      mobileNumber: owner,
      stallNumber: 'C-07',
      status: 'confirmed',
    });
    expect((await api(server.url, admin, 'POST', '/exhibitors', { stallId: stall.body.data.id })).status).toBe(201);
    const ownerToken = await portalSignIn(owner);
    const staffNumber = '9876511012';
    expect((await api(server.url, ownerToken, 'POST', '/exhibitor/staff', { name: 'Lakshmi', mobileNumber: staffNumber })).status).toBe(201);
    const staffToken = await portalSignIn(staffNumber);
    const visitor = await api<{ data: { passCode: string } }>(server.url, admin, 'POST', '/visitors', {
      eventId,
      fullName: 'Buyer on a lost phone',
      mobileNumber: '9848020001',
    });
    expect(visitor.status).toBe(201);

    const lost = await portalPhone(staffToken, '/exhibitor/scan');
    const ownerPhone = await portalPhone(ownerToken, '/exhibitor/team');
    try {
      // The staff phone signed in as a device on opening the portal: the owner's team lists it, with Revoke.
      await expect.poll(() => waiting(lost), { timeout: 30_000 }).toBe('0');
      const lakshmi = ownerPhone.page.getByRole('listitem').filter({ hasText: 'Lakshmi' });
      await ownerPhone.page.reload();
      await lakshmi.getByTestId('team-phone').waitFor({ timeout: 15_000 });
      await ownerPhone.page.screenshot({ path: join(shots, 'exhibitor-team-phones-390.png'), fullPage: true });

      // A scan waits on the phone (offline) when the owner revokes it.
      await lost.context.setOffline(true);
      const box = lost.page.getByLabel('Pass code (a scanner types it here)');
      await box.fill(visitor.body.data.passCode);
      await box.press('Enter');
      await expect.poll(() => waiting(lost)).toBe('1');
      await lakshmi.getByRole('button', { name: 'Revoke' }).click();
      await ownerPhone.page.getByTestId('confirm-action').click();
      await ownerPhone.page.getByText('Revoked. The phone is signed out and wipes its leads.').waitFor();
      await lakshmi.getByText('Not signed in').waitFor();

      // Back online, its batch is refused (403 device: revoked): it wipes the waiting scan and says it was revoked.
      await lost.context.setOffline(false);
      await lost.page.getByTestId('phone-revoked').waitFor({ timeout: 30_000 });
      const outbox = await lost.page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('eventpro');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const read = open.result.transaction('checkinOutbox').objectStore('checkinOutbox').count();
              read.onsuccess = () => resolve(read.result);
              read.onerror = () => reject(read.error);
            };
          }),
      );
      expect(outbox).toBe(0);
      await lost.page.screenshot({ path: join(shots, 'exhibitor-phone-revoked-390.png') });
      const leadsNow = await api<{ data: { leads: number } }>(server.url, ownerToken, 'GET', '/exhibitor/leads');
      expect(leadsNow.body.data.leads).toBe(0);

      // The organiser's Devices screen: the phone under its stall, revoked by the owner; a card a device at 390 px.
      const { page } = ownerPhone;
      await useToken(page, server.url, admin);
      for (const width of [390, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}/panel/checkin/devices`);
        await page.getByText('Show revoked and replaced').click();
        const row = page.getByTestId('device-row').filter({ hasText: 'Stall C-07, Ramky Estates' }).filter({ hasText: 'Lakshmi' });
        await row.waitFor({ timeout: 30_000 });
        expect(await row.getAttribute('data-revoked')).toBe('yes');
        expect(await row.textContent()).toContain('by Ramesh');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `horizontal overflow at ${width}`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(shots, `organiser-devices-${width}.png`), fullPage: true });
      }
    } finally {
      await lost.close();
      await ownerPhone.close();
    }
  }, 240_000);
});
