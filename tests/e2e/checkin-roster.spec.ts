// The roster as the device keeps it (docs/checkin-sync.md): the first download stored as a few
// large records, each person's later changes as their own record, and removals hiding the download's copy.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDevice } from './browser';
import { checkIn, featuredEventId, localStates, openCheckin, type Seeded, seedVisitors, staffLogin } from './checkin-helpers';
import { apiDevice } from './door-device';
import { api, apiLogin, useToken } from './panel-helpers';

const baseUrl = inject('baseUrl');
const adminEmail = inject('adminEmail');
const adminPassword = inject('adminPassword');

const tag = `r${Date.now().toString(36)}`;
let adminToken: string;
let eventId: string;
let people: Seeded[];
let door: Awaited<ReturnType<typeof openDevice>>;

/** The names the search shows for `query`. */
async function searchNames(query: string): Promise<string[]> {
  const { page } = door;
  await page.getByTestId('checkin-search').fill(query);
  await page.waitForFunction(() => document.querySelector('[data-testid="results"]') !== null);
  return page.locator('[data-testid="results"] li button').evaluateAll((buttons) => buttons.map((b) => b.textContent ?? ''));
}

const rosterSize = async () => Number(await door.page.getByTestId('roster-size').getAttribute('data-count'));

beforeAll(async () => {
  adminToken = await apiLogin(baseUrl, adminEmail, adminPassword);
  const staff = await staffLogin(baseUrl, adminToken, tag);
  eventId = await featuredEventId(baseUrl, adminToken);
  people = await seedVisitors(baseUrl, adminToken, eventId, tag, 6);
  door = await openDevice({ viewport: { width: 820, height: 1180 } });
  await useToken(door.page, baseUrl, staff.token);
}, 60_000);

afterAll(async () => {
  await door?.close();
});

describe('the roster on the device', () => {
  it('keeps the download, then each change and removal on top of it, across a reload', async () => {
    const { page } = door;
    await openCheckin(page, baseUrl, people.length);
    const chunks = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('eventpro');
          open.onsuccess = () => {
            const count = open.result.transaction('rosterChunks').objectStore('rosterChunks').count();
            count.onsuccess = () => {
              open.result.close();
              resolve(count.result);
            };
          };
        }),
    );
    expect(chunks).toBeGreaterThan(0);
    // The whole roster, not just this spec's people (the event holds the other specs' people too).
    await page.waitForFunction(() => !document.querySelector('[data-testid="download-progress"]'), null, { timeout: 20_000 });
    const size = await rosterSize();

    // A check-in on the device, of a person known only from the download.
    const [mine, removed, changedElsewhere] = people as [Seeded, Seeded, Seeded];
    await checkIn(page, mine);
    await page.waitForFunction(() => document.querySelector('[data-testid="sync-bar"]')?.getAttribute('data-waiting') === '0', null, { timeout: 20_000 });

    // On the server: one person removed, another checked in by another device.
    const deleted = await api(baseUrl, adminToken, 'DELETE', `/visitors/${removed.id}`);
    expect(deleted.status).toBe(200);
    const gate2 = await apiDevice(baseUrl, adminToken, `Gate 2 ${tag}`, eventId);
    const [op] = await gate2.send([{ recordId: changedElsewhere.id, toStatus: 'checked_in' }]);
    expect(op!.result).toBe('applied');

    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="roster-size"]')?.getAttribute('data-count')) === n, size - 1, {
      timeout: 20_000,
    });
    await expect.poll(() => searchNames(removed.name)).toEqual([]);

    // After a reload the roster is read back from IndexedDB: the same three facts hold.
    await page.reload();
    await page.getByRole('heading', { name: 'Venue Check-in', level: 1 }).waitFor();
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="roster-size"]')?.getAttribute('data-count')) === n, size - 1, {
      timeout: 20_000,
    });
    await expect.poll(() => searchNames(removed.name)).toEqual([]);
    await expect.poll(async () => (await searchNames(mine.name)).length).toBe(1);
    const local = await localStates(page, [mine.id, removed.id, changedElsewhere.id]);
    expect(local[mine.id]?.status).toBe('checked_in');
    expect(local[removed.id]).toBeUndefined();
    expect(local[changedElsewhere.id]).toEqual({ status: 'checked_in', statusDeviceId: gate2.id });

    // The person checked in elsewhere shows as such, with a warning rather than a second check-in.
    const box = page.getByTestId('checkin-search');
    await box.fill(changedElsewhere.passCode);
    await box.press('Enter');
    await page.locator('[data-testid="person-card"][data-status="checked_in"]').getByRole('heading', { name: changedElsewhere.name }).waitFor();
    expect(door.problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
  }, 90_000);
});
