import { readFileSync } from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, inject, it } from 'vitest';
import type { Device } from './browser';
import { api, chooseEvent, chooseRowAction, confirmInApp, signedInAdmin } from './panel-helpers';

const baseUrl = inject('baseUrl');
type Page = Device['page'];
const admin = signedInAdmin();

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Cycle {
  path: string;
  heading: string;
  subtitle?: string;
  add: string;
  fields: Record<string, string>;
  nameField: string;
  created: string;
  updated: string;
  confirm: string;
  deleted?: string;
  image?: boolean;
}

const unique = () => String(Date.now()).slice(-6);

const cycles = (): Cycle[] => [
  {
    path: '/panel/registrations/visitors',
    heading: 'Visitors',
    add: '+ Add Visitor',
    fields: { 'Full Name': `Vera Visitor ${unique()}`, Phone: '+91 98765 43210', Email: 'vera@example.com' },
    nameField: 'Full Name',
    created: 'Visitor registered successfully!',
    updated: 'Visitor updated successfully!',
    confirm: 'Are you sure you want to delete this visitor?',
  },
  {
    path: '/panel/registrations/stalls',
    heading: 'Stalls',
    subtitle: 'Create and manage stalls',
    add: '+ Create Stall',
    fields: { Name: `Sam Stall ${unique()}`, Organization: 'Stall Co', Email: 'sam@example.com', Phone: '9876543210' },
    nameField: 'Name',
    created: 'Stall created successfully!',
    updated: 'Stall updated successfully!',
    confirm: 'Are you sure you want to delete this stall?',
  },
  {
    path: '/panel/registrations/sponsors',
    heading: 'Sponsors',
    subtitle: 'Manage sponsors',
    add: '+ Add Sponsor',
    fields: { 'Sponsor Name': `Sia Sponsor ${unique()}`, 'Company Name': 'Sponsor Ltd', 'Amount (INR)': '150000' },
    nameField: 'Sponsor Name',
    created: 'Sponsor added successfully',
    updated: 'Sponsor updated successfully',
    confirm: 'Are you sure you want to delete this sponsor?',
  },
  {
    path: '/panel/registrations/awardees',
    heading: 'Awardees Nominees',
    subtitle: 'Manage nominations',
    add: '+ Create Nomination',
    fields: { 'Nominee Name': `Nina Nominee ${unique()}`, Category: 'Best Builder' },
    nameField: 'Nominee Name',
    created: 'Nomination created successfully!',
    updated: 'Nomination updated successfully!',
    confirm: 'Are you sure you want to delete this awardee?',
  },
  {
    path: '/panel/vips/guests',
    heading: 'Guests',
    subtitle: 'Manage guests',
    add: '+ Add Guest',
    fields: { 'Full Name': `Gita Guest ${unique()}`, Email: 'gita@example.com', Phone: '9876543211' },
    nameField: 'Full Name',
    created: 'Guest registered successfully!',
    updated: 'Guest updated successfully!',
    confirm: 'Are you sure you want to delete this guest?',
    image: true,
  },
  {
    path: '/panel/vips/speakers',
    heading: 'Speakers',
    subtitle: 'Manage speakers',
    add: '+ Add Speaker',
    fields: { 'Full Name': `Sanjay Speaker ${unique()}`, Email: 'sanjay@example.com', Phone: '9876543212', Title: 'CEO' },
    nameField: 'Full Name',
    created: 'Speaker added successfully!',
    updated: 'Speaker updated successfully!',
    confirm: 'Are you sure you want to delete this speaker?',
    deleted: 'Speaker deleted successfully!',
    image: true,
  },
  {
    path: '/panel/vips/awardees',
    heading: 'VIP Awardees',
    subtitle: 'Manage VIP awardees',
    add: '+ Add Awardee',
    fields: { 'Full Name': `Asha Awardee ${unique()}`, Email: 'asha@example.com', Phone: '9876543213', City: 'Hyderabad' },
    nameField: 'Full Name',
    created: 'Awardee registered successfully!',
    updated: 'Awardee updated successfully!',
    confirm: 'Are you sure you want to delete this awardee?',
    deleted: 'Awardee deleted successfully!',
    image: true,
  },
];

