import { describe, expect, inject, it } from 'vitest';
import { openDevice } from './browser';
import { api, apiLogin, signedInAdmin, useToken } from './panel-helpers';

const baseUrl = inject('baseUrl');
const admin = signedInAdmin();

describe('Settings and roles', () => {
  it('saves the site contacts and featured event', async () => {
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/settings`);
    // The form takes the stored values when they arrive: typing before that would be overwritten.
    await expect.poll(() => page.getByRole('button', { name: 'Save settings' }).isEnabled()).toBe(true);
    // A wrong value is refused beside its field before anything is sent.
    await page.getByLabel('Founder video').fill('https://video.example.com/founder.mp4');
    await page.getByLabel('Contact e-mail').fill('not an address');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Founder video: a path on this site ending in .mp4 or .webm').waitFor();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByLabel('Founder video').fill('');
    await page.getByLabel('Contact phone').fill('+919876543210');
    await page.getByLabel('Contact e-mail').fill('hello@expo.test');
    // The picker lists the featured event first, after its empty choice.
    await page.getByRole('combobox', { name: 'Featured event' }).click();
    await page.getByRole('listbox').getByRole('option').nth(1).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    const { body } = await api<{ data: { contactPhone: string; contactEmail: string } }>(baseUrl, admin.token, 'GET', '/settings');
    expect(body.data).toMatchObject({ contactPhone: '+919876543210', contactEmail: 'hello@expo.test' });
  });

  it('lists the award categories typed in Settings on the public site, one per line, and offers them in the nomination form', async () => {
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/settings`);
    await expect.poll(() => page.getByRole('button', { name: 'Save settings' }).isEnabled()).toBe(true);
    const field = page.getByLabel('Award categories');
    await field.fill('Best Luxury Project\nbest luxury project');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Award categories: each name once').waitFor();
    await field.fill('Best Luxury Project\n\n  Best Affordable Housing  \nGreen Building of the Year');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    const { body } = await api<{ data: { awardCategories: string[] } }>(baseUrl, admin.token, 'GET', '/settings');
    expect(body.data.awardCategories).toEqual(['Best Luxury Project', 'Best Affordable Housing', 'Green Building of the Year']);
    const home = await (await fetch(`${baseUrl}/`)).text();
    for (const name of body.data.awardCategories) expect(home).toContain(`<li>${name}</li>`);
    // The same list is the nomination form's Category: one spelling for the public form and the panel's.
    await page.goto(`${baseUrl}/panel/registrations/awardees`);
    await page.getByRole('button', { name: '+ Create Nomination' }).click();
    const category = page.getByRole('dialog').getByLabel('Category', { exact: true });
    await expect.poll(() => category.evaluate((element) => element.tagName)).toBe('SELECT');
    expect((await category.locator('option').allTextContents()).slice(1)).toEqual(body.data.awardCategories);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await api(baseUrl, admin.token, 'PUT', '/settings', { awardCategories: [] });
  });

  it("creates a staff account, who sees lists and status menus of people only and no organisers' screen; disables it again", async () => {
    const { page } = admin.device;
    const email = `staff${Date.now()}@expo.test`;
    await page.goto(`${baseUrl}/panel/settings`);
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('Name').fill('Door Staff');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Role').selectOption('staff');
    await form.getByLabel('Password').fill('short');
    await form.getByRole('button', { name: 'Create account' }).click();
    await form.getByText('Password must be at least 10 characters').waitFor();
    await form.getByLabel('Password').fill('door staff password');
    await form.getByRole('button', { name: 'Create account' }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await row.waitFor();

    await api(baseUrl, admin.token, 'POST', '/visitors', { fullName: 'Walk In', mobileNumber: '9876544444' });
    await api(baseUrl, admin.token, 'POST', '/stalls', { contactPersonName: 'Stall Person', email: 'stall@example.com', mobileNumber: '9876555555' });
    const staffToken = await apiLogin(baseUrl, email, 'door staff password');
    const staff = await openDevice();
    try {
      await useToken(staff.page, baseUrl, staffToken);
      await staff.page.goto(`${baseUrl}/panel/registrations/visitors`);
      await staff.page.getByRole('heading', { name: 'Visitors', level: 1 }).waitFor();
      await staff.page
        .getByLabel(/Change status of/)
        .first()
        .waitFor(); // the account has loaded
      expect(await staff.page.getByRole('button', { name: '+ Add Visitor' }).count()).toBe(0);
      expect(await staff.page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
      expect(await staff.page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
      expect(await staff.page.getByRole('button', { name: /^More actions for/ }).count()).toBe(0);
      expect(await staff.page.getByLabel(/Change status of/).count()).toBeGreaterThan(0);
      // Nothing commercial in the sidebar (decision 051) …
      const nav = staff.page.getByRole('navigation', { name: 'Admin panel' });
      const links = (label: string) => nav.getByRole('link', { name: label, exact: true }).count();
      for (const label of ['Visitors', 'Venue Check-in', 'Guests', 'Speakers', 'Awardees']) expect(await links(label), label).toBe(1);
      for (const label of ['Stalls', 'Sponsors', 'Lead Messages', 'Awardees Nominees', 'Enquiries', 'Event Management', 'Reports'])
        expect(await links(label), label).toBe(0);
      // … nor by its address: each organisers' screen is a notice, and no stall is shown.
      for (const path of [
        '/panel/registrations/stalls',
        '/panel/registrations/sponsors',
        '/panel/registrations/awardees',
        '/panel/enquiries',
        '/panel/events',
        '/panel/lead-messages',
      ]) {
        await staff.page.goto(`${baseUrl}${path}`);
        await staff.page.getByRole('heading', { name: 'For organisers', level: 1 }).waitFor();
      }
      expect(await staff.page.getByText('Stall Person').count()).toBe(0);
    } finally {
      await staff.close();
    }

    await row.getByRole('button', { name: /^Reset password/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset password' });
    await dialog.getByLabel('New password').fill('another door password');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password reset').first().waitFor();
    await apiLogin(baseUrl, email, 'another door password');

    await row.getByRole('button', { name: /^Disable/ }).click();
    await row.getByText('Disabled').waitFor();
  });

  it('shows a login lock to admins, who unlock it', async () => {
    const { page } = admin.device;
    const email = `locked${Date.now()}@expo.test`;
    await api(baseUrl, admin.token, 'POST', '/users', { email, name: 'Locked Staff', role: 'staff', password: 'locked staff password' });
    const guess = () =>
      fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'a wrong guess' }),
      });
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(429);

    await page.goto(`${baseUrl}/panel/settings`);
    const row = page.getByRole('row').filter({ hasText: `${email} from` });
    await row.getByText('Locked', { exact: true }).waitFor();
    await row.getByRole('button', { name: /^Unlock/ }).click();
    await page.getByText('Lock cleared').first().waitFor();
    await row.waitFor({ state: 'detached' });
    await apiLogin(baseUrl, email, 'locked staff password');
  });

  it('logs out everywhere: every token of the account is refused at once', async () => {
    const email = `everywhere${Date.now()}@expo.test`;
    await api(baseUrl, admin.token, 'POST', '/users', { email, name: 'Roaming Staff', role: 'staff', password: 'roaming staff password' });
    const elsewhere = await apiLogin(baseUrl, email, 'roaming staff password');
    const staff = await openDevice();
    try {
      await useToken(staff.page, baseUrl, await apiLogin(baseUrl, email, 'roaming staff password'));
      await staff.page.goto(`${baseUrl}/panel/settings`);
      await staff.page.getByTestId('account-email').getByText(email).waitFor();
      await staff.page.getByRole('button', { name: 'Log out everywhere' }).click();
      await staff.page.waitForURL(`${baseUrl}/`);
    } finally {
      await staff.close();
    }
    expect((await api(baseUrl, elsewhere, 'GET', '/auth/me')).status).toBe(401);
  });

  it('a staff user changes their own password with every message beside its field, on a phone', async () => {
    const email = `ownpassword${Date.now()}@expo.test`;
    await api(baseUrl, admin.token, 'POST', '/users', { email, name: 'Gate Staff', role: 'staff', password: 'gate staff password' });
    const elsewhere = await apiLogin(baseUrl, email, 'gate staff password');
    const staff = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = staff;
      await useToken(page, baseUrl, await apiLogin(baseUrl, email, 'gate staff password'));
      await page.goto(`${baseUrl}/panel/settings`);
      const form = page.getByRole('form', { name: 'Change password' });
      await form.getByRole('button', { name: 'Change password' }).click();
      // Each empty or short field says why, beside itself, and the first takes the focus.
      await form.getByText('Current password is required').waitFor();
      await form.getByText('Password must be at least 10 characters').waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');

      await form.getByLabel('Current password').fill('not my password');
      await form.getByLabel(/^New password/).fill('my brand new password');
      await form.getByLabel('Confirm new password').fill('my brand new passwort');
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByText('Passwords do not match').waitFor();

      await form.getByLabel('Confirm new password').fill('my brand new password');
      await form.getByRole('button', { name: 'Change password' }).click();
      // The server's answer for the wrong current password lands beside that field, focused.
      await form.getByText('Current password is incorrect').waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');

      await form.getByLabel('Current password').fill('gate staff password');
      await form.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Password changed. Your other devices have been logged out.').waitFor();
      expect(await form.getByLabel('Current password').inputValue()).toBe('');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    } finally {
      await staff.close();
    }
    expect((await api(baseUrl, elsewhere, 'GET', '/auth/me')).status).toBe(401);
    await apiLogin(baseUrl, email, 'my brand new password');
  });
});
