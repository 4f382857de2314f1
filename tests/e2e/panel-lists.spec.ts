import { readFileSync } from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, inject, it } from 'vitest';
import type { Device } from './browser';
import { api, chooseEvent, chosenEvent, createEvent, PANEL_VIEWPORTS, signedInAdmin } from './panel-helpers';
import { featuredEventId } from './checkin-helpers';

/**
 * The admin lists at a 10,000-person event's scale: they fit every screen (no sideways page scroll, the
 * row's Edit and Delete in view, fifteen rows on a laptop, cards on a phone), the event filter and the
 * rest of the filter live in the URL, and bulk work reaches hundreds of records at once.
 */
const baseUrl = inject('baseUrl');
type Page = Device['page'];
const admin = signedInAdmin();
const tag = String(Date.now()).slice(-6);

interface Envelope<T = any> {
  success: boolean;
  message: string;
  data: T;
}
const call = async <T = any>(method: string, path: string, body?: unknown) => {
  const answer = (await api<Envelope<T>>(baseUrl, admin.token, method, path, body)).body;
  if (!answer.success) throw new Error(`${method} ${path}: ${answer.message}`);
  return answer;
};

async function createVisitors(count: number, prefix: string, mobilePrefix: string, eventId?: string) {
  for (let start = 0; start < count; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, count - start) }, (_, k) =>
        call('POST', '/visitors', {
          fullName: `${prefix} ${start + k}`,
          mobileNumber: `${mobilePrefix}${String(start + k).padStart(10 - mobilePrefix.length, '0')}`,
          eventId,
        }).then((a) => {
          if (!a.success) throw new Error(a.message);
        }),
      ),
    );
  }
}

