// The venue door when the browser's site data is cleared under an open page with changes waiting: the
// page stays up and says what was lost, and the dashboard stops counting what that device held; and when
// IndexedDB alone is wiped with no page open, the next device retires the old one at its sign-in.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Device, openDevice } from './browser';
import { checkIn, deviceIdOf, featuredEventId, openCheckin, type Seeded, seedVisitors, staffLogin } from './checkin-helpers';
import { api, apiLogin, useToken } from './panel-helpers';

const baseUrl = inject('baseUrl');
const SHOTS = process.env.DOOR_SHOTS_DIR ?? join(import.meta.dirname, '../../.data/door-screenshots');
const tag = `loss${Date.now().toString(36)}`;
let adminToken: string;
let eventId: string;
let people: Seeded[];
let gate: Device;
let staff: Awaited<ReturnType<typeof staffLogin>>;

type Counts = { waiting: { operations: number; devices: Array<{ deviceId: string; waiting: number; stale: boolean }> } };
const counts = async () => (await api<{ data: Counts }>(baseUrl, adminToken, 'GET', `/checkin/counts?eventId=${eventId}`)).body.data;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  adminToken = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
  eventId = await featuredEventId(baseUrl, adminToken);
  people = await seedVisitors(baseUrl, adminToken, eventId, tag, 8);
  staff = await staffLogin(baseUrl, adminToken, tag);
  gate = await openDevice({ viewport: { width: 820, height: 1180 } });
  await useToken(gate.page, baseUrl, staff.token);
}, 120_000);

/** The organiser's screens opened by the test. */
const desks: Device[] = [];

afterAll(async () => {
  await gate?.close();
  for (const desk of desks) await desk.close();
});

