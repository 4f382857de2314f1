import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Device, openDevice } from './browser';

/** Signs in through the API and returns the token (shared by the panel specs). */
export async function apiLogin(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`login failed: ${res.status} ${body.message}`);
  return body.token;
}

/**
 * Puts the token where the PWA keeps it before any page script runs. A page already on the site keeps its
 * place (and needs no network: a tablet offline is given a new login so); any other first opens a plain file of it.
 */
export async function useToken(page: Page, baseUrl: string, token: string) {
  if (new URL(page.url(), 'about:blank').origin !== new URL(baseUrl).origin) await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate((t) => localStorage.setItem('eventpro.token', t), token);
}

export async function api<T = unknown>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const AXE = readFileSync(resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');

/** axe-core over the current page: the serious and critical violations, as readable strings. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // page.evaluate runs through DevTools, so the strict CSP (no inline scripts) does not block axe.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const results = (await page.evaluate(async () => {
    // axe is a global injected above
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  })) as { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/**
 * A spec's admin: a device (browser profile) signed in to the panel before the spec's tests and closed
 * after them, with the token for API calls. Call it at the top of the spec; `device` and `token` are there
 * once the tests run.
 */
export function signedInAdmin(): { device: Device; token: string } {
  const admin = {} as { device: Device; token: string };
  beforeAll(async () => {
    const baseUrl = inject('baseUrl');
    admin.device = await openDevice();
    admin.token = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
    await useToken(admin.device.page, baseUrl, admin.token);
  });
  afterAll(async () => {
    await admin.device?.close();
  });
  return admin;
}

/** The widths every panel screen is checked at: a laptop, a small laptop, a tablet upright, a phone. */
export const PANEL_VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;

/** Creates an event through the API and answers its id. */
export async function createEvent(baseUrl: string, token: string, eventName: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await api<{ data: { id: string }; message: string }>(baseUrl, token, 'POST', '/events', {
    eventName,
    state: 'Telangana',
    city: 'Hyderabad',
    eventTypes: ['Conference'],
    startDateTime: '2026-12-12T04:30:00.000Z',
    endDateTime: '2026-12-13T12:30:00.000Z',
    ...extra,
  });
  if (status !== 201) throw new Error(body.message);
  return body.data.id;
}

/**
 * Chooses an event by its name in the event picker labelled `label` (`scope`: the page or a dialog): types
 * the name into the picker's search and clicks the option whose name it is.
 */
export async function chooseEvent(scope: Page | Locator, eventName: string, label: string | RegExp = /^Event( \*)?$/) {
  const page = 'page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page);
  const picker = scope.getByRole('combobox', { name: label });
  await picker.click();
  await picker.fill(eventName);
  const name = page.locator('.event-picker__name').filter({ hasText: new RegExp(`^${escapeRegExp(eventName)}( Featured)?$`) });
  await scope.getByRole('option').filter({ has: name }).first().click();
}

/** The event a picker shows as chosen (its name; the field's own text while it is closed). */
export async function chosenEvent(scope: Page | Locator, label: string | RegExp = /^Event( \*)?$/): Promise<string> {
  return scope.getByRole('combobox', { name: label }).inputValue();
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Answers the app's confirm dialog (`confirmAction`) with its named action and returns the question it
 * asked: what the person read before saying yes.
 */
export async function confirmInApp(page: Page): Promise<string> {
  const button = page.getByTestId('confirm-action');
  await button.waitFor();
  const question = page.getByRole('dialog').filter({ has: button });
  const text = (await question.locator('.dialog__body p').first().textContent()) ?? '';
  await button.click();
  await button.waitFor({ state: 'detached' });
  return text;
}

/** Chooses `action` (e.g. "Delete") from a list row's "⋯" menu, where a row keeps its less frequent actions. */
export async function chooseRowAction(row: Locator, action: string) {
  await row.getByRole('button', { name: /^More actions for/ }).click();
  await row.page().getByRole('menu').getByRole('menuitem', { name: action }).click();
}

/** Types a date-time ('YYYY-MM-DDTHH:mm') into a form's date field labelled `label` and the HH:mm time box beside it. */
export async function fillDateTime(scope: Locator, label: string | RegExp, value: string) {
  const [date = '', time = ''] = value.split('T');
  const dateInput = scope.getByLabel(label);
  await dateInput.fill(date);
  await dateInput.locator('xpath=following-sibling::input[1]').fill(time);
}

/** What a form's date field labelled `label` and its time box hold, as 'YYYY-MM-DDTHH:mm'. */
export async function dateTimeValue(scope: Locator, label: string | RegExp): Promise<string> {
  const dateInput = scope.getByLabel(label);
  return `${await dateInput.inputValue()}T${await dateInput.locator('xpath=following-sibling::input[1]').inputValue()}`;
}

let lastMobile = 0;
/**
 * A 10-digit Indian mobile number no other test of the run has used (fresh database per run, shared by
 * the specs, which run one file at a time): 9 and the clock's milliseconds, never repeating in a file.
 */
export function uniqueMobile(): string {
  lastMobile = Math.max(lastMobile + 1, Date.now() % 1e9);
  return `9${String(lastMobile).padStart(9, '0')}`;
}
