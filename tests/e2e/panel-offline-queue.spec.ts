// The panel on a tablet with a patchy network: status changes and walk-ins made in the panel while offline
// go to the check-in outbox and reach the server after reconnecting (and after a new login); the
// stale-edit 409 and an expired session while saving a form.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDevice } from './browser';
import { featuredEventId } from './checkin-helpers';
import { api, apiLogin, chooseEvent, createEvent, useToken } from './panel-helpers';

const baseUrl = inject('baseUrl');
const adminEmail = inject('adminEmail');
const adminPassword = inject('adminPassword');

type Device = Awaited<ReturnType<typeof openDevice>>;
type Page = Device['page'];
const tag = Date.now().toString(36);
let device: Device;
let token: string;
let eventId: string;

beforeAll(async () => {
  device = await openDevice();
  token = await apiLogin(baseUrl, adminEmail, adminPassword);
  eventId = await featuredEventId(baseUrl, token);
  await useToken(device.page, baseUrl, token);
});
afterAll(async () => {
  await device?.close();
});

async function newVisitor(name: string) {
  const made = await api<{ data: { id: string; status: string } }>(baseUrl, token, 'POST', '/visitors', {
    fullName: name,
    mobileNumber: String(7_000_000_000 + Math.floor(Math.random() * 900_000_000)),
    eventId,
  });
  expect(made.status).toBe(201);
  return made.body.data;
}

const serverStatus = async (id: string) => (await api<{ data: { status: string } }>(baseUrl, token, 'GET', `/visitors/${id}`)).body.data.status;

/** The visitors list filtered to `name`, loaded online and saved for offline use. */
async function openList(page: Page, name: string) {
  await page.goto(`${baseUrl}/panel/registrations/visitors?q=${encodeURIComponent(name)}`);
  await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });
  await page.getByRole('row').filter({ hasText: name }).waitFor();
  await page.waitForTimeout(800); // the query cache is saved half a second after the data arrives
}

