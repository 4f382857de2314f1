// The door screen at a crowded gate: the phone layout measured by bounding boxes (and tablets), scanner
// reads (code + Enter) with no clicks, Crockford-confused codes, the green/red answer with its switches,
// undo, and where door staff land.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Device, openDevice } from './browser';
import { featuredEventId, localStates, openCheckin, type Seeded, seedVisitors, staffLogin, waitForEmptyOutbox } from './checkin-helpers';
import { api, apiLogin, seriousViolations, useToken } from './panel-helpers';

const baseUrl = inject('baseUrl');
const tag = `g${Date.now().toString(36)}`;
/** Screenshots of the door at each width, for a person to look at (not compared). */
const SHOTS = process.env.DOOR_SHOTS_DIR ?? join(import.meta.dirname, '../../.data/door-screenshots');
const PHONE = { width: 390, height: 844 };
const TABLETS = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];

let adminToken: string;
let staff: Awaited<ReturnType<typeof staffLogin>>;
let eventId: string;
let people: Seeded[];
let cancelled: Seeded;
/** Twenty passes for a scanner's run, used by that test only. */
let queue: Seeded[];
let phone: Device;
/** Each person is used by one test only: a fresh one for every step that changes a status. */
let nextPerson = 0;
const fresh = () => people[nextPerson++]!;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Records vibrations and oscillators the page starts (the device has no vibrator or speaker here). */
async function recordFeedback(device: Device) {
  await device.context.addInitScript(() => {
    const w = window as unknown as { __door: { vibrations: number[][]; tones: number } };
    w.__door = { vibrations: [], tones: 0 };
    Object.defineProperty(Navigator.prototype, 'vibrate', {
      configurable: true,
      value: (pattern: number | number[]) => {
        w.__door.vibrations.push(Array.isArray(pattern) ? pattern : [pattern]);
        return true;
      },
    });
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__door.tones++;
      return create.call(this);
    };
  });
}

const feedbackSeen = (page: Page) => page.evaluate(() => (window as unknown as { __door: { vibrations: number[][]; tones: number } }).__door);

/** The search box of the door, and the box a test types into. */
const search = (page: Page) => page.getByTestId('checkin-search');

/** "Confirm each person" on or off, from the keyboard (Tab to the switch, Space), as staff would. */
async function confirmEach(page: Page, on: boolean) {
  const toggle = page.getByTestId('confirm-each');
  if ((await toggle.isChecked()) === on) return;
  await toggle.focus();
  await page.keyboard.press('Space');
  expect(await toggle.isChecked()).toBe(on);
}

/** Types `text` with the keyboard wherever focus is (as a USB/Bluetooth scanner does) and presses Enter. */
async function scan(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Elements positioned fixed or sticky (with an area) whose box overlaps `box`. */
function coveringElements(page: Page, box: Box) {
  return page.evaluate((b) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const position = getComputedStyle(el).position;
      if (position !== 'fixed' && position !== 'sticky') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const overlaps = r.left < b.x + b.width && r.right > b.x && r.top < b.y + b.height && r.bottom > b.y;
      if (overlaps) found.push(`${el.tagName.toLowerCase()}.${el.className} (${position}) ${Math.round(r.top)}–${Math.round(r.bottom)}`);
    }
    return found;
  }, box);
}

const inside = (box: Box, view: { width: number; height: number }) =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height;

