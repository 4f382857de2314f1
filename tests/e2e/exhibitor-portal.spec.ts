import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer } from '../../scripts/built-server';
import { phoneProviderEnv, startPhoneProviders } from '../../edge/testing/message-providers';
import { openDevice } from './browser';
import { api, apiLogin, chooseRowAction, seriousViolations, useToken } from './panel-helpers';

/**
 * The exhibitor portal on phones (issue 32): the organiser invites a confirmed stall from its row in the
 * panel; the contact opens the invitation's link on a 390 px phone (the WhatsApp message, read from the
 * local WhatsApp Cloud API server the built server sends to), signs in with the code WhatsApp delivered,
 * sees the booking, adds a second staff phone, which signs in in its own browser; the owner removes it and
 * it is signed out. Screenshots of every portal screen at 390/768/1024/1280.
 */
const SHOTS = process.env.PORTAL_SHOTS_DIR ?? join(import.meta.dirname, '../../.data/portal-screenshots');
const VIEWPORTS = [390, 768, 1024, 1280].map((width) => ({ width, height: width === 390 ? 844 : 800 }));
let server: Awaited<ReturnType<typeof startBuiltServer>>;
let phones: Awaited<ReturnType<typeof startPhoneProviders>>;
let token: string;
const tag = String(Date.now()).slice(-5);
const OWNER = `98${tag}001`;
const STAFF = `98${tag}002`;
let stallId: string;

/** The body parameters of the WhatsApp messages of `template` to `number` (10 digits), in order. */
const whatsapp = (number: string, template: string) =>
  phones.requests
    .map((r) => r.body as { to?: string; template?: { name: string; components: Array<{ parameters: Array<{ text: string }> }> } })
    .filter((b) => b.to === `91${number}` && b.template?.name === template)
    .map((b) => b.template!.components[0]!.parameters.map((p) => p.text));

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const value = read();
    if (value !== undefined) return value;
  }
  throw new Error(`no ${what} within 15 s`);
}

/** Asks for a code on the sign-in screen and types the one the WhatsApp server received. */
async function signInWithCode(page: Page, number: string, shot?: string) {
  const before = whatsapp(number, 'exhibitor_code').length;
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByText('a 6-digit code is on its way').waitFor();
  const code = await waitFor(() => whatsapp(number, 'exhibitor_code')[before]?.[0], 'code');
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('6-digit code').fill(code);
  if (shot) await page.screenshot({ path: shot, fullPage: true });
  await page.getByRole('button', { name: 'Sign in' }).click();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  phones = await startPhoneProviders();
  server = await startBuiltServer(phoneProviderEnv(phones.url));
  token = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  const events = await api<{ data: { items: Array<{ id: string }> } }>(server.url, token, 'GET', '/events');
  const stall = await api<{ data: { id: string } }>(server.url, token, 'POST', '/stalls', {
    eventId: events.body.data.items[0]!.id,
    companyName: `Aparna Constructions ${tag}`,
    contactPersonName: 'Ravi Kumar',
    email: `ravi${tag}@aparna.in`,
    mobileNumber: OWNER,
    stallNumber: 'B-14',
    stallType: 'premium',
    stallSize: { width: 3, length: 3, unit: 'metres' },
    status: 'confirmed',
    paymentStatus: 'partial',
  });
  expect(stall.status).toBe(201);
  stallId = stall.body.data.id;
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await phones?.close();
});

