// The venue door ordered by cause, not by clock, with stated authors and tabs that see each other's
// changes (docs/checkin-sync.md): what staff at a crowded gate on patchy Wi-Fi would notice.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openDevice } from './browser';
import {
  checkIn,
  featuredEventId,
  localStates,
  openCard,
  openCheckin,
  type Seeded,
  seedGuest,
  seedVisitors,
  staffLogin,
  tapAction,
  waitForEmptyOutbox,
} from './checkin-helpers';
import { apiDevice } from './door-device';
import { api, apiLogin, confirmInApp, useToken } from './panel-helpers';
import { permutations } from '../support/permutations';

const baseUrl = inject('baseUrl');
const adminEmail = inject('adminEmail');
const adminPassword = inject('adminPassword');

const tag = `c${Date.now().toString(36)}`;
let adminToken: string;
let eventId: string;
let people: Seeded[];
let staff1: Awaited<ReturnType<typeof staffLogin>>;
let staff2: Awaited<ReturnType<typeof staffLogin>>;

interface LogEntry {
  toStatus: string;
  outcome: string;
  changedByName: string;
  deviceName: string | null;
  operationId: string;
  conflictWithOperationId: string | null;
  /** The device's time corrected by its measured offset, never later than the arrival (`createdAt`). */
  deviceTime: string | null;
  /** What the device's clock said. */
  claimedDeviceTime: string | null;
  createdAt: string;
}
const history = async (resource: string, id: string) => (await api<{ data: LogEntry[] }>(baseUrl, adminToken, 'GET', `/${resource}/${id}/history`)).body.data;
const serverStatus = async (resource: string, id: string) =>
  (await api<{ data: { status: string } }>(baseUrl, adminToken, 'GET', `/${resource}/${id}`)).body.data.status;

interface Conflict {
  recordId: string;
  why: string;
  change: { deviceName: string; outcome: string };
}
/** The organiser's conflict inbox for the event. */
/** The conflict inbox of the event, all of it: held for a decision and settled by the door's rule. */
const conflicts = async () => {
  const view = async (name: string) =>
    (await api<{ data: { items: Conflict[] } }>(baseUrl, adminToken, 'GET', `/checkin/conflicts?eventId=${eventId}&view=${name}&limit=100`)).body.data.items;
  return [...(await view('decision')), ...(await view('settled'))];
};

/** The device's page clock runs `skewMs` ahead of the real one (a tablet whose clock is wrong). */
async function skewClock(page: Page, skewMs: number) {
  await page.addInitScript((skew) => {
    const Real = Date;
    class Skewed extends Real {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(Real.now() + skew);
        else super(...(args as [string]));
      }
      static override now() {
        return Real.now() + skew;
      }
    }
    (globalThis as { Date: DateConstructor }).Date = Skewed as DateConstructor;
  }, skewMs);
}

const waitForSw = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });

/** Staff name the tablet in its settings; the name goes with every change it sends. */
async function nameDevice(page: Page, name: string) {
  const field = page.getByTestId('device-name');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await field.fill(name);
  await field.press('Enter');
  await page.getByRole('button', { name: 'Save name' }).and(page.locator('[disabled]')).waitFor();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
}

beforeAll(async () => {
  adminToken = await apiLogin(baseUrl, adminEmail, adminPassword);
  eventId = await featuredEventId(baseUrl, adminToken);
  staff1 = await staffLogin(baseUrl, adminToken, `${tag}a`);
  staff2 = await staffLogin(baseUrl, adminToken, `${tag}b`);
  people = await seedVisitors(baseUrl, adminToken, eventId, tag, 8);
}, 60_000);

