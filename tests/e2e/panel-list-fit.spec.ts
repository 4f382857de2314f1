import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Device } from './browser';
import { api, confirmInApp, signedInAdmin } from './panel-helpers';
import { featuredEventId } from './checkin-helpers';

/**
 * Lists that fit a tablet (issue 29): at 1280, 1024 and 768 px every list shows the columns that say which
 * record a row is and its status, nothing hidden behind the sticky actions column, and the row's actions on
 * screen; at 390 px each record is a card. Records carry long names and e-mails, as a real expo's do.
 * Screenshots go to .data/list-fit-screenshots/ (looked at, see the closing note).
 */
const baseUrl = inject('baseUrl');
type Page = Device['page'];
const admin = signedInAdmin();
// Letters only: a search of digits is also a search of mobile numbers, whose digits other specs' people share.
const tag = [...String(Date.now()).slice(-6)].map((digit) => 'abcdefghij'[Number(digit)]).join('');
const SHOTS = join(process.cwd(), '.data/list-fit-screenshots');

const call = async (method: string, path: string, body?: unknown) => {
  const { status, body: answer } = await api<{ success: boolean; message: string; data: { id: string } }>(baseUrl, admin.token, method, path, body);
  if (!answer.success) throw new Error(`${method} ${path} ${status}: ${answer.message}`);
  return answer.data;
};
const longName = `Venkata Satya Lakshmi Narasimha Rao ${tag}`;
const longEmail = 'venkata.narasimharao@srilakshmiconstructions.co.in';
const longCompany = `Sri Lakshmi Venkateswara Constructions and Developers ${tag}`;

/** Each list screen, the header labels that identify a row, whether it has a Status column, and a record. */
const LISTS: Array<{ name: string; path: string; identity: string[]; status: boolean; create: () => Promise<unknown> }> = [
  {
    name: 'visitors',
    path: '/panel/registrations/visitors',
    identity: ['Name'],
    status: true,
    create: () => call('POST', '/visitors', { fullName: longName, mobileNumber: '9380000001', email: longEmail, organizationName: longCompany }),
  },
  {
    name: 'stalls',
    path: '/panel/registrations/stalls',
    identity: ['Company'],
    status: true,
    create: () => call('POST', '/stalls', { contactPersonName: longName, companyName: longCompany, email: longEmail, mobileNumber: '9380000002' }),
  },
  {
    name: 'sponsors',
    path: '/panel/registrations/sponsors',
    identity: ['Company'],
    status: true,
    create: () =>
      call('POST', '/sponsors', { contactPersonName: longName, organizationName: longCompany, sponsorshipTier: 'platinum', sponsorshipAmount: 2500000 }),
  },
  {
    name: 'nominations',
    path: '/panel/registrations/awardees',
    identity: ['Nominee'],
    status: true,
    create: () =>
      call('POST', '/awards', { nomineeName: longCompany, category: 'Best Villa Project', email: longEmail, description: 'Villas', achievements: 'RERA' }),
  },
  {
    name: 'guests',
    path: '/panel/vips/guests',
    identity: ['Name'],
    status: true,
    create: () => call('POST', '/guests', { fullName: longName, mobileNumber: '9380000003', email: longEmail }),
  },
  {
    name: 'speakers',
    path: '/panel/vips/speakers',
    identity: ['Name'],
    status: false,
    create: () => call('POST', '/speakers', { fullName: longName, mobileNumber: '9380000004', email: longEmail, title: 'Chief Executive Officer' }),
  },
  {
    name: 'vip-awardees',
    path: '/panel/vips/awardees',
    identity: ['Name'],
    status: true,
    create: async () =>
      call('POST', '/awardeesvip', {
        fullName: longName,
        mobileNumber: '9380000005',
        email: longEmail,
        organizationName: longCompany,
        designation: 'Managing Director',
        city: 'Hyderabad',
        eventId: await featuredEventId(baseUrl, admin.token),
      }),
  },
  {
    name: 'enquiries',
    path: '/panel/enquiries',
    identity: ['Name'],
    status: true,
    create: () =>
      fetch(`${baseUrl}/api/enquiries`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: longName, mobile: '9380000006', email: longEmail, organization: longCompany, subscriptionType: 'General Enquiry' }),
      }),
  },
  {
    name: 'events',
    path: '/panel/events',
    identity: ['Event'],
    status: true,
    create: () =>
      call('POST', '/events', {
        eventName: `Hyderabad Real Estate and Home Interiors Expo ${tag}`,
        state: 'Telangana',
        city: 'Hyderabad',
        eventTypes: ['Conference'],
        startDateTime: '2026-12-12T04:30:00.000Z',
        endDateTime: '2026-12-13T12:30:00.000Z',
      }),
  },
];

