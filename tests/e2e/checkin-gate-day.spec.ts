// A real day at the gate, in real Chromium: an organiser's hold against a late offline scan, a tablet whose
// login lapses while it works, and a lost tablet an organiser revokes from the Devices screen.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Device, openDevice } from './browser';
import { deviceIdOf, featuredEventId, openCheckin, type Seeded, seedGuest, seedVisitors, staffLogin, waitForEmptyOutbox } from './checkin-helpers';
import { api, apiLogin, confirmInApp, useToken } from './panel-helpers';

const baseUrl = inject('baseUrl');
const tag = `d${Date.now().toString(36)}`;
const SHOTS = process.env.DOOR_SHOTS_DIR ?? join(import.meta.dirname, '../../.data/door-screenshots');
const PHONE = { width: 390, height: 844 };

let adminToken: string;
let eventId: string;
let people: Seeded[];
const devices: Device[] = [];

/** A phone at the door, signed in as a new staff member. */
async function doorPhone(suffix: string) {
  const staff = await staffLogin(baseUrl, adminToken, `${tag}${suffix}`);
  const device = await openDevice({ viewport: PHONE });
  devices.push(device);
  await useToken(device.page, baseUrl, staff.token);
  return { ...device, staff };
}

async function scan(page: Page, code: string) {
  const box = page.getByTestId('checkin-search');
  await box.focus();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

const rosterSize = (page: Page) => page.getByTestId('roster-size').getAttribute('data-count').then(Number);

/** The people and pages of roster kept in the device's IndexedDB. */
const rosterLeft = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('eventpro');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['rosterPeople', 'rosterChunks'], 'readonly');
          const a = tx.objectStore('rosterPeople').count();
          const b = tx.objectStore('rosterChunks').count();
          tx.oncomplete = () => resolve(a.result + b.result);
        };
      }),
  );

async function statusOf(resource: string, id: string) {
  return (await api<{ data: { status: string } }>(baseUrl, adminToken, 'GET', `/${resource}/${id}`)).body.data.status;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  adminToken = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
  eventId = await featuredEventId(baseUrl, adminToken);
  people = await seedVisitors(baseUrl, adminToken, eventId, tag, 6);
}, 60_000);

afterAll(async () => {
  for (const device of devices) await device.close();
});

