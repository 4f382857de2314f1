import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningServer, startBuiltServer } from '../../scripts/built-server';
import { type Device, openDevice } from './browser';
import { api, apiLogin, signedInAdmin, useToken, uniqueMobile } from './panel-helpers';

/**
 * The panel's forms as an organiser meets them: each field's message beside its field (the form's own
 * check and the server's), the first invalid field focused, a half-filled form never thrown away without
 * asking, image messages that go once a good image is chosen, sponsor payments and stall details, each
 * record's history, and each screen's own message when the server gives none.
 */
const baseUrl = inject('baseUrl');
const admin = signedInAdmin();
type Page = Device['page'];

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field of the open form by its label; required fields' labels end in " *". */
const field = (dialog: ReturnType<Page['getByRole']>, label: string) => dialog.getByLabel(new RegExp(`^${esc(label)}( \\*)?$`));

/** The label of the element that has the focus. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.replace('*', '').trim() ?? '');

async function openAdd(page: Page, path: string, button: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog').first();
  await dialog.waitFor();
  return dialog;
}

describe('form messages', () => {
  it('shows every missing field’s message beside it and focuses the first', async () => {
    const { page } = admin.device;
    const dialog = await openAdd(page, '/panel/registrations/stalls', '+ Create Stall');
    await dialog.locator('button[type=submit]').click();
    for (const label of ['Name', 'Email', 'Phone']) {
      const input = field(dialog, label);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await input.getAttribute('aria-describedby'))!;
      expect(await dialog.locator(`[id="${describedBy}"]`).textContent()).toBe(`${label} is required`);
    }
    expect(await focusedLabel(page)).toBe('Name');
    // The message goes as the field is filled.
    await field(dialog, 'Name').fill('Meena');
    await field(dialog, 'Email').focus();
    await dialog.getByText('Name is required').waitFor({ state: 'detached' });
  });

  it('puts the server’s message for a number already registered beside Phone and focuses it', async () => {
    const { page } = admin.device;
    const number = uniqueMobile();
    expect((await api(baseUrl, admin.token, 'POST', '/visitors', { fullName: 'Ravi Kumar', mobileNumber: number })).status).toBe(201);
    const dialog = await openAdd(page, '/panel/registrations/visitors', '+ Add Visitor');
    await dialog.getByLabel(/^Full Name/).fill('Ravi K.');
    await dialog.getByLabel(/^Phone/).fill(number);
    await dialog.locator('button[type=submit]').click();
    const phone = dialog.getByLabel(/^Phone/);
    await dialog.getByText('Ravi Kumar is already registered for this event with this mobile number').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await focusedLabel(page)).toBe('Phone');
    await dialog.getByRole('button', { name: 'Open Ravi Kumar' }).waitFor();
  });
});

describe('unsaved changes', () => {
  it('an unchanged form closes at once on Escape, the backdrop and Cancel', async () => {
    const { page } = admin.device;
    for (const close of ['Escape', 'backdrop', 'Cancel'] as const) {
      const dialog = await openAdd(page, '/panel/registrations/visitors', '+ Add Visitor');
      if (close === 'Escape') await page.keyboard.press('Escape');
      else if (close === 'backdrop') await page.mouse.click(10, 400);
      else await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  });

  it('Escape, the backdrop, Cancel and Back ask before a changed form is thrown away', async () => {
    const { page } = admin.device;
    // Within the app (Back then stays in this page's history, where the app can ask).
    await page.goto(`${baseUrl}/panel/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Visitors' }).first().click();
    await page.getByRole('heading', { name: 'Visitors', level: 1 }).waitFor();
    await page.getByRole('button', { name: '+ Add Visitor' }).click();
    const dialog = page.getByRole('dialog').first();
    await dialog.getByLabel(/^Full Name/).fill('Half Filled');
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    for (const close of ['Escape', 'backdrop', 'Cancel', 'Back'] as const) {
      if (close === 'Escape') await page.keyboard.press('Escape');
      else if (close === 'backdrop') await page.mouse.click(10, 400);
      else if (close === 'Cancel') await dialog.getByRole('button', { name: 'Cancel' }).click();
      else await page.goBack();
      await question.waitFor();
      await question.getByRole('button', { name: 'Keep editing' }).click();
      await question.waitFor({ state: 'detached' });
      expect(await dialog.getByLabel(/^Full Name/).inputValue()).toBe('Half Filled');
      expect(new URL(page.url()).pathname).toBe('/panel/registrations/visitors');
    }
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('the event form puts its messages beside its fields, and asks too', async () => {
    const { page } = admin.device;
    const dialog = await openAdd(page, '/panel/events', 'Create Events');
    await dialog.getByRole('button', { name: 'Create Event' }).click();
    await dialog.getByText('Please fill in all required fields').waitFor();
    for (const label of ['Event Name', 'State', 'City']) {
      const describedBy = (await dialog.getByLabel(new RegExp(`^${label}`)).getAttribute('aria-describedby'))!;
      expect(await dialog.locator(`[id="${describedBy}"]`).textContent()).toBe(`${label} is required`);
    }
    await dialog.getByText('Event Types is required').waitFor();
    expect(await focusedLabel(page)).toBe('Event Name');
    await dialog.getByLabel(/^Event Name/).fill('Half an event');
    await dialog.getByText('Event Name is required').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    await question.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('"File size too large" goes once a good image is chosen', async () => {
    const { page } = admin.device;
    const dialog = await openAdd(page, '/panel/vips/guests', '+ Add Guest');
    const file = dialog.locator('input[type=file]');
    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await dialog.getByText('File size too large. Maximum size is 5MB.').waitFor();
    expect(await file.getAttribute('aria-invalid')).toBe('true');
    await file.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: 'Profile Image preview' }).waitFor();
    await dialog.getByText('File size too large. Maximum size is 5MB.').waitFor({ state: 'detached' });
  });
});

describe('sponsor payments and stall details', () => {
  it('saves what a sponsor paid (the balance follows) and a stall’s number, type and size', async () => {
    const { page } = admin.device;
    const sponsorName = `Payer ${Date.now()}`;
    let dialog = await openAdd(page, '/panel/registrations/sponsors', '+ Add Sponsor');
    await dialog.getByLabel('Sponsor Name').fill(sponsorName);
    await dialog.getByLabel('Amount (INR)', { exact: true }).fill('150000');
    await dialog.getByLabel('Amount Paid (INR)').fill('50000');
    await dialog.locator('button[type=submit]').click();
    await page.getByText('Sponsor added successfully').first().waitFor();
    const sponsors = await api<{ data: { items: Array<Record<string, unknown>> } }>(
      baseUrl,
      admin.token,
      'GET',
      `/sponsors?q=${encodeURIComponent(sponsorName)}`,
    );
    expect(sponsors.body.data.items[0]).toMatchObject({ sponsorshipAmount: 150000, amountPaid: 50000, balanceAmount: 100000 });

    const stallName = `Stallholder ${Date.now()}`;
    dialog = await openAdd(page, '/panel/registrations/stalls', '+ Create Stall');
    await field(dialog, 'Name').fill(stallName);
    await field(dialog, 'Email').fill('stall@example.com');
    await field(dialog, 'Phone').fill(uniqueMobile());
    await dialog.getByLabel('Stall Number').fill('B-14');
    await dialog.getByLabel('Stall Type').fill('corner');
    await dialog.getByLabel('Width').fill('3');
    await dialog.getByLabel('Length').fill('4.5');
    await dialog.getByLabel('Unit').selectOption('metres');
    await dialog.locator('button[type=submit]').click();
    await page.getByText('Stall created successfully!').first().waitFor();
    const stalls = await api<{ data: { items: Array<Record<string, unknown>> } }>(baseUrl, admin.token, 'GET', `/stalls?q=${encodeURIComponent(stallName)}`);
    expect(stalls.body.data.items[0]).toMatchObject({ stallNumber: 'B-14', stallType: 'corner', stallSize: { width: 3, length: 4.5, unit: 'metres' } });

    // The edit form shows them back.
    await page.getByRole('row').filter({ hasText: stallName }).getByRole('button', { name: /^Edit/ }).click();
    dialog = page.getByRole('dialog').first();
    expect(await dialog.getByLabel('Stall Number').inputValue()).toBe('B-14');
    expect(await dialog.getByLabel('Length').inputValue()).toBe('4.5');
    expect(await dialog.getByLabel('Unit').inputValue()).toBe('metres');
  });
});

describe('history', () => {
  it('shows each status change of a record in its drawer: from, to, who and the notes', async () => {
    const { page } = admin.device;
    const name = `Historic ${Date.now()}`;
    const created = await api<{ data: { id: string } }>(baseUrl, admin.token, 'POST', '/visitors', { fullName: name, mobileNumber: uniqueMobile() });
    expect(created.status).toBe(201);
    expect(
      (await api(baseUrl, admin.token, 'PUT', `/visitors/${created.body.data.id}/status`, { status: 'checked_in', notes: 'Came with two colleagues' })).status,
    ).toBe(200);
    await page.goto(`${baseUrl}/panel/registrations/visitors?eventId=all&q=${encodeURIComponent(name)}`);
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /^Edit/ }).click();
    const history = page.getByRole('dialog').getByRole('region', { name: 'History' });
    const entry = history.getByTestId('history-entry').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Came with two colleagues');
    expect(await entry.textContent()).toContain('Administrator');
    expect(await entry.textContent()).toMatch(/→ Checked In/);
  });

  it('shows an edit in the drawer’s history: each field changed, from what to what, in the form’s words; a save of nothing adds nothing', async () => {
    const { page } = admin.device;
    const name = `Edited ${Date.now()}`;
    const number = uniqueMobile();
    const created = await api<{ data: { id: string } }>(baseUrl, admin.token, 'POST', '/visitors', { fullName: name, mobileNumber: number, city: 'Hyderabad' });
    expect(created.status).toBe(201);
    await page.goto(`${baseUrl}/panel/registrations/visitors?eventId=all&q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    // A save that changes nothing.
    await row.getByRole('button', { name: /^Edit/ }).click();
    let dialog = page.getByRole('dialog').first();
    await dialog.getByRole('region', { name: 'History' }).getByText('No changes yet').waitFor();
    await dialog.locator('button[type=submit]').click();
    await page.getByText('Visitor updated successfully!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    // A save that changes the city and the phone.
    const newNumber = uniqueMobile();
    await row.getByRole('button', { name: /^Edit/ }).click();
    dialog = page.getByRole('dialog').first();
    await dialog.getByRole('region', { name: 'History' }).getByText('No changes yet').waitFor();
    await dialog.getByLabel('City').fill('Secunderabad');
    await field(dialog, 'Phone').fill(newNumber);
    await dialog.locator('button[type=submit]').click();
    await page.getByText('Visitor updated successfully!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: /^Edit/ }).click();
    const entries = page.getByRole('dialog').first().getByRole('region', { name: 'History' }).getByTestId('history-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(1);
    const text = (await entries.first().textContent()) ?? '';
    expect(text).toContain('City: Hyderabad → Secunderabad');
    expect(text).toContain(`Phone: +91 ${number.slice(0, 5)} ${number.slice(5)} → +91 ${newNumber.slice(0, 5)} ${newNumber.slice(5)}`);
    expect(text).toContain('Administrator');
    expect(text).toContain('in the panel');
  });

  it('shows an enquiry’s notes in its panel once saved', async () => {
    const { page } = admin.device;
    const name = `Noted ${Date.now()}`;
    const created = await fetch(`${baseUrl}/api/enquiries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, mobile: uniqueMobile(), subscriptionType: 'General Enquiry' }),
    });
    expect(created.status).toBe(201);
    await page.goto(`${baseUrl}/panel/enquiries?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: /^Update Status/ }).click();
    let panel = page.getByRole('dialog', { name: 'Update Enquiry Status' });
    await panel.getByRole('region', { name: 'History' }).getByText('No changes yet').waitFor();
    await panel.getByLabel('Status').selectOption('in_progress');
    await panel.getByLabel('Notes').fill('Wants a corner stall');
    await panel.getByRole('button', { name: 'Update Status' }).click();
    await panel.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: /^Update Status/ }).click();
    panel = page.getByRole('dialog', { name: 'Update Enquiry Status' });
    await panel.getByRole('region', { name: 'History' }).getByText('Wants a corner stall').waitFor();
  });
});

describe('each screen’s own message when the server gives none', () => {
  let server: RunningServer;
  let device: Device;
  beforeAll(async () => {
    server = await startBuiltServer();
    device = await openDevice();
  });
  afterAll(async () => {
    await device?.close();
    await server?.stop();
  });

  it('a stall save, a list and a login that get no answer say so in their own words', async () => {
    const { page } = device;
    const token = await apiLogin(server.url, server.adminEmail, server.adminPassword);
    await useToken(page, server.url, token);
    await page.goto(`${server.url}/panel/registrations/stalls`);
    await page.getByRole('button', { name: '+ Create Stall' }).click();
    const dialog = page.getByRole('dialog').first();
    await field(dialog, 'Name').fill('Meena');
    await field(dialog, 'Email').fill('meena@example.com');
    await field(dialog, 'Phone').fill(uniqueMobile());

    // The app itself stays: its service worker holds every screen's code (as at a venue that lost the server).
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The server goes away: nothing answers, so there is no message of its own to show.
    await server.stop();
    await dialog.locator('button[type=submit]').click();
    await dialog.getByText('Failed to create stall. Please try again.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();

    // Lists never fetched on this device (nothing kept to show instead), each with its own words.
    for (const [link, message] of [
      ['Visitors', 'Failed to fetch visitors'],
      ['Sponsors', 'Failed to fetch sponsors'],
      ['Speakers', 'Failed to fetch speakers'],
      ['Enquiries', 'Failed to load enquiries'],
      ['Event Management', 'Failed to fetch events'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).first().click();
      // A failed list is retried (with back-off) before it says so.
      await page.getByRole('alert').filter({ hasText: message }).first().waitFor({ timeout: 45_000 });
      expect(await page.getByText('Request failed').count()).toBe(0);
    }

    await page.evaluate(() => localStorage.removeItem('eventpro.token'));
    await page.goto(`${server.url}/panel/login`);
    await page.getByLabel('Email').fill(server.adminEmail);
    await page.getByLabel('Password').fill(server.adminPassword);
    await page.locator('button[type=submit]').click();
    await page.getByText('Login failed..').waitFor();
  });
});