describe('panel offline queue', () => {
  it('a visitor status changed offline shows "pending", survives an offline reload, and reaches the server after reconnect', async () => {
    const { page, context } = device;
    const name = `Queue Quinn ${tag}`;
    const visitor = await newVisitor(name);
    await openList(page, name);

    await context.setOffline(true);
    try {
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByLabel(`Change status of ${name}`).selectOption('checked_in');
      await row.getByTestId('pending-badge').waitFor();
      expect(await row.getByLabel(`Change status of ${name}`).inputValue()).toBe('checked_in');

      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      const again = page.getByRole('row').filter({ hasText: name });
      await again.getByTestId('pending-badge').waitFor();
      expect(await again.getByLabel(`Change status of ${name}`).inputValue()).toBe('checked_in');
      expect(await serverStatus(visitor.id)).toBe('registered_online');
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(() => serverStatus(visitor.id), { timeout: 20_000 }).toBe('checked_in');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByTestId('pending-badge').waitFor({ state: 'detached', timeout: 20_000 });
    expect(await row.getByLabel(`Change status of ${name}`).inputValue()).toBe('checked_in');
  });

  it('a change the server refuses is said on the list with its reason, even when the person left the list; Retry sends it again', async () => {
    const { page, context } = device;
    const name = `Refused Rita ${tag}`;
    const visitor = await newVisitor(name);
    await openList(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await context.setOffline(true);
    try {
      await row.getByLabel(`Change status of ${name}`).selectOption('checked_in');
      await row.getByTestId('pending-badge').waitFor();
      // Meanwhile an organiser moves her to another event: this event's door no longer takes her.
      const elsewhere = await createEvent(baseUrl, token, `Other Expo ${tag}`);
      expect((await api(baseUrl, token, 'PUT', `/visitors/${visitor.id}`, { eventId: elsewhere })).status).toBe(200);
    } finally {
      await context.setOffline(false);
    }
    // The server refuses the change: her row says so with the server's reason.
    await row.getByTestId('refused-badge').filter({ hasText: 'This person was moved to another event' }).waitFor({ timeout: 20_000 });
    // Refreshed, this event's list no longer has her; the refusal stays in sight above the rows.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row.waitFor({ state: 'detached' });
    const notice = page.getByTestId('refused-off-list');
    await notice.getByText('This person was moved to another event').waitFor();
    expect(await notice.getByRole('listitem').innerText()).toMatch(new RegExp(`^${name}: Checked In`));
    expect(await serverStatus(visitor.id)).toBe('registered_online');

    // She is moved back; Retry sends the change again, and it applies.
    expect((await api(baseUrl, token, 'PUT', `/visitors/${visitor.id}`, { eventId })).status).toBe(200);
    await notice.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => serverStatus(visitor.id), { timeout: 20_000 }).toBe('checked_in');
    await notice.waitFor({ state: 'detached', timeout: 20_000 });
    // Back on this event's list, as the server has her now.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => row.getByLabel(`Change status of ${name}`).inputValue(), { timeout: 20_000 }).toBe('checked_in');
  });

  it('a status change of a non-people resource offline says it needs the network', async () => {
    const { page, context } = device;
    const stall = await api<{ data: { id: string } }>(baseUrl, token, 'POST', '/stalls', {
      contactPersonName: `Net Stall ${tag}`,
      companyName: 'Net Co',
      email: 'net@example.com',
      // A number of its own: one mobile number is one record per event.
      mobileNumber: `9${String(Date.now()).slice(-9)}`,
    });
    const name = `Net Stall ${tag}`;
    await page.goto(`${baseUrl}/panel/registrations/stalls?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    const select = row.getByLabel(/^Change status of/);
    const before = await select.inputValue();
    const other = (await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).find((v) => v !== before)!;
    await context.setOffline(true);
    try {
      await select.selectOption(other);
      await page.getByTestId('toast').filter({ hasText: 'You are offline — this change needs the network' }).waitFor();
      expect(await row.getByTestId('pending-badge').count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
    expect(stall.status).toBe(201);
  });

  it('a new visitor added offline goes out as a walk-in and shows as pending until the server has it', async () => {
    const { page, context } = device;
    const name = `Walkin Wanda ${tag}`;
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.getByRole('heading', { name: 'Visitors', level: 1 }).waitFor();
    const eventName = (
      (await (await fetch(`${baseUrl}/api/events/${eventId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { eventName: string } }
    ).data.eventName;
    // The form's event choices were listed once online (and kept for offline use).
    await page.getByRole('button', { name: '+ Add Visitor' }).click();
    await page
      .getByRole('dialog')
      .getByRole('combobox', { name: /^Event/ })
      .click();
    await page.getByRole('dialog').getByRole('listbox').getByRole('option').filter({ hasText: eventName }).first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForTimeout(800);
    await context.setOffline(true);
    try {
      await page.getByRole('button', { name: '+ Add Visitor' }).click();
      await page.getByLabel('Full Name').fill(name);
      await page.getByLabel('Phone').fill('9123456781');
      await chooseEvent(page.getByRole('dialog'), eventName);
      await page.getByRole('button', { name: 'Register Visitor' }).click();
      await page.getByText('saved on this device as a walk-in').waitFor();
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByTestId('pending-badge').waitFor();
    } finally {
      await context.setOffline(false);
    }
    await expect
      .poll(
        async () =>
          (await api<{ data: { items: Array<{ status: string }> } }>(baseUrl, token, 'GET', `/visitors?q=${encodeURIComponent(name)}`)).body.data.items,
        {
          timeout: 20_000,
        },
      )
      .toHaveLength(1);
    await page.getByRole('row').filter({ hasText: name }).getByTestId('pending-badge').waitFor({ state: 'detached', timeout: 20_000 });
  });

  it('a change waiting when the session ends is kept and sent after logging in again', async () => {
    const { page, context } = device;
    const name = `Expired Esme ${tag}`;
    const visitor = await newVisitor(name);
    await openList(page, name);
    await context.setOffline(true);
    try {
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByLabel(`Change status of ${name}`).selectOption('not_visited');
      await row.getByTestId('pending-badge').waitFor();
      await page.evaluate(() => localStorage.setItem('eventpro.token', 'expired.token.value'));
    } finally {
      await context.setOffline(false);
    }
    // The server refuses the token: nothing is sent, the change stays on the device.
    await page.waitForTimeout(1500);
    expect(await serverStatus(visitor.id)).toBe('registered_online');
    await page.getByRole('row').filter({ hasText: name }).getByTestId('pending-badge').waitFor();

    // The next list request is refused too: the token is forgotten and the panel asks for a login, in the
    // same page (the sync engine keeps running and resumes on the new token).
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByLabel(/email/i).fill(adminEmail);
    await page.getByLabel(/password/i).fill(adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Visitors', level: 1 }).waitFor();
    await expect.poll(() => serverStatus(visitor.id), { timeout: 20_000 }).toBe('not_visited');
    token = (await page.evaluate(() => localStorage.getItem('eventpro.token'))) ?? token;
  });

  it('a stale edit answers 409 with its message and a Reload that brings the other change', async () => {
    const { page } = device;
    const name = `Stale Stan ${tag}`;
    const visitor = await newVisitor(name);
    await page.goto(`${baseUrl}/panel/registrations/visitors?q=${encodeURIComponent(name)}`);
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /^Edit/ }).click();
    await page.getByLabel('Organization').fill('Mine Ltd');
    const changed = await api(baseUrl, token, 'PUT', `/visitors/${visitor.id}`, { organizationName: 'Theirs Ltd' });
    expect(changed.status).toBe(200);
    await page.getByRole('button', { name: 'Update Visitor' }).click();
    await page.getByRole('alert').filter({ hasText: 'This record was changed by someone else. Reload it and try again.' }).waitFor();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByLabel('Organization').inputValue()).toBe('Theirs Ltd');
    await page.getByLabel('Organization').fill('Mine Ltd');
    await page.getByRole('button', { name: 'Update Visitor' }).click();
    await page.getByText('Visitor updated successfully!').waitFor();
  });

  it('saving a form with a refused token says "Session expired. Please log in again."', async () => {
    const { page } = device;
    const name = `Token Tom ${tag}`;
    await newVisitor(name);
    await page.goto(`${baseUrl}/panel/registrations/visitors?q=${encodeURIComponent(name)}`);
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /^Edit/ }).click();
    await page.getByLabel('Organization').fill('Later Ltd');
    await page.evaluate(() => localStorage.setItem('eventpro.token', 'not-a-valid-token'));
    await page.getByRole('button', { name: 'Update Visitor' }).click();
    await page.getByRole('alert').filter({ hasText: 'Session expired. Please log in again.' }).waitFor();
    await page.evaluate((t) => localStorage.setItem('eventpro.token', t), token);
  });
});