describe('the exhibitor portal on phones', () => {
  it('an exhibitor invited by link signs in, sees the booking, adds a second phone that signs in on its own, and removes it', async () => {
    // The organiser invites from the stall's row.
    const panel = await openDevice();
    try {
      await useToken(panel.page, server.url, token);
      await panel.page.goto(`${server.url}/panel/registrations/stalls`);
      const row = panel.page.getByRole('row').filter({ hasText: `Aparna Constructions ${tag}` });
      await row.waitFor();
      await chooseRowAction(row, 'Invite to exhibitor portal');
      await panel.page.getByText('Invitation sent to Ravi Kumar.').waitFor();
    } finally {
      await panel.close();
    }
    const link = (await waitFor(() => whatsapp(OWNER, 'exhibitor_invite')[0], 'invitation'))[3]!;
    expect(link).toBe(`${server.url}/exhibitor/sign-in?m=${OWNER}`);

    const owner = await openDevice({ viewport: { width: 390, height: 844 } });
    const staff = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const page = owner.page;
      await page.goto(link);
      expect(await page.getByLabel('Mobile number').inputValue()).toBe(OWNER);
      await signInWithCode(page, OWNER, join(SHOTS, 'portal-390-sign-in-code.png'));
      await page.getByRole('heading', { name: 'Stall B-14' }).waitFor();
      const facts = await page.locator('.portal-facts').allInnerTexts();
      expect(facts.join('\n')).toMatch(/Stall type\s+Premium/);
      expect(facts.join('\n')).toMatch(/Size\s+3 × 3 metres/);
      expect(facts.join('\n')).toMatch(/Payment status\s+Partial/);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Team' }).click();
      // The team has answered (the owner's own row) before typing: the form is the one that stays.
      await page.getByText(/\(you\)/).waitFor();
      await page.getByLabel('Name').fill('Sita Devi');
      await page.getByLabel('Mobile number').fill(STAFF);
      await page.getByRole('button', { name: 'Add' }).click();
      // The answer first (a refusal would show here as its message), then the list that has her.
      const refused = page.locator('.portal-form ~ .form-message--error');
      await page
        .getByText(/^Added\. They sign in on their own phone/)
        .or(refused)
        .first()
        .waitFor();
      expect(await refused.allInnerTexts()).toEqual([]);
      await page.getByText('Sita Devi').waitFor();

      // The second phone: its own browser, its own code.
      await staff.page.goto(`${server.url}/exhibitor`);
      await staff.page.waitForURL(/\/exhibitor\/sign-in$/);
      await staff.page.getByLabel('Mobile number').fill(STAFF);
      await signInWithCode(staff.page, STAFF);
      await staff.page.getByRole('heading', { name: 'Stall B-14' }).waitFor();
      await staff.page.getByRole('link', { name: 'Team' }).click();
      await staff.page.getByText('Your team’s owner adds and removes people.').waitFor();

      await page.reload();
      const sita = page.getByRole('listitem').filter({ hasText: 'Sita Devi' });
      await sita.getByText(/since/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await sita.getByRole('button', { name: 'Remove' }).click();
      await page.getByTestId('confirm-action').click();
      await page.getByText('Removed. Their phone is signed out.').waitFor();
      await staff.page.reload();
      await staff.page.waitForURL(/\/exhibitor\/sign-in$/);
      expect([...owner.problems, ...staff.problems].filter((p) => !/401|Failed to load resource/.test(p))).toEqual([]);
    } finally {
      await owner.close();
      await staff.close();
    }
  });

  it('shows every portal screen at 390, 768, 1024 and 1280 px', async () => {
    // One sign-in by code (each code is a paid message, capped per number a day); the other widths reuse its token.
    let portalToken = '';
    for (const viewport of VIEWPORTS) {
      const device = await openDevice({ viewport });
      try {
        const { page } = device;
        await page.goto(`${server.url}/exhibitor/sign-in?m=${OWNER}`);
        await page.getByRole('button', { name: 'Send me a code' }).waitFor();
        await page.screenshot({ path: join(SHOTS, `portal-${viewport.width}-sign-in.png`), fullPage: true });
        if (!portalToken) {
          await signInWithCode(page, OWNER);
          await page.getByRole('heading', { name: 'Stall B-14' }).waitFor();
          portalToken = await page.evaluate(() => localStorage.getItem('eventpro.exhibitor-token') ?? '');
        } else {
          await page.evaluate((t) => localStorage.setItem('eventpro.exhibitor-token', t), portalToken);
          await page.goto(`${server.url}/exhibitor`);
        }
        await page.getByRole('heading', { name: 'Stall B-14' }).waitFor();
        await page.screenshot({ path: join(SHOTS, `portal-${viewport.width}-booking.png`), fullPage: true });
        await page.getByRole('link', { name: 'Team' }).click();
        await page.getByRole('heading', { name: 'Add a person' }).waitFor();
        await page.getByText('Ravi Kumar (you)').waitFor();
        await page.screenshot({ path: join(SHOTS, `portal-${viewport.width}-team.png`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `horizontal overflow at ${viewport.width}`).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await device.close();
      }
    }
    // The stall's record in the panel: the invitation's section.
    const panel = await openDevice({ viewport: { width: 1280, height: 800 } });
    try {
      await useToken(panel.page, server.url, token);
      await panel.page.goto(`${server.url}/panel/registrations/stalls`);
      const row = panel.page.getByRole('row').filter({ hasText: `Aparna Constructions ${tag}` });
      await row.getByRole('button', { name: /^Edit/ }).click();
      await panel.page.getByRole('button', { name: 'Send the invitation again' }).waitFor();
      await panel.page.getByRole('region', { name: 'Exhibitor portal' }).scrollIntoViewIfNeeded();
      await panel.page.screenshot({ path: join(SHOTS, 'panel-1280-stall-invite.png') });
    } finally {
      await panel.close();
    }
    expect(stallId).toBeTruthy();
  });
});