const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label; required fields' labels end in " *". */
const field = (page: Page, label: string) => page.getByRole('dialog').getByLabel(new RegExp(`^${esc(label)}( \\*)?$`));

/** The first event the form's picker offers (the featured one), after its empty choice. */
async function chooseFirstEvent(page: Page) {
  await page
    .getByRole('dialog')
    .getByRole('combobox', { name: /^Event/ })
    .click();
  await page.getByRole('dialog').getByRole('listbox').getByRole('option').nth(1).click();
}

async function runCycle(page: Page, cycle: Cycle) {
  await page.goto(`${baseUrl}${cycle.path}`);
  await page.getByRole('heading', { name: cycle.heading, level: 1 }).waitFor();
  if (cycle.subtitle) await page.getByText(cycle.subtitle, { exact: true }).waitFor();
  await page.getByText('No records found').or(page.locator('tbody tr td').first()).first().waitFor();

  await page.getByRole('button', { name: cycle.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(Math.round(await dialog.evaluate((el) => el.getBoundingClientRect().width))).toBe(760);
  for (const [label, value] of Object.entries(cycle.fields)) await field(page, label).fill(value);
  await chooseFirstEvent(page);
  if (cycle.image) {
    await dialog.locator('input[type=file]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: 'Profile Image preview' }).waitFor();
  }
  await dialog.locator('button[type=submit]').click();
  await page.getByText(cycle.created).first().waitFor();
  await dialog.waitFor({ state: 'detached' });

  const name = cycle.fields[cycle.nameField]!;
  const row = page.getByRole('row').filter({ hasText: name });
  await row.waitFor();
  expect(await row.locator('td.panel-table__serial').textContent()).toBe('1');
  expect(await row.textContent()).toMatch(/\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} (AM|PM)/);

  await row.getByRole('button', { name: /^Edit/ }).click();
  await dialog.waitFor();
  const renamed = `${name} Edited`;
  await field(page, cycle.nameField).fill(renamed);
  await dialog.locator('button[type=submit]').click();
  await page.getByText(cycle.updated).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
  const editedRow = page.getByRole('row').filter({ hasText: renamed });
  await editedRow.waitFor();

  await chooseRowAction(editedRow, 'Delete');
  const confirmText = await confirmInApp(page);
  if (cycle.deleted) await page.getByText(cycle.deleted).first().waitFor();
  await editedRow.waitFor({ state: 'detached' });
  expect(confirmText).toBe(cycle.confirm);
}

describe('admin list screens', () => {
  it('create → edit → delete through the UI for every resource', async () => {
    for (const cycle of cycles()) await runCycle(admin.device.page, cycle);
  });

  it('checks the VIP awardee required fields with one message', async () => {
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/vips/awardees`);
    await page.getByRole('button', { name: '+ Add Awardee' }).click();
    await page.getByRole('dialog').locator('button[type=submit]').click();
    await page.getByRole('dialog').getByText('Please fill in all required fields').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('filters VIP awardees by the status tiles, and Show All clears it', async () => {
    const { page } = admin.device;
    const tag = unique();
    const { body: events } = await api<{ data: { items: Array<{ id: string }> } }>(baseUrl, admin.token, 'GET', '/events');
    const eventId = events.data.items[0]!.id;
    // Two people, two numbers: one mobile number is one record per event.
    for (const [i, [fullName, status]] of [
      [`Reached ${tag}`, 'reached'],
      [`Left ${tag}`, 'left_venue'],
    ].entries()) {
      const res = await api(baseUrl, admin.token, 'POST', '/awardeesvip', { fullName, mobileNumber: `987${tag}${i}`, city: 'Hyderabad', eventId, status });
      expect(res.status).toBe(201);
    }
    // The list shows one event at a time: open the one these two belong to.
    await page.goto(`${baseUrl}/panel/vips/awardees?eventId=${eventId}`);
    await page.getByRole('heading', { name: 'Status Overview' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `Left ${tag}` })
      .waitFor();
    await page.getByTestId('status-tile-reached').click();
    await page.waitForURL(/status=reached/);
    await page
      .getByRole('row')
      .filter({ hasText: `Left ${tag}` })
      .waitFor({ state: 'detached' });
    await page
      .getByRole('row')
      .filter({ hasText: `Reached ${tag}` })
      .waitFor();
    expect(await page.getByTestId('status-tile-reached').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('status-tile-reached').click();
    await page
      .getByRole('row')
      .filter({ hasText: `Left ${tag}` })
      .waitFor();
    await page.getByTestId('status-tile-left_venue').click();
    await page
      .getByRole('row')
      .filter({ hasText: `Reached ${tag}` })
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Show All' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: `Reached ${tag}` })
      .waitFor();
  });

  it('changes a status from the row, searches, and exports the current filter as CSV', async () => {
    const { page } = admin.device;
    const tag = unique();
    await api(baseUrl, admin.token, 'POST', '/visitors', { fullName: `Csv Person ${tag}`, mobileNumber: '9876511111' });
    await api(baseUrl, admin.token, 'POST', '/visitors', { fullName: `Other Person ${tag}`, mobileNumber: '9876522222' });
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.getByLabel('Search').fill(`Csv Person ${tag}`);
    await page.waitForURL(/q=Csv/);
    await page
      .getByRole('row')
      .filter({ hasText: `Other Person ${tag}` })
      .waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: `Csv Person ${tag}` });
    await row.getByLabel(/Change status of/).selectOption('checked_in');
    await page.getByText('Visitor status updated').first().waitFor();
    await row.locator('.panel-status', { hasText: 'Checked In' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^visitors-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(`Csv Person ${tag}`);
    expect(csv).not.toContain(`Other Person ${tag}`);

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^visitors-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [header, ...rows] = await readSheet(readFileSync((await xlsx.path())!));
    expect(rows).toHaveLength(1);
    expect(rows[0]![header!.indexOf('Name')]).toBe(`Csv Person ${tag}`);
    expect(rows[0]![header!.indexOf('Phone')]).toBe('+91 98765 11111');
    expect(rows[0]![header!.indexOf('Status')]).toBe('Checked In'); // statuses in words (issue 29, point 8)
  });

  it('sorts by a column', async () => {
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.getByRole('button', { name: /^Name/ }).click();
    await page.waitForURL(/sort=fullName/);
    // The address changes before the table re-renders its header: wait for the header to say so.
    await page.locator('th[aria-sort=ascending]').waitFor();
    expect(await page.locator('th[aria-sort=ascending]').count()).toBe(1);
    await page.getByRole('button', { name: /^Name/ }).click();
    await page.waitForURL(/order=desc/);
  });

  it('"Show on site" on a speaker puts them, with their photo, on the public home page; unticked, they leave it', async () => {
    const { page } = admin.device;
    const featured = ((await (await fetch(`${baseUrl}/api/public/site`)).json()) as { data: { event: { id: string; eventName: string } } }).data.event;
    const name = `Site Speaker ${unique()}`;
    await page.goto(`${baseUrl}/panel/vips/speakers`);
    await page.getByRole('button', { name: '+ Add Speaker' }).click();
    const dialog = page.getByRole('dialog');
    await field(page, 'Full Name').fill(name);
    await field(page, 'Email').fill('site.speaker@example.com');
    await field(page, 'Phone').fill('9876543299');
    await field(page, 'Title').fill('Chief Architect');
    await chooseFirstEvent(page);
    await chooseEvent(dialog, featured.eventName);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('checkbox', { name: 'Show on site' }).check();
    await dialog.locator('button[type=submit]').click();
    await page.getByText('Speaker added successfully!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const home = async () => (await (await fetch(`${baseUrl}/`)).text()).replace(/<!-- -->/g, '');
    const shown = await home();
    expect(shown).toContain(name);
    expect(shown).toContain('Chief Architect');
    expect(shown).toMatch(/<img src="\/api\/files\/[^"]+"/);
    expect(shown).not.toContain('9876543299');

    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: /^Edit/ }).click();
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Show on site' }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Show on site' }).uncheck();
    await dialog.locator('button[type=submit]').click();
    await page.getByText('Speaker updated successfully!').first().waitFor();
    expect(await home()).not.toContain(name);
  });
});