describe('the door ordered by cause', () => {
  it('an offline walk-in, then checked in on the same device: checked in on the server, one log entry each, the card does not revert', async () => {
    const tablet = await openDevice({ viewport: { width: 820, height: 1180 } });
    try {
      const { page, context } = tablet;
      await useToken(page, baseUrl, staff1.token);
      await openCheckin(page, baseUrl, people.length);
      await waitForSw(page);
      await nameDevice(page, `Desk tablet ${tag}`);
      await context.setOffline(true);
      const name = `Walk ${tag} Ravi`;
      await page.getByRole('button', { name: 'Walk-in' }).click();
      await page.getByLabel('Full name').fill(name);
      await page.getByLabel('Mobile number').fill('9123456781');
      await page.getByRole('button', { name: 'Register at venue' }).click();
      const card = page.getByTestId('person-card');
      await card.getByRole('heading', { name }).waitFor();
      await card.getByTestId('card-action').filter({ hasText: 'Check in' }).click();
      await page.locator('[data-testid="person-card"][data-status="checked_in"]').waitFor();

      await context.setOffline(false);
      await waitForEmptyOutbox(page);
      const found = await api<{ data: { items: Array<{ id: string; status: string }> } }>(
        baseUrl,
        adminToken,
        'GET',
        `/visitors?q=${encodeURIComponent(name)}`,
      );
      expect(found.body.data.items).toHaveLength(1);
      const id = found.body.data.items[0]!.id;
      expect(await serverStatus('visitors', id)).toBe('checked_in');
      expect((await history('visitors', id)).map((e) => [e.toStatus, e.outcome, e.changedByName, e.deviceName])).toEqual([
        ['checked_in', 'applied', `Door Staff ${tag}a`, `Desk tablet ${tag}`],
        ['registered_at_venue', 'applied', `Door Staff ${tag}a`, `Desk tablet ${tag}`],
      ]);
      // After the answers arrived the device still shows the check-in (it converged on the server).
      await openCard(page, name, name);
      expect(await page.getByTestId('person-card').getAttribute('data-status')).toBe('checked_in');
      expect(tablet.problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    } finally {
      await tablet.close();
    }
  }, 90_000);

  it('a tablet 3 h fast checks a guest in offline while the main gate walks the guest in, up the ramp and out: left venue wins, and the fast tablet follows', async () => {
    const guestName = `Guest ${tag} Meera`;
    const guest = await seedGuest(baseUrl, adminToken, eventId, guestName);
    const fast = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page, context } = fast;
      await skewClock(page, 3 * 3600_000);
      await useToken(page, baseUrl, staff1.token);
      await openCheckin(page, baseUrl, people.length + 1);
      await waitForSw(page);
      await context.setOffline(true);
      await openCard(page, guest.passCode, guestName);
      await page.getByTestId('card-action').filter({ hasText: 'Check in' }).click();
      await page.locator('[data-testid="person-card"][data-status="checked_in"]').waitFor();

      // Meanwhile the main gate (correct clock, online) walks the guest through, each step on the last.
      const main = await apiDevice(baseUrl, staff2.token, `Main gate ${tag}`, eventId);
      const [checkedIn] = await main.send([{ kind: 'guests', recordId: guest.id, toStatus: 'checked_in' }]);
      const [exited] = await main.send([{ kind: 'guests', recordId: guest.id, toStatus: 'exited_ramp', base: checkedIn!.person!.statusOperationId }]);
      await main.send([{ kind: 'guests', recordId: guest.id, toStatus: 'left_venue', base: exited!.person!.statusOperationId }]);

      await context.setOffline(false);
      await waitForEmptyOutbox(page);
      expect(await serverStatus('guests', guest.id)).toBe('left_venue');
      const log = await history('guests', guest.id);
      expect(log).toHaveLength(4);
      expect(log.find((e) => e.changedByName === `Door Staff ${tag}a`)).toMatchObject({ toStatus: 'checked_in', outcome: 'superseded' });
      // The fast tablet's card takes the server's state instead of snapping back to its own.
      await openCard(page, guest.passCode, guestName);
      await page.locator('[data-testid="person-card"][data-status="left_venue"]').waitFor({ timeout: 15_000 });

      const conflict = (await conflicts()).find((c) => c.recordId === guest.id);
      expect(conflict?.why).toMatch(/^Left venue stayed/i);
    } finally {
      await fast.close();
    }
  }, 90_000);

  /**
   * The case table of docs/checkin-sync.md on real tablets: one 3 h fast, one correct, one a day slow, each
   * making its changes offline on what it had seen, reconnecting in every order; the organiser cancels from
   * the panel at the correct tablet's turn.
   */
  it("three tablets (3 h fast, correct, a day slow) and an organiser's cancel, in every arrival order: each person ends as the case table says, every concurrent change is in the inbox, clocks are corrected, and a year-ahead time pins nothing", async () => {
    const hour = 3600_000;
    const orders = permutations(['fast', 'main', 'slow'] as const);
    // Case A, per order: a guest. Case B: a visitor. Then one guest for the clock a year ahead.
    const guests = await Promise.all(orders.map((order) => seedGuest(baseUrl, adminToken, eventId, `Case A ${tag} ${order.join(' ')}`)));
    const visitors = await seedVisitors(baseUrl, adminToken, eventId, `${tag}B`, orders.length);
    const yearGuest = await seedGuest(baseUrl, adminToken, eventId, `Year ${tag} Guest`);

    const tablets = {
      fast: { skew: 3 * hour, staff: staff1, viewport: { width: 390, height: 844 }, name: `Fast gate ${tag}` },
      main: { skew: 0, staff: staff1, viewport: { width: 1024, height: 768 }, name: `Main gate ${tag}` },
      slow: { skew: -24 * hour, staff: staff2, viewport: { width: 820, height: 1180 }, name: `Slow gate ${tag}` },
    };
    const devices = {} as Record<keyof typeof tablets, Awaited<ReturnType<typeof openDevice>>>;
    try {
      for (const [key, tablet] of Object.entries(tablets) as Array<[keyof typeof tablets, (typeof tablets)['fast']]>) {
        const d = await openDevice({ viewport: tablet.viewport });
        devices[key] = d;
        if (tablet.skew) await skewClock(d.page, tablet.skew);
        await useToken(d.page, baseUrl, tablet.staff.token);
        await openCheckin(d.page, baseUrl, people.length);
        await waitForSw(d.page);
        await nameDevice(d.page, tablet.name);
        await openCard(d.page, yearGuest.passCode, yearGuest.name); // the roster holds this test's people
      }
      const act = (key: keyof typeof tablets, person: Seeded, label: string, status: string, other = false) =>
        tapAction(devices[key].page, person, label, status, { other });

      for (const [round, order] of orders.entries()) {
        const guest = guests[round]!;
        const visitor = visitors[round]!;
        const label = order.join(' → ');
        await Promise.all(Object.values(devices).map((d) => d.context.setOffline(true)));
        // Offline, each on what its tablet had seen: none has seen another's change.
        await act('fast', guest, 'Check in', 'checked_in');
        await act('fast', visitor, 'Check in', 'checked_in');
        await act('slow', guest, 'Reached', 'reached', true);
        await act('slow', visitor, 'Check in', 'checked_in');
        await act('main', guest, 'Check in', 'checked_in');
        await act('main', guest, 'Exited ramp', 'exited_ramp');
        await act('main', guest, 'Left venue', 'left_venue');
        for (const key of order) {
          await devices[key].context.setOffline(false);
          await waitForEmptyOutbox(devices[key].page);
          // The organiser cancels the visitor's registration in the panel at the main gate's turn.
          if (key === 'main') expect((await api(baseUrl, adminToken, 'PUT', `/visitors/${visitor.id}/status`, { status: 'cancelled' })).status).toBe(200);
        }

        // Case A: left venue, whatever the order; each tablet's change that met another's is in the inbox.
        expect([label, await serverStatus('guests', guest.id)]).toEqual([label, 'left_venue']);
        const guestLog = await history('guests', guest.id);
        expect(guestLog).toHaveLength(5);
        const items = await conflicts();
        const named = (id: string) => new Set(items.filter((c) => c.recordId === id).map((c) => c.change.deviceName));
        expect([label, named(guest.id)]).toEqual([label, new Set(order.slice(1).map((key) => tablets[key].name))]);
        // Case B: cancelled; a door check-in arriving after the cancellation is held for an organiser.
        expect([label, await serverStatus('visitors', visitor.id)]).toEqual([label, 'cancelled']);
        const visitorLog = await history('visitors', visitor.id);
        const afterCancel = order.slice(order.indexOf('main') + 1).length;
        expect([label, visitorLog.filter((e) => e.outcome === 'held').length]).toEqual([label, afterCancel]);
        const heldInInbox = items.filter((c) => c.recordId === visitor.id && c.change.outcome === 'held');
        expect([label, heldInInbox.length]).toEqual([label, afterCancel]);
        for (const held of heldInInbox) expect(held.why).toMatch(/^Held: an organiser set the person to cancelled/);
        const doorTablets = order.filter((key) => key !== 'main');
        expect([label, named(visitor.id)]).toEqual([label, new Set(doorTablets.filter((key) => key !== order[0]).map((key) => tablets[key].name))]);

        // Clocks are data: each change's time is its device's reading corrected by the measured offset,
        // never after its arrival; what the clock said is kept beside it.
        for (const entry of [...guestLog, ...visitorLog].filter((e) => e.deviceName !== null)) {
          const skew = Object.values(tablets).find((t) => t.name === entry.deviceName)!.skew;
          const stored = Date.parse(entry.deviceTime!);
          expect(stored).toBeLessThanOrEqual(Date.parse(entry.createdAt));
          expect(Math.abs(Date.parse(entry.claimedDeviceTime!) - stored - skew)).toBeLessThan(2 * 60_000);
          expect(Date.parse(entry.createdAt) - stored).toBeLessThan(2 * 60_000);
        }
      }

      // A crafted change claiming a time a year ahead: stored at its arrival, and the main gate's next step,
      // made on it, applies.
      const crafted = await apiDevice(baseUrl, staff2.token, `Crafted ${tag}`, eventId);
      const [craftedCheckin] = await crafted.send([
        { kind: 'guests', recordId: yearGuest.id, toStatus: 'checked_in', deviceTime: new Date(Date.now() + 365 * 24 * hour).toISOString() },
      ]);
      expect(craftedCheckin).toMatchObject({ result: 'applied' });
      const main = devices.main.page;
      await main.getByRole('button', { name: 'Sync now' }).click();
      await openCard(main, yearGuest.passCode, yearGuest.name);
      await main.locator('[data-testid="person-card"][data-status="checked_in"]').waitFor({ timeout: 15_000 });
      await act('main', yearGuest, 'Exited ramp', 'exited_ramp');
      await waitForEmptyOutbox(main);
      expect(await serverStatus('guests', yearGuest.id)).toBe('exited_ramp');
      const [exited, checkedIn] = await history('guests', yearGuest.id);
      expect(exited).toMatchObject({ toStatus: 'exited_ramp', outcome: 'applied', conflictWithOperationId: null, deviceName: tablets.main.name });
      expect(Date.parse(checkedIn!.deviceTime!)).toBeLessThanOrEqual(Date.parse(checkedIn!.createdAt));
      expect(Date.parse(checkedIn!.claimedDeviceTime!)).toBeGreaterThan(Date.now() + 300 * 24 * hour);

      // Every tablet pulls the others' changes and holds exactly the server's state: none snaps back.
      const everyone = [
        ...guests.map((g) => ['guests', g.id] as const),
        ...visitors.map((v) => ['visitors', v.id] as const),
        ['guests', yearGuest.id] as const,
      ];
      const server = Object.fromEntries(await Promise.all(everyone.map(async ([kind, id]) => [id, await serverStatus(kind, id)] as const)));
      for (const d of Object.values(devices)) {
        await d.page.getByRole('button', { name: 'Sync now' }).click();
        await expect
          .poll(async () => Object.fromEntries(Object.entries(await localStates(d.page, Object.keys(server))).map(([id, p]) => [id, p.status])), {
            timeout: 20_000,
          })
          .toEqual(server);
      }
    } finally {
      await Promise.all(Object.values(devices).map((d) => d.close()));
    }
  }, 240_000);

  // Retried once, on another person: twice in CI (never alone, never in 12 local runs of this file or the
  // specs before it, at loads up to 13) the door screen did not open for Staff 2 within 30 s after the offline
  // logout. A failure now prints what the device's pages showed (tests/e2e/browser.ts), to find the cause.
  it('Staff 1 queues offline and logs out (asked), Staff 2 logs in: the log names Staff 1, and the roster left the device', {
    retry: 1,
    timeout: 90_000,
  }, async ({ task }) => {
    const tablet = await openDevice({ viewport: { width: 1024, height: 768 } });
    try {
      const { page, context } = tablet;
      await useToken(page, baseUrl, staff1.token);
      await openCheckin(page, baseUrl, people.length);
      await waitForSw(page);
      await context.setOffline(true);
      const person = people[task.result?.retryCount ?? 0]!;
      await checkIn(page, person);

      await page.getByRole('button', { name: 'Logout' }).click();
      const asked = [await confirmInApp(page)];
      await page.waitForURL((url) => !url.pathname.startsWith('/panel/checkin'), { timeout: 20_000 });
      expect(asked).toEqual([expect.stringMatching(/^1 check-in change has not reached the server yet/)]);
      const left = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const req = indexedDB.open('eventpro');
            req.onsuccess = () => {
              const tx = req.result.transaction(['rosterChunks', 'rosterPeople', 'checkinOutbox'], 'readonly');
              const chunks = tx.objectStore('rosterChunks').count();
              const own = tx.objectStore('rosterPeople').count();
              const waiting = tx.objectStore('checkinOutbox').count();
              tx.oncomplete = () => {
                resolve(chunks.result + own.result + waiting.result * 1000);
                req.result.close();
              };
            };
          }),
      );
      expect(left).toBe(1000); // no roster left; the one change still waits

      await context.setOffline(false);
      // Staff 2 signs in on the page Staff 1 left. A request of Staff 1's still on its way is answered 401
      // once the logout lands; the app then forgot whichever login was current, Staff 2's (the login screen
      // here under load in CI). It is now sent again under Staff 2's login (lib/api-client.ts).
      await useToken(page, baseUrl, staff2.token);
      await openCheckin(page, baseUrl, people.length);
      await waitForEmptyOutbox(page);
      const [entry] = await history('visitors', person.id);
      expect(entry).toMatchObject({ toStatus: 'checked_in', outcome: 'applied', changedByName: `Door Staff ${tag}a` });
    } finally {
      await tablet.close();
    }
  });

  it('two tabs of one tablet, offline: neither offers a check-in the other made, and both count what waits', async () => {
    const tablet = await openDevice({ viewport: { width: 1280, height: 800 } });
    try {
      const { page: first, context } = tablet;
      await useToken(first, baseUrl, staff1.token);
      await openCheckin(first, baseUrl, people.length);
      await waitForSw(first);
      const second = await context.newPage();
      await openCheckin(second, baseUrl, people.length);
      await context.setOffline(true);
      const three = people.slice(4, 7);
      for (const person of three) await checkIn(first, person);
      for (const person of three) {
        await openCard(second, person.passCode, person.name);
        await second.locator('[data-testid="person-card"][data-status="checked_in"]').waitFor({ timeout: 5_000 });
        expect(await second.getByTestId('card-action').filter({ hasText: 'Check in' }).count()).toBe(0);
      }
      await second.waitForFunction(() => document.querySelector('[data-testid="sync-bar"]')?.getAttribute('data-waiting') === '3', null, { timeout: 5_000 });
      await context.setOffline(false);
      await Promise.all([waitForEmptyOutbox(first), waitForEmptyOutbox(second)]);
      for (const person of three) expect(await history('visitors', person.id)).toHaveLength(1);
    } finally {
      await tablet.close();
    }
  }, 90_000);
});
