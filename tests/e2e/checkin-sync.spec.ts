// The venue door's sync, proved in real browsers: two devices offline, a lost answer, a token that expires offline.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDevice } from './browser';
import { checkIn, featuredEventId, localStates, openCheckin, type Seeded, seedVisitors, staffLogin, waitForEmptyOutbox } from './checkin-helpers';
import { api, apiLogin, useToken } from './panel-helpers';

const baseUrl = inject('baseUrl');
const adminEmail = inject('adminEmail');
const adminPassword = inject('adminPassword');

type Device = Awaited<ReturnType<typeof openDevice>>;
const tag = Date.now().toString(36);
let adminToken: string;
let staff: Awaited<ReturnType<typeof staffLogin>>;
let eventId: string;
let people: Seeded[];
let a: Device;
let b: Device;

async function history(id: string) {
  const { body } = await api<{ data: Array<{ operationId: string; outcome: string }> }>(baseUrl, adminToken, 'GET', `/visitors/${id}/history`);
  return body.data;
}

beforeAll(async () => {
  adminToken = await apiLogin(baseUrl, adminEmail, adminPassword);
  staff = await staffLogin(baseUrl, adminToken, tag);
  eventId = await featuredEventId(baseUrl, adminToken);
  people = await seedVisitors(baseUrl, adminToken, eventId, tag, 130);
  [a, b] = await Promise.all([openDevice({ viewport: { width: 820, height: 1180 } }), openDevice({ viewport: { width: 412, height: 915 } })]);
  await Promise.all([useToken(a.page, baseUrl, staff.token), useToken(b.page, baseUrl, staff.token)]);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('venue check-in sync', () => {
  it('two devices offline: 100 people checked in, 20 on both, reloads midway → one status each, 120 log entries, both converge', async () => {
    const crowd = people.slice(0, 100);
    await Promise.all([openCheckin(a.page, baseUrl, 130), openCheckin(b.page, baseUrl, 130)]);
    for (const d of [a, b]) await d.page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });

    await Promise.all([a.context.setOffline(true), b.context.setOffline(true)]);
    await a.page.getByTestId('sync-online').filter({ hasText: 'Offline' }).waitFor();
    const forA = crowd.slice(0, 60); // 0..59
    const forB = crowd.slice(40, 100); // 40..99: 40..59 on both devices
    const run = async (d: Device, list: Seeded[]) => {
      for (const [i, person] of list.entries()) {
        if (i === 30) {
          // Midway: the page reloads offline (service worker + IndexedDB); nothing waiting is lost.
          await d.page.reload();
          await d.page.waitForFunction(() => Number(document.querySelector('[data-testid="roster-size"]')?.getAttribute('data-count')) >= 130);
          await d.page.waitForFunction(() => document.querySelector('[data-testid="sync-bar"]')?.getAttribute('data-waiting') === '30');
        }
        await checkIn(d.page, person);
      }
    };
    await Promise.all([run(a, forA), run(b, forB)]);
    for (const d of [a, b]) expect(await d.page.getByTestId('sync-bar').getAttribute('data-waiting')).toBe('60');

    // Already checked in on this device: a clear warning, not a second check-in.
    await a.page.getByTestId('checkin-search').fill(forA[0]!.passCode);
    await a.page.getByTestId('checkin-search').press('Enter');
    await a.page.getByTestId('already-checked-in').filter({ hasText: 'this device' }).waitFor();
    expect(await a.page.getByTestId('card-action').count()).toBe(0);

    await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
    await Promise.all([waitForEmptyOutbox(a.page), waitForEmptyOutbox(b.page)]);

    const listed = await api<{ data: { total: number } }>(
      baseUrl,
      adminToken,
      'GET',
      `/visitors?eventId=${eventId}&status=checked_in&q=${encodeURIComponent(`Door ${tag}`)}&limit=1`,
    );
    expect(listed.body.data.total).toBe(100);
    const logs = await Promise.all(crowd.map((p) => history(p.id)));
    expect(logs.reduce((n, log) => n + log.length, 0)).toBe(120);
    for (const log of logs) expect(new Set(log.map((e) => e.operationId)).size).toBe(log.length);

    // Both devices pull the other's changes and hold exactly the server's state.
    for (const d of [a, b]) {
      await d.page.getByRole('button', { name: 'Sync now' }).click();
      await d.page.getByRole('button', { name: 'Sync now' }).waitFor();
      await waitForEmptyOutbox(d.page);
    }
    const server = await Promise.all(
      crowd.map(async (p) => (await api<{ data: { status: string; statusDeviceId: string } }>(baseUrl, adminToken, 'GET', `/visitors/${p.id}`)).body.data),
    );
    await expect
      .poll(
        async () => {
          const [la, lb] = await Promise.all([
            localStates(
              a.page,
              crowd.map((p) => p.id),
            ),
            localStates(
              b.page,
              crowd.map((p) => p.id),
            ),
          ]);
          return crowd.every((p, i) => {
            const s = server[i]!;
            return [la, lb].every((l) => l[p.id]?.status === s.status && l[p.id]?.statusDeviceId === s.statusDeviceId);
          });
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(a.problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
  });

  it('a batch whose answer is lost is sent again: no duplicates; a walk-in made offline reaches the server', async () => {
    const { page, context } = a;
    const three = people.slice(100, 103);
    await context.setOffline(true);
    for (const person of three) await checkIn(page, person);
    const walkInName = `Walk ${tag} Inez`;
    await page.getByRole('button', { name: 'Walk-in' }).click();
    await page.getByLabel('Full name').fill(walkInName);
    await page.getByLabel('Mobile number').fill('9123456780');
    await page.getByRole('button', { name: 'Register at venue' }).click();
    await page.getByTestId('person-card').getByRole('heading', { name: walkInName }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="sync-bar"]')?.getAttribute('data-waiting') === '4');

    // The server commits the batch, but its answer never reaches the device.
    let dropped = 0;
    let taken = false;
    await page.route('**/api/checkin/ops', async (route) => {
      if (taken) return route.continue();
      taken = true;
      await route.fetch(); // committed on the server…
      await route.abort('connectionreset'); // …but the answer is lost
      dropped++;
    });
    await context.setOffline(false);
    await expect.poll(() => dropped, { timeout: 15_000 }).toBe(1);
    for (const person of three) expect((await history(person.id)).length).toBe(1); // committed once
    await page.unroute('**/api/checkin/ops');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await waitForEmptyOutbox(page);
    for (const person of three) {
      const log = await history(person.id);
      expect(log.length).toBe(1);
      expect(log[0]!.outcome).toBe('applied');
    }
    const walkIns = await api<{ data: { items: Array<{ status: string; passCode: string }> } }>(
      baseUrl,
      adminToken,
      'GET',
      `/visitors?q=${encodeURIComponent(walkInName)}`,
    );
    expect(walkIns.body.data.items).toHaveLength(1);
    expect(walkIns.body.data.items[0]!.status).toBe('registered_at_venue');
    // The device learnt the pass code the server made.
    await page
      .getByTestId('person-card')
      .filter({ hasText: `Pass ${walkIns.body.data.items[0]!.passCode}` })
      .waitFor();
  });

  it('a token that expires while offline keeps the outbox; it is delivered after the next login', async () => {
    const { page, context } = b;
    const two = people.slice(110, 112);
    await context.setOffline(true);
    for (const person of two) await checkIn(page, person);
    await page.evaluate(() => localStorage.removeItem('eventpro.token')); // the session ends
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Sync now' }).click();
    // The door stays (it works from the device's roster) and offers the sign-in.
    await page.getByTestId('sign-in-to-send').filter({ hasText: 'Sign in to send 2 waiting changes' }).waitFor();
    expect(await page.getByTestId('sync-bar').getAttribute('data-waiting')).toBe('2');
    for (const person of two) expect(await history(person.id)).toHaveLength(0);

    await page.goto(`${baseUrl}/panel/checkin`); // the guard sends the staff member to the login
    await page.getByLabel(/email/i).fill(staff.email);
    await page.getByLabel(/password/i).fill(staff.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Venue Check-in', level: 1 }).waitFor();
    await waitForEmptyOutbox(page);
    for (const person of two) expect(await history(person.id)).toHaveLength(1);
  });
});
