import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydrated } from './browser';
import { api, confirmInApp, signedInAdmin, uniqueMobile } from './panel-helpers';

/**
 * One person's number in every spelling people paste: the public forms and the panel make it one
 * registration, and never cut what was pasted.
 */
const baseUrl = inject('baseUrl');
const admin = signedInAdmin();

const spellings = (d: string) => [d, `+91 ${d.slice(0, 5)} ${d.slice(5)}`, `0${d}`, `0091 ${d.slice(0, 5)} ${d.slice(5)}`, `+91${d}`];

/** Replaces a field's text as a paste does: one insertion of the whole text. */
async function paste(page: Page, selector: ReturnType<Page['locator']>, text: string) {
  await selector.fill('');
  await selector.focus();
  await page.keyboard.insertText(text);
}

async function recordsWith(resource: string, digits: string) {
  const { body } = await api<{ data: { items: Array<{ mobileNumber: string }>; total: number } }>(
    baseUrl,
    admin.token,
    'GET',
    `/${resource}?q=${encodeURIComponent(digits)}`,
  );
  return body.data;
}

describe('mobile numbers in the public forms', () => {
  it('inline visitor form: each pasted spelling becomes the 10 digits; the first registers, each later one is already registered', async () => {
    const { page } = admin.device;
    const digits = uniqueMobile();
    await page.goto(`${baseUrl}/visitor-registration`);
    await hydrated(page);
    const form = page.locator('form').filter({ has: page.getByLabel('Full Name') });
    for (const [i, spelling] of spellings(digits).entries()) {
      await form.getByLabel('Full Name').fill('Kavya Rao');
      await paste(page, form.getByLabel('Mobile Number'), spelling);
      expect(await form.getByLabel('Mobile Number').inputValue(), spelling).toBe(digits);
      await form.getByLabel('State').selectOption('Telangana');
      await form.getByLabel('City').selectOption('Hyderabad');
      await form.getByRole('button', { name: 'Register Now', exact: true }).click();
      const expected = i === 0 ? 'Visitor registration successful!' : 'You have already registered. Thank you for your interest!';
      await form.locator('.form__message').filter({ hasText: expected }).waitFor();
    }
    const stored = await recordsWith('visitors', digits);
    expect(stored.total).toBe(1);
    expect(stored.items[0]!.mobileNumber).toBe(`+91${digits}`);
  });

  it('inline form: an over-long number or name keeps every character and gets the field’s message; nothing is sent', async () => {
    const { page } = admin.device;
    await page.goto(`${baseUrl}/stall-registration`);
    await hydrated(page);
    const before = (await recordsWith('stalls', '98765432101234')).total;
    await page.getByLabel('Company / Organization Name').fill('Long Co');
    await page.getByLabel('Contact Person Name').fill('Meena');
    await paste(page, page.getByLabel('Mobile Number'), '9876543210123456');
    expect(await page.getByLabel('Mobile Number').inputValue()).toBe('9876543210123456');
    await page.getByRole('button', { name: 'Book Stall' }).click();
    await page.getByText('Valid 10-digit mobile number is required').waitFor();

    const longName = 'N'.repeat(5000);
    await page.getByLabel('Contact Person Name').fill(longName);
    await paste(page, page.getByLabel('Mobile Number'), '+91 98765 43210');
    expect(await page.getByLabel('Mobile Number').inputValue()).toBe('9876543210');
    await page.getByRole('button', { name: 'Book Stall' }).click();
    await page.getByText('Contact Person Name must be at most 200 characters').waitFor();
    expect((await page.getByLabel('Contact Person Name').inputValue()).length).toBe(5000);
    expect((await recordsWith('stalls', '98765432101234')).total).toBe(before);
  });

  it('popup: each pasted spelling is kept as typed; the first registers, each later one is already registered', async () => {
    const { page } = admin.device;
    const digits = uniqueMobile();
    await page.goto(`${baseUrl}/`);
    await hydrated(page);
    for (const [i, spelling] of spellings(digits).entries()) {
      await page.locator('summary', { hasText: 'REGISTER NOW' }).click();
      await page.locator('.site-header__choices').getByRole('link', { name: 'Nominate for Award' }).click();
      const dialog = page.getByRole('dialog', { name: 'Awards Registration' });
      await dialog.getByLabel('Nominee Name').fill('Lakshmi Builders');
      await paste(page, dialog.getByLabel('Contact Person Mobile'), spelling);
      expect(await dialog.getByLabel('Contact Person Mobile').inputValue(), spelling).toBe(spelling);
      await dialog.getByLabel('Organization').fill('Lakshmi Group');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      if (i === 0) {
        await dialog.getByText('Registration successful!').waitFor();
        const pass = page.getByRole('dialog', { name: 'Your pass' });
        await pass.getByText('Show this at the entrance').waitFor({ timeout: 5000 });
        await pass.getByRole('button', { name: 'Close' }).click();
        await pass.waitFor({ state: 'detached' });
      } else {
        await dialog.getByText('You have already registered. Thank you for your interest!').waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
    }
    const stored = await recordsWith('awards', digits);
    expect(stored.total).toBe(1);
    expect(stored.items[0]!.mobileNumber).toBe(`+91${digits}`);
  });
});

describe('mobile numbers in the panel', () => {
  it('shows numbers formatted, refuses a second record of one number and offers to open the first', async () => {
    const { page } = admin.device;
    const digits = uniqueMobile();
    const first = await api<{ data: { id: string } }>(baseUrl, admin.token, 'POST', '/visitors', { fullName: 'Kavya Rao', mobileNumber: digits });
    expect(first.status).toBe(201);
    await page.goto(`${baseUrl}/panel/registrations/visitors?eventId=all&q=${digits}`);
    const row = page.getByRole('row').filter({ hasText: 'Kavya Rao' });
    await row.getByText(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`).waitFor();

    await page.getByRole('button', { name: '+ Add Visitor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Full Name/).fill('Kavya R.');
    await paste(page, dialog.getByLabel(/^Phone/), `0091 ${digits.slice(0, 5)} ${digits.slice(5)}`);
    await dialog.locator('button[type=submit]').click();
    await dialog.getByText('Kavya Rao is already registered for this event with this mobile number').waitFor();
    await dialog.getByRole('button', { name: 'Open Kavya Rao' }).click();
    await page.getByRole('dialog', { name: 'Edit Visitor' }).waitFor();
    expect(await dialog.getByLabel(/^Full Name/).inputValue()).toBe('Kavya Rao');
    expect(await dialog.getByLabel(/^Phone/).inputValue()).toBe(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`);
    expect((await recordsWith('visitors', digits)).total).toBe(1);
  });

  it('Possible duplicates: lists similar names in one organisation, and Keep this one merges the other into it', async () => {
    const { page } = admin.device;
    const org = `Merge Co ${uniqueMobile()}`;
    const keep = await api<{ data: { id: string; passCode: string } }>(baseUrl, admin.token, 'POST', '/guests', {
      fullName: 'Suresh Reddy',
      mobileNumber: uniqueMobile(),
      organizationName: org,
    });
    const other = await api<{ data: { id: string } }>(baseUrl, admin.token, 'POST', '/guests', {
      fullName: 'Reddy Suresh',
      mobileNumber: uniqueMobile(),
      organizationName: org,
    });
    await page.goto(`${baseUrl}/panel/vips/guests`);
    await page.getByRole('button', { name: 'Possible duplicates' }).click();
    const drawer = page.getByRole('dialog', { name: 'Possible duplicates: Guests' });
    const group = drawer.getByRole('region', { name: 'Very similar name, same organisation: Suresh Reddy' });
    await group.waitFor();
    await group.getByRole('button', { name: `Keep this one: Suresh Reddy, pass code ${keep.body.data.passCode}` }).click();
    await confirmInApp(page);
    await page.getByText('Merged 1 record into Suresh Reddy').first().waitFor();
    await group.waitFor({ state: 'detached' });
    expect((await api(baseUrl, admin.token, 'GET', `/guests/${other.body.data.id}`)).status).toBe(404);
    const kept = await api<{ data: { passCode: string } }>(baseUrl, admin.token, 'GET', `/guests/${keep.body.data.id}`);
    expect(kept.body.data.passCode).toBe(keep.body.data.passCode);
  });
});