describe('a real day at the gate', () => {
  it('a VIP an organiser set "not attending" stays so against a late offline scan: held in the inbox, and the door refuses the pass', async () => {
    const vip = await seedGuest(baseUrl, adminToken, eventId, `VIP ${tag} Held`);
    const gate = await doorPhone('vip');
    await openCheckin(gate.page, baseUrl, people.length + 1);
    await gate.context.setOffline(true);
    // Meanwhile, at the desk, the organiser sets the VIP not attending.
    expect((await api(baseUrl, adminToken, 'PUT', `/guests/${vip.id}/status`, { status: 'not_attending' })).status).toBe(200);
    // The tablet, offline, never heard: its scan admits on the device.
    await scan(gate.page, vip.passCode);
    await gate.page.locator('[data-testid="person-card"][data-status="checked_in"]').getByRole('heading', { name: vip.name }).waitFor();
    await gate.context.setOffline(false);
    await waitForEmptyOutbox(gate.page);
    expect(await statusOf('guests', vip.id)).toBe('not_attending');
    const inbox = await api<{ data: { items: Array<{ recordId: string; heldBecause: string }>; counts: { decision: number } } }>(
      baseUrl,
      adminToken,
      'GET',
      `/checkin/conflicts?eventId=${eventId}&view=decision&recordId=${vip.id}`,
    );
    expect(inbox.body.data.items).toEqual([expect.objectContaining({ recordId: vip.id, heldBecause: 'hold' })]);
    // The device took the server's answer: the next read of the pass is refused, with no big action.
    await gate.page.waitForTimeout(3100); // past the double-read window
    await scan(gate.page, vip.passCode);
    await gate.page.getByTestId('refused-pass').filter({ hasText: 'not attending' }).waitFor();
    await gate.page.locator('[data-testid="door-flash"][data-tone="bad"]').filter({ hasText: 'Refused' }).waitFor({ state: 'attached' });
    expect(await gate.page.getByTestId('card-action').count()).toBe(0);
    // Door staff cannot lift the hold by hand either.
    expect(await gate.page.getByText('Other status').count()).toBe(0);
    await gate.page.screenshot({ path: join(SHOTS, 'door-390-vip-refused.png') });
  }, 60_000);

  it('a login that lapses while the door works: the door stays, says "Sign in to send N waiting changes", and sends them after the sign-in', async () => {
    const gate = await doorPhone('lapse');
    const { page } = gate;
    await openCheckin(page, baseUrl, people.length);
    await gate.context.setOffline(true);
    for (const person of people.slice(0, 3)) {
      await scan(page, person.passCode);
      await page.locator('[data-testid="person-card"][data-status="checked_in"]').getByRole('heading', { name: person.name }).waitFor();
    }
    // The session ends while the tablet is away (its 12 hours ran out, or it was ended on the server).
    const me = await api<{ data: { id: string } }>(baseUrl, gate.staff.token, 'GET', '/auth/me');
    expect(me.status).toBe(200);
    expect((await api(baseUrl, gate.staff.token, 'POST', '/auth/logout-everywhere')).status).toBe(200);
    await gate.context.setOffline(false);
    await page.getByRole('button', { name: 'Sync now' }).click();
    const notice = page.getByTestId('sign-in-to-send');
    await notice.filter({ hasText: 'Sign in to send 3 waiting changes' }).waitFor({ timeout: 20_000 });
    // Still the door, still admitting from the device's roster.
    expect(page.url()).toBe(`${baseUrl}/panel/checkin`);
    await scan(page, people[3]!.passCode);
    await page.locator('[data-testid="person-card"][data-status="checked_in"]').getByRole('heading', { name: people[3]!.name }).waitFor();
    await notice.filter({ hasText: 'Sign in to send 4 waiting changes' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'door-390-signed-out.png') });

    await notice.getByRole('link').click();
    await page.getByLabel(/email/i).fill(gate.staff.email);
    await page.getByLabel(/password/i).fill(gate.staff.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/panel/checkin`);
    await waitForEmptyOutbox(page);
    for (const person of people.slice(0, 4)) expect(await statusOf('visitors', person.id)).toBe('checked_in');
    expect(await page.getByTestId('sign-in-to-send').count()).toBe(0);
  }, 90_000);

  it('a lost tablet revoked on the Devices screen: its next contact wipes its roster and says so; a change it made after the revocation is held', async () => {
    const gate = await doorPhone('lost');
    const { page } = gate;
    await openCheckin(page, baseUrl, people.length);
    expect(await rosterSize(page)).toBeGreaterThanOrEqual(people.length);
    const deviceId = await deviceIdOf(page);

    // The organiser revokes it from the Devices screen.
    const desk = await openDevice({ viewport: { width: 1280, height: 800 } });
    devices.push(desk);
    await useToken(desk.page, baseUrl, adminToken);
    await desk.page.goto(`${baseUrl}/panel/checkin/devices`);
    const row = desk.page.locator(`[data-testid="device-row"][data-device="${deviceId}"]`);
    await row.waitFor();
    await row.getByTestId('revoke-device').click();
    await confirmInApp(desk.page);
    await desk.page.locator(`[data-testid="device-row"][data-device="${deviceId}"]`).waitFor({ state: 'detached' });
    await desk.page.getByText('Show revoked').click();
    await row.filter({ hasText: 'Revoked' }).waitFor();
    await desk.page.screenshot({ path: join(SHOTS, 'devices-1280-revoked.png') });

    // The thief, offline, admits someone; then the tablet is online again with a fresh staff login.
    await gate.context.setOffline(true);
    await scan(page, people[5]!.passCode);
    await page.locator('[data-testid="person-card"][data-status="checked_in"]').getByRole('heading', { name: people[5]!.name }).waitFor();
    await useToken(page, baseUrl, await apiLogin(baseUrl, gate.staff.email, gate.staff.password));
    await gate.context.setOffline(false);
    await page.goto(`${baseUrl}/panel/checkin`);
    await page.getByTestId('device-revoked').getByRole('heading', { name: 'This device was revoked' }).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: join(SHOTS, 'door-390-revoked.png') });
    // Nothing of the roster is left on the device.
    expect(await rosterLeft(page)).toBe(0);
    // The change made after the revocation reached the server and waits for a decision; the person is not in.
    expect(await statusOf('visitors', people[5]!.id)).toBe('registered_online');
    const held = await api<{ data: { items: Array<{ heldBecause: string }> } }>(
      baseUrl,
      adminToken,
      'GET',
      `/checkin/conflicts?eventId=${eventId}&view=decision&deviceId=${deviceId}`,
    );
    expect(held.body.data.items.map((item) => item.heldBecause)).toEqual(['revoked']);
  }, 90_000);

  it('a revoked tablet with nothing waiting: its signed roster pulls are refused 403, and it wipes its roster', async () => {
    const gate = await doorPhone('idle');
    const { page } = gate;
    const pulls: Array<{ signed: boolean; ticket: boolean; status: number }> = [];
    page.on('response', (response) => {
      if (!response.url().includes('/api/checkin/roster')) return;
      const headers = response.request().headers();
      pulls.push({ signed: !!headers['x-device-signature'], ticket: !!headers['x-author-ticket'], status: response.status() });
    });
    await openCheckin(page, baseUrl, people.length);
    expect(await rosterLeft(page)).toBeGreaterThan(0);
    // Every page of the roster came to a pull signed with the device's key, under its ticket.
    expect(pulls.length).toBeGreaterThan(0);
    expect(pulls.every((p) => p.signed && p.ticket && p.status === 200)).toBe(true);
    const deviceId = await deviceIdOf(page);
    expect((await api(baseUrl, adminToken, 'POST', `/checkin/devices/${deviceId}/revoke`, {})).status).toBe(200);

    // The revocation ended its session; on the next staff login its pulls (nothing waits to be sent; its
    // device sign-in, made beside them, is refused too) get no roster, and it wipes.
    pulls.length = 0;
    await useToken(page, baseUrl, await apiLogin(baseUrl, gate.staff.email, gate.staff.password));
    await page.goto(`${baseUrl}/panel/checkin`);
    await page.getByTestId('device-revoked').getByRole('heading', { name: 'This device was revoked' }).waitFor({ timeout: 20_000 });
    expect(pulls.every((p) => p.signed && p.ticket && p.status === 403)).toBe(true);
    expect(await rosterLeft(page)).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'door-390-revoked-on-pull.png') });
  }, 90_000);

  it('kiosk mode: with a PIN set, leaving the door, its settings and "Confirm each person" ask for it; scans do not', async () => {
    const gate = await doorPhone('kiosk');
    const { page } = gate;
    await openCheckin(page, baseUrl, people.length);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByTestId('door-pin-setting').fill('4826');
    await page.getByRole('button', { name: 'Set PIN' }).click();
    await page.getByRole('button', { name: 'Change PIN' }).waitFor();
    await openCheckin(page, baseUrl, people.length); // a new page: the PIN stays with the device

    // The gate works as ever: a scan admits (the person was admitted earlier in this spec: a second entry).
    await scan(page, people[0]!.passCode);
    await page.getByTestId('person-card').getByRole('heading', { name: people[0]!.name }).waitFor();
    // Settings and the switch ask for the PIN; a wrong one is refused.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const pin = page.getByTestId('door-pin-input');
    await pin.fill('1111');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Wrong PIN').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('door-hide-personal').isVisible()).toBe(false);
    await page.getByTestId('confirm-each').click();
    await pin.waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('confirm-each').isChecked()).toBe(false);
    await page.screenshot({ path: join(SHOTS, 'door-390-kiosk-settings.png') });
    // Leaving for the panel asks too; the right PIN lets it through.
    await page.getByTestId('door-to-panel').click();
    await pin.fill('4826');
    await page.screenshot({ path: join(SHOTS, 'door-390-kiosk-pin.png') });
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.waitForURL(`${baseUrl}/panel/dashboard`);
  }, 60_000);
});
