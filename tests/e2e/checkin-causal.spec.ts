// The venue door ordered by cause, not by clock, with stated authors and tabs that see each other's
// changes (docs/checkin-sync.md): what staff at a crowded gate on patchy Wi-Fi would notice.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openDevice } from './browser';
import { checkIn, featuredEventId, openCheckin, type Seeded, seedVisitors, staffLogin, waitForEmptyOutbox } from './checkin-helpers';
import { apiDevice } from './door-device';
import { api, apiLogin, useToken } from './panel-helpers';

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
}
const history = async (resource: string, id: string) => (await api<{ data: LogEntry[] }>(baseUrl, adminToken, 'GET', `/${resource}/${id}/history`)).body.data;
const serverStatus = async (resource: string, id: string) =>
  (await api<{ data: { status: string } }>(baseUrl, adminToken, 'GET', `/${resource}/${id}`)).body.data.status;

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

/** Searches a name or code and waits for the card of `name`. */
async function open(page: Page, query: string, name: string) {
  const box = page.getByTestId('checkin-search');
  await box.fill(query);
  await box.press('Enter');
  await page.getByTestId('person-card').getByRole('heading', { name }).waitFor();
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
      // Staff name the tablet; its name goes with every change it sends.
      const deviceName = page.getByTestId('device-name');
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await deviceName.fill(`Desk tablet ${tag}`);
      await deviceName.press('Enter');
      await page.getByRole('button', { name: 'Save name' }).and(page.locator('[disabled]')).waitFor();
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
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
      await open(page, name, name);
      expect(await page.getByTestId('person-card').getAttribute('data-status')).toBe('checked_in');
      expect(tablet.problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    } finally {
      await tablet.close();
    }
  }, 90_000);

  it('a tablet 3 h fast checks a guest in offline while the main gate walks the guest in, up the ramp and out: left venue wins, and the fast tablet follows', async () => {
    const guestName = `Guest ${tag} Meera`;
    const made = await api<{ data: { id: string; passCode: string } }>(baseUrl, adminToken, 'POST', '/guests', {
      fullName: guestName,
      mobileNumber: '9000012345',
      eventId,
    });
    expect(made.status).toBe(201);
    const guest = made.body.data;
    const fast = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page, context } = fast;
      await skewClock(page, 3 * 3600_000);
      await useToken(page, baseUrl, staff1.token);
      await openCheckin(page, baseUrl, people.length + 1);
      await waitForSw(page);
      await context.setOffline(true);
      await open(page, guest.passCode, guestName);
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
      await open(page, guest.passCode, guestName);
      await page.locator('[data-testid="person-card"][data-status="left_venue"]').waitFor({ timeout: 15_000 });

      const inbox = await api<{ data: { items: Array<{ recordId: string; why: string; change: { deviceName: string } }> } }>(
        baseUrl,
        adminToken,
        'GET',
        `/checkin/conflicts?eventId=${eventId}`,
      );
      const conflict = inbox.body.data.items.find((c) => c.recordId === guest.id);
      expect(conflict?.why).toMatch(/^Left venue stayed/i);
    } finally {
      await fast.close();
    }
  }, 90_000);

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

      const asked: string[] = [];
      page.on('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.accept();
      });
      await page.getByRole('button', { name: 'Logout' }).click();
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
      await page.evaluate((token) => localStorage.setItem('eventpro.token', token), staff2.token);
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
        await open(second, person.passCode, person.name);
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