async function boxOf(page: Page, testId: string): Promise<Box> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} has no box`);
  return box;
}

/** Opens the door and waits until all of this spec's people are on the device and the flash is gone. */
async function openDoor(page: Page) {
  await openCheckin(page, baseUrl, people.length + queue.length + 1);
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'checkin-search');
}

async function statusOnServer(id: string) {
  const { body } = await api<{ data: { status: string } }>(baseUrl, adminToken, 'GET', `/visitors/${id}`);
  return body.data.status;
}

async function historyOnServer(id: string) {
  const { body } = await api<{ data: Array<{ toStatus: string; notes: string | null; outcome: string }> }>(
    baseUrl,
    adminToken,
    'GET',
    `/visitors/${id}/history`,
  );
  return body.data;
}

/**
 * The first screen at `view` (the page loaded at that size, as a device would) after a read of `person`'s
 * code: boxes of the search box, the card and its action, the scroll position, what covers the card.
 */
async function measureAfterRead(page: Page, view: { width: number; height: number }, person: Seeded, shot: string) {
  await page.setViewportSize(view);
  await openDoor(page);
  await confirmEach(page, true); // the card with its action, as staff who look first see it
  await page.screenshot({ path: join(SHOTS, `${shot}-empty.png`) });
  const searchBox = await boxOf(page, 'checkin-search');
  await search(page).focus();
  await scan(page, person.passCode);
  const card = page.getByTestId('person-card');
  await card.getByRole('heading', { name: person.name }).waitFor();
  const action = await boxOf(page, 'card-action');
  const cardBox = await boxOf(page, 'person-card');
  const scrollY = await page.evaluate(() => window.scrollY);
  const covering = await coveringElements(page, cardBox);
  await page.screenshot({ path: join(SHOTS, `${shot}.png`) });
  return { searchBox, action, cardBox, scrollY, covering };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  adminToken = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
  staff = await staffLogin(baseUrl, adminToken, tag);
  eventId = await featuredEventId(baseUrl, adminToken);
  const seeded = await seedVisitors(baseUrl, adminToken, eventId, tag, 36);
  cancelled = seeded[0]!;
  people = seeded.slice(1, 16);
  queue = seeded.slice(16);
  const made = await api(baseUrl, adminToken, 'PUT', `/visitors/${cancelled.id}/status`, { status: 'cancelled' });
  expect(made.status).toBe(200);
  phone = await openDevice({ viewport: PHONE });
  await recordFeedback(phone);
  await useToken(phone.page, baseUrl, staff.token);
}, 120_000);

afterAll(async () => {
  await phone?.close();
});

describe('the door screen at a crowded gate', () => {
  it('on a 390×844 phone: search box in the top 200 px, the card and its action on the first screen, nothing sticky over it', async () => {
    const { page } = phone;
    const person = fresh();
    const m = await measureAfterRead(page, PHONE, person, 'door-390-card');
    console.info(
      `390×844: search box top ${m.searchBox.y}px; card ${Math.round(m.cardBox.y)}–${Math.round(m.cardBox.y + m.cardBox.height)}px; action ${Math.round(m.action.y)}–${Math.round(m.action.y + m.action.height)}px`,
    );
    expect(m.searchBox.y).toBeLessThan(200);
    expect(m.scrollY).toBe(0);
    expect(inside(m.action, PHONE)).toBe(true);
    expect(m.covering).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // A search by name (Enter on a query that finds one person) opens the card on the first screen too.
    // (A name's number could also sit in someone's pass code: take a name only one person matches.)
    let other: Seeded | undefined;
    for (let tries = 0; tries < 3 && !other; tries++) {
      const candidate = fresh();
      await search(page).fill(candidate.name);
      await page.locator('[data-testid="results"] li button').first().waitFor();
      if ((await page.locator('[data-testid="results"] li button').count()) === 1) other = candidate;
    }
    if (!other) throw new Error('every name tried matched several people');
    await page.keyboard.press('Enter');
    await page.getByTestId('person-card').getByRole('heading', { name: other.name }).waitFor();
    expect(inside(await boxOf(page, 'card-action'), PHONE)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The door is full screen: no icon rail or sidebar beside it and no top bar over it; the panel is one tap
    // away. Its width is the phone's.
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(await page.locator('.panel-topbar').isVisible()).toBe(false);
    await page.getByTestId('door-to-panel').waitFor();
    expect((await boxOf(page, 'checkin-search')).x).toBeLessThan(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // While scrolled through a long list of results, nothing fixed or sticky sits over them either.
    await search(page).fill(`Door ${tag} Person`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="results"] li button').length >= 10);
    await page.evaluate(() => window.scrollTo(0, 400));
    const list = await boxOf(page, 'results');
    const from = Math.max(list.y, 0);
    const visible = { ...list, y: from, height: Math.min(list.y + list.height, PHONE.height) - from };
    expect(visible.height).toBeGreaterThan(300);
    expect(await coveringElements(page, visible)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'door-390-results.png') });
    await search(page).fill('');
    await confirmEach(page, false);
    expect(phone.problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
  });

  it('on tablets (768×1024, 1024×768, 1280×800): the same first screen', async () => {
    const { page } = phone;
    for (const view of TABLETS) {
      const person = fresh();
      const m = await measureAfterRead(page, view, person, `door-${view.width}-card`);
      console.info(
        `${view.width}×${view.height}: search box top ${m.searchBox.y}px; action ${Math.round(m.action.y)}–${Math.round(m.action.y + m.action.height)}px`,
      );
      expect(m.searchBox.y).toBeLessThan(200);
      expect(m.scrollY).toBe(0);
      expect(inside(m.action, view)).toBe(true);
      expect(m.covering).toEqual([]);
    }
    await confirmEach(page, false);
    await page.setViewportSize(PHONE);
  });

  it('a scanner\'s run: 20 passes read at 390×844 are 20 check-ins with 0 taps; a repeat says "just scanned"; an unknown code leaves no green card', async () => {
    const { page } = phone;
    await openDoor(page);
    expect(await page.getByTestId('confirm-each').isChecked()).toBe(false); // the default: scan = one admission
    const counter = page.getByTestId('checked-in-count');
    const counted = Number(await counter.getAttribute('data-count'));
    const before = await feedbackSeen(page);
    for (const person of queue) {
      await scan(page, person.passCode); // focus comes back to the search box by itself
      await page.locator('[data-testid="person-card"][data-status="checked_in"]').getByRole('heading', { name: person.name }).waitFor();
      await page.getByTestId('just-done').waitFor();
    }
    await page.waitForFunction((n) => document.querySelector('[data-testid="checked-in-count"]')?.getAttribute('data-count') === String(n), counted + 20);
    const local = await localStates(
      page,
      queue.map((p) => p.id),
    );
    expect(queue.filter((p) => local[p.id]?.status === 'checked_in')).toHaveLength(20);
    const admitted = await feedbackSeen(page);
    expect(admitted.vibrations.slice(before.vibrations.length)).toEqual(queue.map(() => [80]));
    expect(admitted.tones).toBeGreaterThan(before.tones);

    // The last pass read again at once (a double read): not counted again, and said so — never silence.
    const last = queue[queue.length - 1]!;
    await scan(page, last.passCode);
    await page.getByTestId('just-scanned').waitFor();
    await page.locator('[data-testid="door-flash"][data-tone="same"]').filter({ hasText: 'Just scanned' }).waitFor({ state: 'attached' });
    await page.screenshot({ path: join(SHOTS, 'door-390-just-scanned.png') });
    expect((await feedbackSeen(page)).vibrations.at(-1)).toEqual([30, 60, 30]);

    // An unknown code right after an admission: its own red card, no green card left on screen.
    await scan(page, `NOBODY${tag}`.toUpperCase());
    await page.getByTestId('unknown-card').filter({ hasText: 'No one with pass code' }).waitFor();
    expect(await page.getByTestId('person-card').count()).toBe(0);
    expect(await page.getByTestId('just-done').count()).toBe(0);
    await page.waitForFunction(() => !document.querySelector('[data-testid="door-flash"]'));
    await page.screenshot({ path: join(SHOTS, 'door-390-unknown.png') });

    await waitForEmptyOutbox(page);
    const logs = await Promise.all(queue.map((p) => historyOnServer(p.id)));
    expect(logs.map((log) => log.map((e) => e.toStatus))).toEqual(queue.map(() => ['checked_in']));
  }, 90_000);

  it('"Confirm each person" on: code + Enter opens the card, Enter performs its action; twice, no clicks; remembered', async () => {
    const { page } = phone;
    await openDoor(page);
    await confirmEach(page, true);
    await openDoor(page);
    expect(await page.getByTestId('confirm-each').isChecked()).toBe(true);
    const counter = page.getByTestId('checked-in-count');
    const counted = Number(await counter.getAttribute('data-count'));
    const [first, second] = [fresh(), fresh()];
    for (const person of [first, second]) {
      await scan(page, person.passCode);
      const card = page.locator('[data-testid="person-card"]').filter({ has: page.getByRole('heading', { name: person.name }) });
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('registered_online'); // opened, not yet checked in
      await page.keyboard.press('Enter');
      await page.locator('[data-testid="person-card"][data-status="checked_in"]').getByRole('heading', { name: person.name }).waitFor();
      // Just checked in here: said so, not the warning about a second entry.
      await page.getByTestId('just-done').waitFor();
      expect(await page.getByTestId('already-checked-in').count()).toBe(0);
      if (person === first) {
        await page.screenshot({ path: join(SHOTS, 'door-390-flash.png') });
        await page.waitForFunction(() => !document.querySelector('[data-testid="door-flash"]'));
        await page.screenshot({ path: join(SHOTS, 'door-390-checked-in.png') });
      }
    }
    // A third Enter on the same card does nothing more (a scanner's stray Enter never acts twice).
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    await waitForEmptyOutbox(page);
    for (const person of [first, second]) expect(await historyOnServer(person.id)).toHaveLength(1);
    // The big counter counts the device's checked-in people.
    await page.waitForFunction((n) => document.querySelector('[data-testid="checked-in-count"]')?.getAttribute('data-count') === String(n), counted + 2);
    expect(await counter.locator('strong').textContent()).toBe(String(counted + 2));
    await confirmEach(page, false);
  });

  it('finds a pass typed with O for 0, I/L for 1, dashes and lower case', async () => {
    const { page } = phone;
    await openDoor(page);
    // Pass codes are random: about half hold a 0 or 1, so one of the 16 seeded people surely does (an untouched one first).
    const person = [...people.slice(nextPerson), ...people].find((p) => /[01]/.test(p.passCode));
    if (!person) throw new Error('no pass code with a 0 or 1 among the seeded people');
    people.splice(people.indexOf(person), 1); // the read admits them: no later step takes them as fresh
    nextPerson = Math.min(nextPerson, people.length);
    const confused = person.passCode
      .replace(/0/g, 'O')
      .replace(/1/g, (_, at: number) => (at % 2 ? 'l' : 'I'))
      .toLowerCase()
      .replace(/(.{4})(?=.)/g, '$1-');
    expect(confused.toUpperCase()).not.toBe(person.passCode);
    // After a tap elsewhere (focus on a button, then on a switch), the scanner's keys still reach the search box.
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByTestId('confirm-each').focus();
    await scan(page, confused);
    await page.getByTestId('person-card').getByRole('heading', { name: person.name }).waitFor();
    expect(await page.getByTestId('search-message').count()).toBe(0);
    expect(await page.getByTestId('confirm-each').isChecked()).toBe(false);
  });

  it('undo within 10 s puts the previous status back, as an operation of its own; the offer goes after 10 s', async () => {
    const { page } = phone;
    await openDoor(page);
    const person = fresh();
    await scan(page, person.passCode);
    await page.locator('[data-testid="person-card"][data-status="checked_in"]').getByRole('heading', { name: person.name }).waitFor();
    await page.getByTestId('undo').click();
    await page.locator('[data-testid="person-card"][data-status="registered_online"]').getByRole('heading', { name: person.name }).waitFor();
    await page
      .getByTestId('toast')
      .filter({ hasText: `Undone: ${person.name}` })
      .waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('checkin-search');
    await waitForEmptyOutbox(page);
    expect(await statusOnServer(person.id)).toBe('registered_online');
    const log = await historyOnServer(person.id);
    expect(log.map((e) => [e.toStatus, e.notes || ''])).toEqual([
      ['registered_online', 'Undo'],
      ['checked_in', ''],
    ]);

    // Another action: its undo is offered for 10 s, then withdrawn.
    const next = fresh();
    await scan(page, next.passCode);
    await page.getByTestId('person-card').getByRole('heading', { name: next.name }).waitFor();
    await page.getByTestId('undo-bar').waitFor();
    const shown = Date.now();
    await page.getByTestId('undo-bar').waitFor({ state: 'detached', timeout: 15_000 });
    const offered = Date.now() - shown;
    expect(offered).toBeGreaterThan(8_500);
    expect(offered).toBeLessThan(12_000);
  }, 60_000);

  it('a walk-in registered by mistake, offline: undo within 10 s cancels the registration through the status engine, logged', async () => {
    const { page, context } = phone;
    await openDoor(page);
    await context.setOffline(true);
    try {
      const name = `Walk ${tag} Undo`;
      await page.getByRole('button', { name: 'Walk-in' }).click();
      await page.getByLabel('Full name').fill(name);
      await page.getByLabel('Mobile number').fill('9123456782');
      await page.getByRole('button', { name: 'Register at venue' }).click();
      await page.locator('[data-testid="person-card"][data-status="registered_at_venue"]').getByRole('heading', { name }).waitFor();
      await page.getByTestId('undo-bar').filter({ hasText: name }).waitFor();
      await page.getByTestId('undo').click();
      await page.locator('[data-testid="person-card"][data-status="cancelled"]').getByRole('heading', { name }).waitFor();
      await page
        .getByTestId('toast')
        .filter({ hasText: `Undone: ${name}'s walk-in registration is cancelled` })
        .waitFor();
      // Focus returns to the search a frame after the undo is saved (use-door.ts focusSearch), not with its toast.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('checkin-search');
      expect(await page.getByTestId('sync-bar').getAttribute('data-waiting')).toBe('2');

      await context.setOffline(false);
      await waitForEmptyOutbox(page);
      const found = await api<{ data: { items: Array<{ id: string; status: string }> } }>(
        baseUrl,
        adminToken,
        'GET',
        `/visitors?q=${encodeURIComponent(name)}`,
      );
      expect(found.body.data.items).toHaveLength(1);
      const id = found.body.data.items[0]!.id;
      expect(await statusOnServer(id)).toBe('cancelled');
      // Newest first: the cancellation applied on top of the registration, each logged once.
      expect((await historyOnServer(id)).map((e) => [e.toStatus, e.outcome, e.notes || ''])).toEqual([
        ['cancelled', 'applied', 'Undo: walk-in registration cancelled'],
        ['registered_at_venue', 'applied', 'Registered at the venue'],
      ]);
      // The door counts nobody in, and a later read of the person offers no check-in.
      await page.getByTestId('checkin-search').fill(name);
      await page.getByTestId('checkin-search').press('Enter');
      await page.locator('[data-testid="person-card"][data-status="cancelled"]').getByRole('heading', { name }).waitFor();
    } finally {
      await context.setOffline(false);
    }
  }, 60_000);

  it('red for a code not found, a second entry and a cancelled pass; the switches silence it and are remembered', async () => {
    const { page } = phone;
    await openDoor(page);
    const before = await feedbackSeen(page);
    await scan(page, `NOPE${tag}`.toUpperCase());
    await page.locator('[data-testid="door-flash"][data-tone="bad"]').waitFor({ state: 'attached' });
    await page.getByTestId('unknown-card').filter({ hasText: 'No one with pass code' }).waitFor();
    // The unknown code stays selected: the next read replaces it instead of adding to it.
    const already = fresh();
    await scan(page, already.passCode);
    await page.locator('[data-testid="person-card"][data-status="checked_in"]').getByRole('heading', { name: already.name }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="door-flash"]'));
    await page.waitForTimeout(3100); // past the double-read window of the same code
    await scan(page, already.passCode);
    await page.locator('[data-testid="door-flash"][data-tone="bad"]').filter({ hasText: 'Already checked in' }).waitFor({ state: 'attached' });
    await page.getByTestId('already-checked-in').waitFor();
    expect(await page.getByTestId('card-action').count()).toBe(0);
    await page.waitForFunction(() => !document.querySelector('[data-testid="door-flash"]'));
    await page.screenshot({ path: join(SHOTS, 'door-390-already.png') });
    await scan(page, cancelled.passCode);
    await page.locator('[data-testid="door-flash"][data-tone="bad"]').filter({ hasText: 'Refused' }).waitFor({ state: 'attached' });
    await page.getByTestId('refused-pass').waitFor();
    expect(await page.getByTestId('card-action').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'door-390-refused-flash.png') });
    const seen = await feedbackSeen(page);
    const bad = [180, 90, 180, 90, 180];
    expect(seen.vibrations.slice(before.vibrations.length)).toEqual([bad, [80], bad, bad]);

    // Reduced motion: the flash shows without its animation.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await scan(page, `STILL${tag}`.toUpperCase());
    const flash = page.locator('[data-testid="door-flash"][data-tone="bad"]');
    await flash.waitFor({ state: 'attached' });
    expect(await flash.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });

    // Switched off in Settings (remembered after a reload): no flash, no vibration, no sound.
    await page.waitForFunction(() => !document.querySelector('[data-testid="door-flash"]'));
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('door-sound').uncheck();
    await page.getByTestId('door-flash-setting').uncheck();
    await page.getByTestId('door-flash-setting').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'door-390-settings.png') });
    await openDoor(page);
    expect(await page.getByTestId('door-sound').isChecked()).toBe(false);
    expect(await page.getByTestId('door-flash-setting').isChecked()).toBe(false);
    const quiet = await feedbackSeen(page); // a new page: counts start again
    await scan(page, `QUIET${tag}`.toUpperCase());
    await page.getByTestId('unknown-card').filter({ hasText: 'No one with pass code' }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('door-flash').count()).toBe(0);
    expect(await feedbackSeen(page)).toEqual(quiet);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('door-sound').check();
    await page.getByTestId('door-flash-setting').check();
  }, 60_000);

  it('door staff land on the door screen after login and when opening /panel; admins on the dashboard', async () => {
    const device = await openDevice({ viewport: PHONE });
    try {
      const { page } = device;
      await page.goto(`${baseUrl}/panel`);
      await page.getByLabel(/email/i).fill(staff.email);
      await page.getByLabel(/password/i).fill(staff.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${baseUrl}/panel/checkin`);
      await page.getByRole('heading', { name: 'Venue Check-in', level: 1 }).waitFor();
      await page.goto(`${baseUrl}/panel`);
      await page.waitForURL(`${baseUrl}/panel/checkin`);
      await page.getByRole('heading', { name: 'Venue Check-in', level: 1 }).waitFor();

      await useToken(page, baseUrl, adminToken);
      await page.goto(`${baseUrl}/panel`);
      await page.waitForURL(`${baseUrl}/panel/dashboard`);
      expect(device.problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    } finally {
      await device.close();
    }
  });
});
