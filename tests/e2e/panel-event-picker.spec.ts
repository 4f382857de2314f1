import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Device, openDevice } from './browser';
import { api, chooseEvent, chosenEvent, createEvent, PANEL_VIEWPORTS, seriousViolations, signedInAdmin, useToken } from './panel-helpers';

/**
 * Every event picker reaches the featured event among 201 newer ones (decision 047): pickers used to load
 * the newest 100 events, so the featured expo, created first, was in none of them — the door opened
 * "Scale Event 199" with an empty roster and Live check-in counted another event.
 */
const baseUrl = inject('baseUrl');
const admin = signedInAdmin();
const SHOTS = process.env.PICKER_SHOTS_DIR ?? join(import.meta.dirname, '../../.data/event-picker-screenshots');
const tag = String(Date.now()).slice(-5);
const MORE = 201;

let featured: { id: string; eventName: string };
/** A device that never chose an event: each screen starts on its own default. */
let fresh: Device;

/** The screen at each width, loaded at that width (the panel lays itself out at its start), `open` run on it each time. */
async function shoot(page: Page, name: string, open: () => Promise<void>) {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const viewport of PANEL_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.reload();
    await open();
    await page.screenshot({ path: join(SHOTS, `${name}-${viewport.width}.png`) });
  }
  if (size) await page.setViewportSize(size);
  await page.reload();
}

/** Opens the picker labelled `label` and types `text` into its search, waiting for its options. */
async function search(page: Page, label: string, text: string, before?: () => Promise<void>) {
  await before?.();
  const picker = page.getByRole('combobox', { name: label });
  await picker.click();
  await picker.fill(text);
  await page.getByRole('listbox').getByRole('option').first().filter({ hasText: text }).waitFor();
}

beforeAll(async () => {
  featured = ((await (await fetch(`${baseUrl}/api/public/site`)).json()) as { data: { event: { id: string; eventName: string } } }).data.event;
  for (let start = 0; start < MORE; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, MORE - start) }, (_, i) =>
        createEvent(baseUrl, admin.token, `Scale Event ${tag} ${String(start + i + 1).padStart(3, '0')}`),
      ),
    );
  }
  const newest = await api<{ data: { items: Array<{ id: string }> } }>(baseUrl, admin.token, 'GET', '/events?limit=100&page=1');
  // The featured event is not among the newest 100 (what every picker used to offer).
  expect(newest.body.data.items.some((event) => event.id === featured.id)).toBe(false);
  fresh = await openDevice({ viewport: { width: 1280, height: 800 } });
  await useToken(fresh.page, baseUrl, admin.token);
}, 120_000);

afterAll(async () => {
  await fresh?.close();
});