async function openList(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('tbody tr td.panel-table__serial').first().waitFor({ timeout: 15_000 });
}

/**
 * What the first row shows of each wanted column, and of its actions: whether each is on screen (inside the
 * window) and uncovered (the point at its centre belongs to it, not to the sticky actions column or
 * anything else), plus the page's and the table box's sideways overflow.
 */
const measure = (page: Page, labels: string[]) =>
  page.evaluate((wanted) => {
    const row = document.querySelector('tbody tr')!;
    // A phone's card may start below the fold: brought to the middle of the window, as a person scrolls to it.
    row.scrollIntoView({ block: 'center' });
    const onScreen = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return 'not shown';
      if (box.left < 0 || box.right > window.innerWidth + 0.5 || box.top < 0 || box.bottom > window.innerHeight) return 'outside the window';
      const hit = document.elementFromPoint(box.left + Math.min(box.width / 2, 12), box.top + box.height / 2);
      return hit && (el === hit || el.contains(hit)) ? 'ok' : `covered by ${hit?.className || hit?.tagName}`;
    };
    const cells: Record<string, string> = {};
    for (const label of wanted) {
      const cell = row.querySelector(`td[data-label="${label}"]`);
      cells[label] = cell ? onScreen(cell) : 'no such column';
    }
    const actions = [...row.querySelectorAll('.panel-row-actions button, .panel-row-actions select')].map(
      (el) => `${el.getAttribute('aria-label') ?? el.textContent}: ${onScreen(el)}`,
    );
    const wrap = document.querySelector('.panel-table-wrap')!;
    return {
      cells,
      actions: actions.filter((line) => !line.endsWith(': ok')),
      actionCount: actions.length,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      tableOverflow: wrap.scrollWidth - wrap.clientWidth,
    };
  }, labels);

describe('lists that fit a tablet', () => {
  it('shows every list’s identity and status columns and the row’s actions at 1280, 1024 and 768 px, cards at 390 px', async () => {
    for (const list of LISTS) await list.create();
    mkdirSync(SHOTS, { recursive: true });
    const { page } = admin.device;
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1024, height: 768 },
      { width: 768, height: 1024 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const list of LISTS) {
        await openList(page, list.path);
        const labels = [...list.identity, ...(list.status ? ['Status'] : [])];
        const measured = await measure(page, labels);
        await page.screenshot({ path: join(SHOTS, `${list.name}-${viewport.width}.png`) });
        const cards = viewport.width < 700;
        expect.soft({ list: list.name, width: viewport.width, ...measured, actionCount: measured.actionCount > 0 }).toEqual({
          list: list.name,
          width: viewport.width,
          cells: Object.fromEntries(labels.map((label) => [label, 'ok'])),
          actions: [],
          actionCount: true,
          pageOverflow: 0,
          // Nothing behind the actions column: the table fits its box (a card list has no columns to hide).
          tableOverflow: 0,
        });
        expect
          .soft(
            await page
              .locator('tbody tr')
              .first()
              .evaluate((row) => getComputedStyle(row).display),
          )
          .toBe(cards ? 'block' : 'table-row');
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('opens a list with the sidebar collapsed below 1280 px, and as it was at 1280 px', async () => {
    const { page } = admin.device;
    const sidebar = () => page.getByTestId('sidebar').evaluate((el) => Math.round(el.getBoundingClientRect().width));
    await page.setViewportSize({ width: 1024, height: 768 });
    await openList(page, '/panel/registrations/visitors');
    expect(await sidebar()).toBe(80);
    await page.goto(`${baseUrl}/panel/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await sidebar()).toBe(270);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openList(page, '/panel/registrations/visitors');
    expect(await sidebar()).toBe(270);
  });

  it('has a row menu the keyboard works: Enter opens it on Delete, Escape returns to its button, Delete asks first', async () => {
    const { page } = admin.device;
    // Rows below the menu: it must paint over them (their sticky action cells included).
    for (const n of [1, 2, 3]) await call('POST', '/visitors', { fullName: `Below ${tag} ${n}`, mobileNumber: `938000011${n}` });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${baseUrl}/panel/registrations/visitors?eventId=all&sort=createdAt&order=asc&q=${tag}`);
    const row = page.getByRole('row').filter({ hasText: longName });
    await row.waitFor();
    const more = row.getByRole('button', { name: `More actions for ${longName}` });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `More actions for ${longName}` });
    await menu.waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete');
    const item = menu.getByRole('menuitem', { name: 'Delete' });
    expect(
      await item.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      }),
    ).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'row-menu-open-1024.png') });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await menu.getByRole('menuitem', { name: 'Delete' }).press('Enter');
    expect(await confirmInApp(page)).toBe('Are you sure you want to delete this visitor?');
    await row.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
