import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { api, chooseRowAction, confirmInApp, dateTimeValue, fillDateTime, signedInAdmin } from './panel-helpers';

const baseUrl = inject('baseUrl');
const admin = signedInAdmin();

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('Event Management', () => {
  it('creates an event through the form rules, edits it, filters and deletes it', async () => {
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/events`);
    await page.getByRole('heading', { name: 'Event Management', level: 1 }).waitFor();
    // The featured event made at first start.
    await page
      .locator('tbody tr')
      .filter({ has: page.locator('.panel-badge', { hasText: 'Featured' }) })
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Create Events' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create Events' });
    await drawer.waitFor();
    expect(Math.round(await drawer.evaluate((el) => el.getBoundingClientRect().width))).toBe(760);

    // Escape and the backdrop close the drawer.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create Events' }).click();
    await drawer.waitFor();
    await page.getByTestId('drawer-backdrop').click({ position: { x: 10, y: 10 } });
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create Events' }).click();

    const submit = drawer.getByRole('button', { name: 'Create Event' });
    await submit.click();
    await drawer.getByText('Please fill in all required fields').waitFor();

    const name = `Builders Summit ${Date.now()}`;
    await drawer.getByLabel(/^Event Name/).fill(name);
    const city = drawer.getByLabel(/^City/);
    expect(await city.isDisabled()).toBe(true);
    await drawer.getByLabel(/^State/).selectOption('Karnataka');
    await city.selectOption('Mysuru');
    await drawer.getByLabel(/^State/).selectOption('Telangana');
    expect(await city.inputValue()).toBe('');
    await city.selectOption('Hyderabad');
    await drawer.getByLabel('Exhibition').check();
    await drawer.getByLabel('Awards', { exact: true }).check();
    await submit.click();
    await drawer.getByText('Start date and end date are required').waitFor();

    await fillDateTime(drawer, /^Start Date/, '2030-01-06T10:00');
    await fillDateTime(drawer, /^End Date/, '2030-01-05T10:00');
    await drawer.getByText('End date cannot be before start date').waitFor();
    expect(await drawer.getByLabel(/^End Date/).inputValue()).toBe('');
    await fillDateTime(drawer, /^End Date/, '2030-01-07T18:30');
    // A start after the end clears the end.
    await fillDateTime(drawer, /^Start Date/, '2030-01-08T10:00');
    expect(await drawer.getByLabel(/^End Date/).inputValue()).toBe('');
    await fillDateTime(drawer, /^Start Date/, '2030-01-06T10:00');
    await fillDateTime(drawer, /^End Date/, '2030-01-07T18:30');

    const banner = drawer.locator('input[type=file]');
    await banner.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
    await drawer.getByText('File size too large. Maximum size is 5MB.').waitFor();
    await banner.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await drawer.getByText('Please select an image file').waitFor();
    await banner.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await drawer.getByRole('img', { name: 'Banner preview' }).waitFor();

    // The registration window and what a visitor needs: a window closing before it opens is refused.
    await fillDateTime(drawer, 'Registration Opens', '2029-12-20T10:00');
    await fillDateTime(drawer, 'Registration Closes', '2029-12-10T10:00');
    await submit.click();
    await drawer.getByText('Registration cannot close before it opens').waitFor();
    await fillDateTime(drawer, 'Registration Closes', '2030-01-06T09:00');
    await drawer.getByLabel('Full Address').fill('HITEC City, Madhapur, Hyderabad 500081');
    await drawer.getByLabel('Opening Hours').fill('10:00 AM – 8:00 PM');
    await fillDateTime(drawer, 'Awards Night', '2030-01-07T19:00');

    await submit.click();
    await drawer.getByText('Event created successfully!').waitFor();
    await drawer.waitFor({ state: 'detached' });
    const card = page.getByRole('row').filter({ hasText: name });
    await card.waitFor();
    expect(await card.textContent()).toContain('Hyderabad');
    expect(await card.textContent()).toContain('Jan 6th, 2030 10:00 – Jan 7th, 2030 18:30');
    // The times typed are Hyderabad's (this browser runs on UTC): 10:00 IST is 04:30 UTC.
    const { body } = await api<{ data: { items: Array<{ eventName: string; startDateTime: string; endDateTime: string }> } }>(
      baseUrl,
      admin.token,
      'GET',
      '/events?limit=100',
    );
    expect(body.data.items.find((e) => e.eventName === name)).toMatchObject({
      startDateTime: '2030-01-06T04:30:00.000Z',
      endDateTime: '2030-01-07T13:00:00.000Z',
    });
    expect(await card.locator('.panel-status').textContent()).toBe('Active');
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/api\/files\//);

    await card.getByRole('button', { name: /^Edit/ }).click();
    const editDrawer = page.getByRole('dialog', { name: 'Edit Event' });
    await editDrawer.waitFor();
    expect(await editDrawer.getByLabel(/^City/).inputValue()).toBe('Hyderabad');
    expect(await dateTimeValue(editDrawer, 'Registration Closes')).toBe('2030-01-06T09:00');
    expect(await editDrawer.getByLabel('Opening Hours').inputValue()).toBe('10:00 AM – 8:00 PM');
    expect(await editDrawer.getByLabel('Full Address').inputValue()).toBe('HITEC City, Madhapur, Hyderabad 500081');
    await editDrawer.getByLabel(/^Event Name/).fill(`${name} II`);
    await editDrawer.getByLabel('Status').selectOption('draft');
    await editDrawer.getByRole('button', { name: 'Update Event' }).click();
    await editDrawer.getByText('Event updated successfully!').waitFor();
    await editDrawer.waitFor({ state: 'detached' });
    const edited = page.getByRole('row').filter({ hasText: `${name} II` });
    await edited.waitFor();

    await page.getByLabel('Status').selectOption('cancelled');
    await page.getByText('No events found.').waitFor();
    await page.getByLabel('Status').selectOption('draft');
    await edited.waitFor();

    await chooseRowAction(edited, 'Delete');
    const confirmText = await confirmInApp(page);
    await edited.waitFor({ state: 'detached' });
    expect(confirmText).toBe('Are you sure you want to delete this event?');
  });
});

describe('event times', () => {
  it('are typed on the 24-hour clock (HH:mm) beside a date, whatever the browser’s locale', async () => {
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/events`);
    await page.getByRole('button', { name: 'Create Events' }).click();
    const drawer = page.getByRole('dialog', { name: 'Create Events' });
    await fillDateTime(drawer, /^Start Date/, '2030-01-06T18:30');
    const time = drawer.getByLabel(/^Start Date/).locator('xpath=following-sibling::input[1]');
    // A text box read as HH:mm, not the browser's time widget (12-hour with AM/PM in a 12-hour locale).
    expect(await time.evaluate((input: HTMLInputElement) => [input.type, input.placeholder, input.value])).toEqual(['text', 'HH:mm', '18:30']);
    expect(await dateTimeValue(drawer, /^Start Date/)).toBe('2030-01-06T18:30');
    mkdirSync('.data/event-form-screenshots', { recursive: true });
    await drawer.screenshot({ path: '.data/event-form-screenshots/start-1830.png' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await drawer.waitFor({ state: 'detached' });
  });
});

describe('the events list', () => {
  it('is the list every resource has: fits each width with Edit and Delete in view, cards on a phone, search and sort in the URL', async () => {
    const { page } = admin.device;
    const tag = String(Date.now()).slice(-6);
    for (const [index, city] of ['Warangal', 'Karimnagar'].entries()) {
      const { body } = await api<{ success: boolean; message: string }>(baseUrl, admin.token, 'POST', '/events', {
        eventName: `Fit Check ${tag} ${index}`,
        state: 'Telangana',
        city,
        eventTypes: ['Conference'],
        startDateTime: `2031-02-0${index + 1}T04:30:00.000Z`,
        endDateTime: `2031-02-0${index + 2}T12:30:00.000Z`,
      });
      expect(body).toMatchObject({ success: true });
    }

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1024, height: 768 },
      { width: 768, height: 1024 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl}/panel/events`);
      await page.locator('tbody td.panel-table__serial').first().waitFor();
      const fit = await page.evaluate(() => ({
        pageWidth: document.documentElement.scrollWidth,
        outside: [...document.querySelectorAll('tbody .panel-row-actions button')]
          .filter((button) => button.getBoundingClientRect().right > window.innerWidth || button.getBoundingClientRect().left < 0)
          .map((button) => button.textContent),
      }));
      expect(fit).toEqual({ pageWidth: viewport.width, outside: [] });
      const firstRow = page.locator('tbody tr').first();
      await firstRow.getByRole('button', { name: /^Edit/ }).waitFor();
      await firstRow.getByRole('button', { name: /^More actions for/ }).waitFor();
      if (viewport.width === 390) {
        // A card: the row is a block, each value under its label.
        expect(await firstRow.evaluate((row) => getComputedStyle(row).display)).toBe('block');
        expect(
          await page
            .locator('tbody td[data-label="Event"]')
            .first()
            .evaluate((cell) => getComputedStyle(cell, '::before').content),
        ).toBe('"Event: "');
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // Events come 10 a page unless the organiser asks for more.
    expect(await page.getByLabel('Rows per page').inputValue()).toBe('10');

    await page.getByLabel('Search').fill(`Fit Check ${tag}`);
    await page.waitForURL(/[?&]q=Fit/);
    await page.getByText('2 records · Page 1 of 1').waitFor();
    const sortByName = page.locator('thead').getByRole('button', { name: /^Event/ });
    await sortByName.click();
    await page.waitForURL(/sort=eventName&order=asc|order=asc&sort=eventName|sort=eventName.*order=asc/);
    await page
      .locator('tbody tr')
      .first()
      .filter({ hasText: `Fit Check ${tag} 0` })
      .waitFor();
    await sortByName.click();
    await page.waitForURL(/order=desc/);
    await page
      .locator('tbody tr')
      .first()
      .filter({ hasText: `Fit Check ${tag} 1` })
      .waitFor();
    // The address is the view: opened again, the same search and order.
    await page.reload();
    await page.getByText('2 records · Page 1 of 1').waitFor();
    expect(await page.locator('tbody tr').first().textContent()).toContain(`Fit Check ${tag} 1`);
    expect(await page.locator('tbody tr').first().textContent()).toContain('Karimnagar');
  });
});

describe('Enquiries', () => {
  it('updates an enquiry status with notes in the 500 px panel and deletes it', async () => {
    const { page } = admin.device;
    const name = `Enquirer ${Date.now()}`;
    const created = await fetch(`${baseUrl}/api/enquiries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, mobile: '9876543210', subscriptionType: 'General Enquiry' }),
    });
    expect(created.status).toBe(201);

    await page.goto(`${baseUrl}/panel/enquiries`);
    await page.getByRole('heading', { name: 'Enquiries', level: 1 }).waitFor();
    await page.getByLabel('Search').fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.locator('.panel-status').textContent()).toBe('New');

    await row.getByRole('button', { name: /^Update Status/ }).click();
    const panel = page.getByRole('dialog', { name: 'Update Enquiry Status' });
    await panel.waitFor();
    expect(Math.round(await panel.evaluate((el) => el.getBoundingClientRect().width))).toBe(500);
    await panel.getByRole('button', { name: 'Update Status' }).click();
    await panel.getByText('Please select a status').waitFor();
    await panel.getByLabel('Status').selectOption('in_progress');
    await panel.getByLabel('Notes').fill('Called back, sending the brochure');
    await panel.getByRole('button', { name: 'Update Status' }).click();
    await page.getByText('Enquiry status updated successfully').waitFor();
    await panel.waitFor({ state: 'detached' });
    await row.locator('.panel-status', { hasText: 'In Progress' }).waitFor();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await chooseRowAction(row, 'Delete');
    await confirmInApp(page);
    await page.getByText('Enquiry deleted successfully!').waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
