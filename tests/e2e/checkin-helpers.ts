import type { Page } from 'playwright-core';
import { api, apiLogin } from './panel-helpers';

export interface Seeded {
  id: string;
  name: string;
  passCode: string;
}

/** A staff account (role `staff`) made by the admin, and its token. */
export async function staffLogin(baseUrl: string, adminToken: string, tag: string) {
  const email = `door-${tag}@expo.test`;
  const password = 'door staff password';
  const made = await api(baseUrl, adminToken, 'POST', '/users', { email, name: `Door Staff ${tag}`, role: 'staff', password });
  if (made.status !== 201) throw new Error(`staff account: ${made.status} ${JSON.stringify(made.body)}`);
  return { email, password, token: await apiLogin(baseUrl, email, password) };
}

export async function featuredEventId(baseUrl: string, token: string): Promise<string> {
  // The featured first, then the newest: the one the door opens on, among any number of events.
  const { body } = await api<{ data: { items: Array<{ id: string; isFeatured: boolean }> } }>(
    baseUrl,
    token,
    'GET',
    '/events?sort=isFeatured&order=desc&limit=1',
  );
  const event = body.data.items[0];
  if (!event) throw new Error('no event');
  return event.id;
}

/** `count` visitors of the event through the admin API (status registered_online), 10 at a time. */
export async function seedVisitors(baseUrl: string, adminToken: string, eventId: string, tag: string, count: number): Promise<Seeded[]> {
  const out: Seeded[] = [];
  for (let start = 0; start < count; start += 10) {
    const made = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async (_, i) => {
        const n = start + i;
        const name = `Door ${tag} Person ${String(n).padStart(3, '0')}`;
        const res = await api<{ data: { id: string; passCode: string } }>(baseUrl, adminToken, 'POST', '/visitors', {
          fullName: name,
          mobileNumber: String(6_000_000_000 + Math.floor(Math.random() * 900_000_000) + n),
          eventId,
        });
        if (res.status !== 201) throw new Error(`seed visitor: ${res.status} ${JSON.stringify(res.body)}`);
        return { id: res.body.data.id, name, passCode: res.body.data.passCode };
      }),
    );
    out.push(...made);
  }
  return out;
}

/** Opens the check-in screen and waits until the roster holds `atLeast` people and the worker is ready. */
export async function openCheckin(page: Page, baseUrl: string, atLeast: number) {
  await page.goto(`${baseUrl}/panel/checkin`);
  await page.getByRole('heading', { name: 'Venue Check-in', level: 1 }).waitFor();
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid="roster-size"]')?.getAttribute('data-count')) >= n, atLeast, {
    timeout: 30_000,
  });
}

/**
 * Types a name or pass code and taps the person in the results (staff looking first); waits for the card of
 * `name`. A scanner's code + Enter admits at once instead (the door's default): tests of that read it so.
 */
export async function openCard(page: Page, query: string, name: string) {
  const box = page.getByTestId('checkin-search');
  await box.fill(query);
  await page.getByTestId('results').getByRole('button').filter({ hasText: name }).first().click();
  await page.getByTestId('person-card').getByRole('heading', { name }).waitFor();
}

/**
 * Opens a person's card by pass code and taps an action: the big one, or (`other`) one under "Other status",
 * which each person's card shows folded. Waits for the card to show `status`.
 */
export async function tapAction(page: Page, person: Seeded, label: string, status: string, options: { other?: boolean } = {}) {
  await openCard(page, person.passCode, person.name);
  const card = page.getByTestId('person-card');
  if (options.other) {
    const other = card.locator('details');
    if ((await other.getAttribute('open')) !== null) throw new Error(`"Other status" was already open on ${person.name}'s card`);
    await other.getByText('Other status').click();
    await other.getByRole('button', { name: label, exact: true }).click();
  } else await card.getByTestId('card-action').filter({ hasText: label }).click();
  await page.locator(`[data-testid="person-card"][data-status="${status}"]`).getByRole('heading', { name: person.name }).waitFor();
}

/** Types a pass code and Enter, then taps "Check in"; waits for the card to show it. */
export const checkIn = (page: Page, person: Seeded) => tapAction(page, person, 'Check in', 'checked_in');

/**
 * Waits until the device has sent everything: the sync bar reads 0 waiting, and so does the outbox itself (the
 * bar's count follows a write by a moment, so it can still read 0 just after a change was stored).
 */
export async function waitForEmptyOutbox(page: Page, timeout = 30_000) {
  await page.waitForFunction(() => document.querySelector('[data-testid="sync-bar"]')?.getAttribute('data-waiting') === '0', null, { timeout });
  for (const until = Date.now() + timeout; ; ) {
    const waiting = await page.evaluate(async () => {
      if (!(await indexedDB.databases()).some((database) => database.name === 'eventpro')) return 0;
      return new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('eventpro');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('checkinOutbox').objectStore('checkinOutbox').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve((all.result as Array<{ state: string }>).filter((entry) => entry.state !== 'refused').length);
          };
        };
      });
    });
    if (waiting === 0) return;
    if (Date.now() > until) throw new Error(`${waiting} changes still waiting in the outbox after ${timeout} ms`);
    await page.waitForTimeout(50);
  }
}

/** A guest of the event through the admin API, with a mobile number of its own. */
export async function seedGuest(baseUrl: string, adminToken: string, eventId: string, name: string): Promise<Seeded> {
  const res = await api<{ data: { id: string; passCode: string } }>(baseUrl, adminToken, 'POST', '/guests', {
    fullName: name,
    mobileNumber: String(7_000_000_000 + Math.floor(Math.random() * 900_000_000)),
    eventId,
  });
  if (res.status !== 201) throw new Error(`seed guest: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, name, passCode: res.body.data.passCode };
}

/** The device's copy of these people, read straight from IndexedDB. */
export async function localStates(page: Page, ids: string[]): Promise<Record<string, { status: string; statusDeviceId: string | null }>> {
  return page.evaluate(
    (wanted) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('eventpro');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          // The download's pages first, then the people's own records (which take precedence).
          type Person = { id: string; status: string; statusDeviceId: string | null; removed?: true };
          const tx = open.result.transaction(['rosterChunks', 'rosterPeople'], 'readonly');
          const chunks = tx.objectStore('rosterChunks').getAll();
          const own = tx.objectStore('rosterPeople').getAll();
          tx.oncomplete = () => {
            const set = new Set(wanted);
            const out: Record<string, { status: string; statusDeviceId: string | null }> = {};
            const people = [...(chunks.result as Array<{ people: Person[] }>).flatMap((c) => c.people), ...(own.result as Person[])];
            for (const p of people) {
              if (!set.has(p.id)) continue;
              if (p.removed) delete out[p.id];
              else out[p.id] = { status: p.status, statusDeviceId: p.statusDeviceId };
            }
            open.result.close();
            resolve(out);
          };
        };
      }),
    ids,
  );
}

/** This device's id, read from its IndexedDB record (the id the server knows it by). */
export function deviceIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('eventpro');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('deviceInfo').objectStore('deviceInfo').get('device');
          read.onsuccess = () => {
            open.result.close();
            resolve((read.result as { id: string }).id);
          };
        };
      }),
  );
}