describe('site data cleared at the door', () => {
  it('with 5 changes waiting: no crash, the page names what was lost, and the dashboard stops counting them', async () => {
    const { page, context } = gate;
    await openCheckin(page, baseUrl, 8);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });
    const deviceId = await deviceIdOf(page);

    // The server takes reports but not operations (a hiccup): five check-ins wait on the device, which says so.
    await context.route('**/api/checkin/ops', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Service unavailable' }) }),
    );
    const lost = people.slice(0, 5);
    for (const person of lost) await checkIn(page, person);
    await expect.poll(async () => (await counts()).waiting.devices.find((d) => d.deviceId === deviceId)?.waiting, { timeout: 30_000 }).toBe(5);
    // The organiser's dashboard lists the tablet with its 5 waiting.
    const desk = await openDevice({ viewport: { width: 1280, height: 900 } });
    desks.push(desk);
    await useToken(desk.page, baseUrl, adminToken);
    await desk.page.goto(`${baseUrl}/panel/dashboard`);
    const liveRow = desk.page.locator(`[data-testid="live-devices"] [data-device="${deviceId}"]`);
    await liveRow.filter({ hasText: '5 waiting' }).waitFor({ timeout: 30_000 });

    // Site data cleared (as Chrome's "Clear site data" does: storage, caches, the login) while the page stays open.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'all' });

    // No crash: the door stays, offers a sign-in, and says which changes were lost and who made them.
    await page.getByTestId('sign-in-to-send').waitFor({ timeout: 30_000 });
    const notice = page.getByTestId('storage-loss');
    await notice.waitFor({ timeout: 30_000 });
    await expect.poll(() => notice.getByRole('heading').innerText()).toContain('5 changes made on this device never reached the server and are lost');
    await notice.getByText('Which ones').click();
    for (const person of lost) await notice.getByText(new RegExp(`${person.name}`)).waitFor();
    expect(await notice.innerText()).toContain(`by Door Staff ${tag}`);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(gate.problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);

    // The dashboard drops the old device once someone logs in on this page again: the page says it was
    // replaced on this browser (with a ticket of it the page still knows), and its storage holds nothing.
    await context.unroute('**/api/checkin/ops');
    await page.getByTestId('sign-in-to-send').getByRole('link').click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Venue Check-in', level: 1 }).waitFor();
    await expect.poll(async () => (await counts()).waiting.devices.some((d) => d.deviceId === deviceId), { timeout: 30_000 }).toBe(false);
    const listed = (await api<{ data: { items: Array<{ deviceId: string; replacedAt: string | null }> } }>(baseUrl, adminToken, 'GET', '/checkin/devices')).body
      .data.items;
    expect(listed.find((d) => d.deviceId === deviceId)?.replacedAt).toEqual(expect.any(String));
    // The dashboard's live devices follow on their next refresh (every 15 s).
    await liveRow.waitFor({ state: 'detached', timeout: 30_000 });
    expect((await counts()).waiting.devices.find((d) => d.deviceId === deviceId)).toBeUndefined();

    // The notice stays on the door screen, across a reload, until it is dismissed; the door works on.
    await page.getByTestId('storage-loss').waitFor();
    await page.reload();
    await page.getByTestId('storage-loss').waitFor();
    await page.getByTestId('storage-loss').getByRole('button', { name: 'Dismiss' }).click();
    expect(await page.getByTestId('storage-loss').count()).toBe(0);
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="roster-size"]')?.getAttribute('data-count')) >= n, 8, { timeout: 30_000 });
    await checkIn(page, people[6]!);
  }, 120_000);

  it('IndexedDB wiped with no page open: the next device names the old one at its sign-in, which retires it from the dashboard', async () => {
    const tablet = await openDevice({ viewport: { width: 820, height: 1180 } });
    desks.push(tablet);
    await useToken(tablet.page, baseUrl, staff.token);
    await openCheckin(tablet.page, baseUrl, 8);
    const oldId = await deviceIdOf(tablet.page);
    const ticket = await lastTicket(tablet);
    // Every page closed first: the door reports after each sync, and a report of its own (0 waiting) landing
    // after this one would replace it (CI once saw "0" below).
    await tablet.page.goto(`${baseUrl}/robots.txt`);
    expect((await api(baseUrl, staff.token, 'POST', '/checkin/report', { deviceId: oldId, eventId, waiting: 3, author: ticket })).status).toBe(200);
    await expect.poll(async () => (await counts()).waiting.devices.some((d) => d.deviceId === oldId), { timeout: 30_000 }).toBe(true);

    // Then IndexedDB alone is wiped (as the browser's eviction does); the login stays.
    const cdp = await tablet.context.newCDPSession(tablet.page);
    await cdp.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'indexeddb' });

    // The door opens as a new device: its sign-in names the old one, which leaves the live devices at once.
    await openCheckin(tablet.page, baseUrl, 8);
    const newId = await deviceIdOf(tablet.page);
    expect(newId).not.toBe(oldId);
    const listed = async () =>
      (await api<{ data: { items: Array<{ deviceId: string; name: string; replacedBy: string | null }> } }>(baseUrl, adminToken, 'GET', '/checkin/devices'))
        .body.data.items;
    await expect.poll(async () => (await listed()).find((d) => d.deviceId === oldId)?.replacedBy, { timeout: 30_000 }).toBe(newId);
    expect((await counts()).waiting.devices.some((d) => d.deviceId === oldId)).toBe(false);
    expect(tablet.problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);

    // The organiser's Devices screen says which device replaced which, and does not count the old one's 3 waiting.
    const devices = await listed();
    const label = (id: string) => {
      const device = devices.find((d) => d.deviceId === id)!;
      return device.name || `Unnamed (${id.slice(0, 8)})`;
    };
    const desk = await openDevice({ viewport: { width: 1280, height: 900 } });
    desks.push(desk);
    await useToken(desk.page, baseUrl, adminToken);
    for (const width of [390, 768, 1024, 1280]) {
      await desk.page.setViewportSize({ width, height: 900 });
      await desk.page.goto(`${baseUrl}/panel/checkin/devices`);
      const newRow = desk.page.locator(`[data-testid="device-row"][data-device="${newId}"]`);
      await newRow
        .getByTestId('device-replaces')
        .filter({ hasText: `Replaces ${label(oldId)}` })
        .waitFor({ timeout: 30_000 });
      // The old device is history: listed only on request, and then as replaced by the new one.
      const oldRow = desk.page.locator(`[data-testid="device-row"][data-device="${oldId}"]`);
      expect(await oldRow.count()).toBe(0);
      await desk.page.getByText('Show revoked and replaced').click();
      await oldRow
        .getByTestId('device-replaced-by')
        .filter({ hasText: `Replaced by ${label(newId)}` })
        .waitFor();
      expect(await oldRow.getAttribute('data-replaced')).toBe('yes');
      expect(await oldRow.locator('td[data-label="Waiting"]').innerText()).toContain('3 (lost)');
      const overflow = await desk.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${width}`).toBeLessThanOrEqual(0);
      await desk.page.screenshot({ path: join(SHOTS, `devices-${width}-replaced.png`), fullPage: true });
    }
  }, 120_000);
});

/** The author ticket this browser last kept outside IndexedDB (what the next device names the old one with). */
async function lastTicket(device: Device): Promise<string> {
  await device.page.waitForFunction(() => localStorage.getItem('eventpro.checkin.device'), null, { timeout: 30_000 });
  return device.page.evaluate(() => (JSON.parse(localStorage.getItem('eventpro.checkin.device')!) as { author: string }).author);
}