/** Every generic list screen, with a record on it (each in the featured event, the lists' default). */
const LISTS: Array<{ path: string; create: () => Promise<unknown> }> = [
  { path: '/panel/registrations/visitors', create: () => createVisitors(20, `Laptop Visitor ${tag}`, '93') },
  {
    path: '/panel/registrations/stalls',
    create: () =>
      call('POST', '/stalls', {
        contactPersonName: `Anita ${tag}`,
        companyName: `Sri Homes and Developers ${tag}`,
        email: 'anita@srihomes.in',
        mobileNumber: '9123400001',
      }),
  },
  {
    path: '/panel/registrations/sponsors',
    create: () =>
      call('POST', '/sponsors', {
        contactPersonName: `Vikram ${tag}`,
        organizationName: `Aparna Constructions and Estates ${tag}`,
        sponsorshipTier: 'gold',
        sponsorshipAmount: 600000,
      }),
  },
  {
    path: '/panel/registrations/awardees',
    create: () =>
      call('POST', '/awards', {
        nomineeName: `Lakshmi Builders ${tag}`,
        category: 'Best Villa Project',
        description: 'Gated villas',
        achievements: 'RERA approved',
      }),
  },
  {
    path: '/panel/vips/guests',
    create: () => call('POST', '/guests', { fullName: `Guest Person ${tag}`, mobileNumber: '9000000101', email: 'guest@example.in' }),
  },
  {
    path: '/panel/vips/speakers',
    create: () => call('POST', '/speakers', { fullName: `Speaker Person ${tag}`, mobileNumber: '9000000102', title: 'CEO', bio: 'Builds homes' }),
  },
  {
    path: '/panel/vips/awardees',
    create: () =>
      featuredEventId(baseUrl, admin.token).then((eventId) =>
        call('POST', '/awardeesvip', { fullName: `Awardee Person ${tag}`, mobileNumber: '9000000103', city: 'Hyderabad', eventId }),
      ),
  },
  {
    path: '/panel/enquiries',
    create: () =>
      fetch(`${baseUrl}/api/enquiries`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Enquirer ${tag}`, mobile: '9000000104', subscriptionType: 'General Enquiry' }),
      }),
  },
];

async function openList(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(/eventId=/);
  await page
    .locator('tbody tr td.panel-table__serial')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(async () => {
      throw new Error(`${path}: no rows (${await page.locator('tbody').textContent()})`);
    });
}

/** Sideways page scroll, and row buttons (Edit, Delete, …) reaching outside the window's width. */
const measureFit = (page: Page) =>
  page.evaluate(() => {
    const outside = [...document.querySelectorAll('tbody .panel-row-actions button')].filter((button) => {
      const box = button.getBoundingClientRect();
      return box.left < 0 || box.right > window.innerWidth;
    });
    return {
      pageWidth: document.documentElement.scrollWidth,
      windowWidth: window.innerWidth,
      buttons: document.querySelectorAll('tbody .panel-row-actions button').length,
      outside: outside.map((button) => button.textContent),
    };
  });

describe('admin lists fit the screen', () => {
  it('has no sideways page scroll and every row’s Edit and Delete in view, on every list at every width', async () => {
    for (const list of LISTS) await list.create();
    const { page } = admin.device;
    for (const viewport of PANEL_VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const list of LISTS) {
        await openList(page, list.path);
        const measured = await measureFit(page);
        expect({ list: list.path, ...measured, buttons: measured.buttons > 0 }).toEqual({
          list: list.path,
          pageWidth: viewport.width,
          windowWidth: viewport.width,
          buttons: true,
          outside: [],
        });
        // Every record's own menu (which holds Delete) and Edit where the list has a form are there to press.
        const firstRow = page.locator('tbody tr').first();
        await firstRow.getByRole('button', { name: /^More actions for/ }).waitFor();
        if (list.path !== '/panel/enquiries') await firstRow.getByRole('button', { name: /^Edit/ }).waitFor();
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows at least fifteen whole rows at 1280×800, and cards at 390 px', async () => {
    const { page } = admin.device;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openList(page, '/panel/registrations/visitors');
    const visible = await page.evaluate(
      () =>
        [...document.querySelectorAll('tbody tr')].filter((row) => {
          const box = row.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }).length,
    );
    expect(visible).toBeGreaterThanOrEqual(15);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('tbody tr').first().waitFor();
    // A card: the row is a block, each value under its label.
    expect(
      await page
        .locator('tbody tr')
        .first()
        .evaluate((row) => getComputedStyle(row).display),
    ).toBe('block');
    expect(
      await page
        .locator('tbody tr td[data-label="Name"]')
        .first()
        .evaluate((cell) => getComputedStyle(cell, '::before').content),
    ).toBe('"Name: "');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('the filter in the URL', () => {
  it('starts on the featured event, remembers the device’s choice, and a shared URL opens the same view', async () => {
    const { page } = admin.device;
    const summit = await createEvent(baseUrl, admin.token, `Builders Summit ${tag}`);
    await createVisitors(60, `Summit Guest ${tag}`, '94', summit);
    const featured = await featuredEventId(baseUrl, admin.token);

    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.waitForURL(new RegExp(`eventId=${featured}`));
    await chooseEvent(page, `Builders Summit ${tag}`, 'Event');
    await page.waitForURL(new RegExp(`eventId=${summit}`));
    await page.getByText('60 records · Page 1 of 3').waitFor();

    // Remembered on this device: the list opens on the summit next time.
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.waitForURL(new RegExp(`eventId=${summit}`));

    await page.getByLabel('Rows per page').selectOption('50');
    await page.waitForURL(/size=50/);
    await page.getByRole('button', { name: /^Name/ }).click();
    await page.waitForURL(/sort=fullName/);
    await page.getByLabel('Go to page').fill('2');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.waitForURL(/page=2/);
    await page.getByText('60 records · Page 2 of 2').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('registered_online');
    await page.waitForURL(/status=registered_online/);
    await page.getByLabel('Search').fill(`Summit Guest ${tag} 5`);
    await page.waitForURL(/q=Summit/);
    const shared = page.url();

    // Another device (no remembered event) opening the shared address sees the same view.
    const { openDevice } = await import('./browser');
    const other = await openDevice({ viewport: { width: 1280, height: 800 } });
    try {
      await other.page.goto(`${baseUrl}/robots.txt`);
      await other.page.evaluate((t) => localStorage.setItem('eventpro.token', t), admin.token);
      // The list of events answers after the visitors, as it may on a slow network.
      await other.page.route('**/api/events?*', async (route) => {
        await new Promise((later) => setTimeout(later, 1500));
        await route.continue();
      });
      await other.page.goto(shared);
      // "… 5" and "… 50" … "… 59": eleven, sorted by name.
      await other.page.getByText('11 records · Page 1 of 1').waitFor();
      // The event filter holds the summit (the list above is its records); its name shows once the event is in.
      await expect.poll(() => chosenEvent(other.page, 'Event'), { timeout: 10_000 }).toBe(`Builders Summit ${tag}`);
      expect(await other.page.getByLabel('Status', { exact: true }).inputValue()).toBe('registered_online');
      expect(await other.page.getByLabel('Search').inputValue()).toBe(`Summit Guest ${tag} 5`);
      expect(await other.page.getByLabel('Rows per page').inputValue()).toBe('50');
      expect(await other.page.locator('th[aria-sort=ascending]').textContent()).toMatch(/^Name/);
      const names = await other.page.locator('tbody td[data-label="Name"]').allTextContents();
      expect(names).toEqual([...names].sort());
      expect(other.page.url()).toBe(shared);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('a page typed before the list has answered waits for its count, then opens that page (not page 1)', async () => {
    const { page } = admin.device;
    const fair = await createEvent(baseUrl, admin.token, `Slow Fair ${tag}`);
    await createVisitors(60, `Slow Visitor ${tag}`, '93', fair);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/visitors?*', async (route) => {
      await answered;
      await route.continue();
    });
    try {
      await page.goto(`${baseUrl}/panel/registrations/visitors?eventId=${fair}`);
      await page.getByLabel('Go to page').fill('2');
      const go = page.getByRole('button', { name: 'Go', exact: true });
      expect(await go.isDisabled()).toBe(true);
      answer();
      await page.getByText('60 records · Page 1 of 3').waitFor();
      await go.click();
      await page.waitForURL(/page=2/);
      await page.getByText('60 records · Page 2 of 3').waitFor();
    } finally {
      answer();
      await page.unroute('**/api/visitors?*');
    }
  }, 120_000);
});

describe('bulk work', () => {
  it('checks in all 500 visitors of an event matching the filter through the UI', async () => {
    const { page } = admin.device;
    const expo = await createEvent(baseUrl, admin.token, `Bulk Expo ${tag}`);
    await createVisitors(500, `Bulk Visitor ${tag}`, '95', expo);
    await page.goto(`${baseUrl}/panel/registrations/visitors?eventId=${expo}&size=100`);
    await page.getByText('500 records · Page 1 of 5').waitFor();

    await page.getByLabel('Select every row on this page').check();
    await page.getByText('100 selected').waitFor();
    await page.getByRole('button', { name: 'Select all 500 matching' }).click();
    await page.getByText('500 selected').waitFor();
    await page.getByLabel('New status for the selected records').selectOption('checked_in');
    await page.getByRole('button', { name: 'Apply' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Change the status of 500 records to Checked In?').waitFor();
    await dialog.getByRole('button', { name: 'Change status' }).click();
    await page.getByText('Status updated for 500 records').first().waitFor({ timeout: 30_000 });

    const checkedIn = await call('GET', `/visitors?eventId=${expo}&status=checked_in&limit=1`);
    expect(checkedIn.data.total).toBe(500);
    await page.locator('tbody .panel-status', { hasText: 'Checked In' }).first().waitFor();
    expect(await page.locator('tbody .panel-status', { hasText: 'Registered Online' }).count()).toBe(0);
  }, 120_000);

  it('exports and deletes the selected rows only, after a confirmation', async () => {
    const { page } = admin.device;
    const fair = await createEvent(baseUrl, admin.token, `Small Fair ${tag}`);
    await createVisitors(5, `Fair Visitor ${tag}`, '96', fair);
    await page.goto(`${baseUrl}/panel/registrations/visitors?eventId=${fair}&sort=fullName&order=asc`);
    await page.getByText('5 records · Page 1 of 1').waitFor();
    await page.getByLabel(`Select Fair Visitor ${tag} 0`).check();
    await page.getByLabel(`Select Fair Visitor ${tag} 1`).check();
    await page.getByText('2 selected').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export selected (CSV)' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(`Fair Visitor ${tag} 0`);
    expect(csv).toContain(`Fair Visitor ${tag} 1`);
    expect(csv).not.toContain(`Fair Visitor ${tag} 2`);

    // The same selection as an Excel workbook: the CSV's columns, the phone as text, the time in IST.
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export selected (Excel)' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^visitors-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [header, ...rows] = await readSheet(readFileSync((await xlsx.path())!));
    expect(header).toEqual(
      csv
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]!
        .split(','),
    );
    expect(rows.map((row) => row[0]).sort()).toEqual([`Fair Visitor ${tag} 0`, `Fair Visitor ${tag} 1`]);
    const first = rows.find((row) => row[0] === `Fair Visitor ${tag} 0`)!;
    const stored = (await call('GET', `/visitors?eventId=${fair}&q=${encodeURIComponent(`Fair Visitor ${tag} 0`)}`)).data.items[0];
    expect(first[header!.indexOf('Phone')]).toBe('+91 96000 00000');
    expect(first[header!.indexOf('Created On (IST)')]).toBe(new Date(Date.parse(stored.createdAt) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' '));
    expect(first[header!.indexOf('Event')]).toBe(`Small Fair ${tag}`);

    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Delete 2 records? This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Deleted 2 records').first().waitFor();
    await page.getByText('3 records · Page 1 of 1').waitFor();
    const left = await call('GET', `/visitors?eventId=${fair}`);
    expect(left.data.items.map((v: { fullName: string }) => v.fullName).sort()).toEqual([2, 3, 4].map((n) => `Fair Visitor ${tag} ${n}`));
  }, 60_000);
});
