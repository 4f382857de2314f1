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
  const { body } = await api<{ data: { items: Array<{ id: string; isFeatured: boolean }> } }>(baseUrl, token, 'GET', '/events?limit=100');
  const event = body.data.items.find((e) => e.isFeatured) ?? body.data.items[0];
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

/** Types a pass code and Enter (as a USB scanner does), then taps the big action; waits for the card. */
export async function checkIn(page: Page, person: Seeded) {
  const box = page.getByTestId('checkin-search');
  await box.fill(person.passCode);
  await box.press('Enter');
  const card = page.getByTestId('person-card');
  await card.getByRole('heading', { name: person.name }).waitFor();
  await card.getByTestId('card-action').filter({ hasText: 'Check in' }).click();
  await page.locator('[data-testid="person-card"][data-status="checked_in"]').getByRole('heading', { name: person.name }).waitFor();
}

export async function waitForEmptyOutbox(page: Page, timeout = 30_000) {
  await page.waitForFunction(() => document.querySelector('[data-testid="sync-bar"]')?.getAttribute('data-waiting') === '0', null, { timeout });
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