describe(`the event picker among ${MORE} newer events`, () => {
  it('the door opens on the featured event, and its picker finds any event by name', async () => {
    const { page } = fresh;
    await page.goto(`${baseUrl}/panel/checkin`);
    // The door's heading: the event's name, then its links.
    const doorEvent = async () => (await page.getByTestId('door-event').textContent())?.split(' · ')[0];
    await expect.poll(doorEvent, { timeout: 20_000 }).toBe(featured.eventName);
    await page.getByRole('button', { name: 'Settings' }).click();
    const picker = page.getByRole('combobox', { name: 'Event' });
    // The picker names its chosen event once its own look-up answers ("Loading events..." until then).
    await expect.poll(() => picker.inputValue()).toBe(featured.eventName);
    await picker.click();
    // Featured first, then the newest.
    const names = page.locator('[role=option] .event-picker__name');
    await names.first().waitFor();
    expect(await names.first().textContent()).toBe(`${featured.eventName} Featured`);
    expect(await names.nth(1).textContent()).toBe(`Scale Event ${tag} ${MORE}`);
    await shoot(page, 'door-picker', () => search(page, 'Event', '', () => page.getByRole('button', { name: 'Settings' }).click()));
    await page.getByRole('button', { name: 'Settings' }).click();
    await picker.click();
    // Paged through the API: 20, then 40.
    await expect.poll(() => page.getByRole('listbox').getByRole('option').count()).toBe(20);
    await page.getByRole('button', { name: /^Show more events \(20 of \d+\)$/ }).click();
    await expect.poll(() => page.getByRole('listbox').getByRole('option').count()).toBe(40);
    await page.keyboard.press('Escape');
    // A choice made here is this device's event from now on.
    await chooseEvent(page, `Scale Event ${tag} 007`);
    await expect.poll(doorEvent).toBe(`Scale Event ${tag} 007`);
    await page.reload();
    await expect.poll(doorEvent, { timeout: 20_000 }).toBe(`Scale Event ${tag} 007`);
    await page.evaluate(() => localStorage.removeItem('eventpro.checkin.eventId'));
  });

  it('Live check-in counts the featured event', async () => {
    const { page } = fresh;
    await page.goto(`${baseUrl}/panel/dashboard`);
    const live = page.getByTestId('live-counts');
    await expect.poll(() => live.getAttribute('data-event'), { timeout: 20_000 }).toBe(featured.id);
    await expect.poll(() => chosenEvent(live)).toBe(featured.eventName);
    await shoot(page, 'dashboard', () => search(page, 'Event', ''));
  });

  it('the visitors list filters on the featured event; a form and a record of it show it by name; search reaches an old event', async () => {
    const { page } = fresh;
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.waitForURL(new RegExp(`eventId=${featured.id}`));
    await expect.poll(() => chosenEvent(page, 'Event')).toBe(featured.eventName);
    await chooseEvent(page, `Scale Event ${tag} 001`, 'Event');
    await page.waitForURL(/eventId=/);
    await chooseEvent(page, featured.eventName, 'Event');
    await page.waitForURL(new RegExp(`eventId=${featured.id}`));
    await shoot(page, 'list-filter-search', () => search(page, 'Event', 'Scale Event'));
    expect(await seriousViolations(page)).toEqual([]);

    const name = `Picker Visitor ${tag}`;
    await page.getByRole('button', { name: '+ Add Visitor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Full Name/).fill(name);
    await dialog.getByLabel(/^Phone/).fill(`98${tag}123`);
    await chooseEvent(dialog, featured.eventName);
    expect(await chosenEvent(dialog)).toBe(featured.eventName);
    await dialog.locator('button[type=submit]').click();
    await dialog.waitFor({ state: 'detached' });
    const stored = await api<{ data: { items: Array<{ eventId: string }> } }>(baseUrl, admin.token, 'GET', `/visitors?q=${encodeURIComponent(name)}`);
    expect(stored.body.data.items.map((v) => v.eventId)).toEqual([featured.id]);
    // Its record opens with the event by name, not "Select an event".
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => chosenEvent(page.getByRole('dialog'))).toBe(featured.eventName);
    await page.keyboard.press('Escape');
  });

  it('Import starts on the featured event', async () => {
    const { page } = fresh;
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Visitors' });
    await expect.poll(() => chosenEvent(dialog)).toBe(featured.eventName);
    await page.keyboard.press('Escape');
  });

  it('Settings shows the featured event and can choose any event by search', async () => {
    const { page } = fresh;
    await page.goto(`${baseUrl}/panel/settings`);
    await expect.poll(() => chosenEvent(page, 'Featured event'), { timeout: 20_000 }).toBe(featured.eventName);
    const picker = page.getByRole('combobox', { name: 'Featured event' });
    await picker.click();
    await picker.fill(`${tag} 00`);
    await expect.poll(() => page.getByRole('listbox').getByRole('option').count()).toBe(9);
    await page.keyboard.press('Escape');
    expect(await chosenEvent(page, 'Featured event')).toBe(featured.eventName);
    await shoot(page, 'settings-search', async () => {
      await page.getByRole('combobox', { name: 'Featured event' }).scrollIntoViewIfNeeded();
      await search(page, 'Featured event', `${tag} 00`);
    });
  });
});
