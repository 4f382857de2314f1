// Site data cleared while the door is offline (issue 26, point 10): the door says what happened and how to
// get it back, never the router's raw "Something went wrong".
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Device, openDevice } from './browser';
import { featuredEventId, openCheckin, seedVisitors, staffLogin } from './checkin-helpers';
import { apiLogin, useToken } from './panel-helpers';

const baseUrl = inject('baseUrl');
const tag = `clear${Date.now().toString(36)}`;
let gate: Device;

beforeAll(async () => {
  const adminToken = await apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
  const eventId = await featuredEventId(baseUrl, adminToken);
  await seedVisitors(baseUrl, adminToken, eventId, tag, 4);
  const staff = await staffLogin(baseUrl, adminToken, tag);
  gate = await openDevice({ viewport: { width: 390, height: 844 } });
  await useToken(gate.page, baseUrl, staff.token);
}, 120_000);

afterAll(async () => {
  await gate?.close();
});

describe('site data cleared while the door is offline', () => {
  it('the door goes on from memory, and leaving it lands on the login; never the raw router error', async () => {
    const { page, context } = gate;
    await openCheckin(page, baseUrl, 4);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'all' });
    await page.getByTestId('storage-loss').or(page.getByTestId('sign-in-to-send')).first().waitFor({ timeout: 30_000 });
    // The door goes on from the roster it holds in memory: a scan still answers.
    await page.getByTestId('checkin-search').fill('ZZZZ');
    await page.keyboard.press('Enter');
    await page.getByTestId('unknown-card').waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    // Leaving the door offline lands on a screen of the app (the login), not the router's raw error.
    await page.getByTestId('door-to-panel').click();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(gate.problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  });
});
