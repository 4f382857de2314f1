import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneProviderEnv, startPhoneProviders } from '../../edge/testing/message-providers';
import { type RunningServer, startBuiltServer } from '../../scripts/built-server';
import { openDevice } from './browser';
import { apiLogin, useToken, uniqueMobile } from './panel-helpers';

/**
 * The pass by link and "Find my pass", end to end: the built server sends WhatsApp and SMS messages to a
 * local server of those providers' protocols, and the link in the message opens the pass in a browser
 * that never registered (a second device), offline too once opened.
 */
let providers: Awaited<ReturnType<typeof startPhoneProviders>>;
let server: RunningServer;
const SHOTS = join(import.meta.dirname, '../../.data/messages-screenshots');

beforeAll(async () => {
  providers = await startPhoneProviders();
  server = await startBuiltServer(phoneProviderEnv(providers.url));
});
afterAll(async () => {
  await server?.stop();
  await providers?.close();
});

/** The pass link of the latest WhatsApp message to `number` (waits for it to arrive). */
async function linkSentTo(number: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const message = providers.requests.slice(after).findLast((r) => r.path.endsWith('/messages') && (r.body as { to?: string }).to === `91${number}`);
    if (message) {
      const params = (message.body as { template: { components: Array<{ parameters: Array<{ text: string }> }> } }).template.components[0]!.parameters;
      return params[5]!.text;
    }
    if (Date.now() > deadline) throw new Error(`no WhatsApp message to ${number}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function register(name: string, number: string, extra: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/visitors/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fullName: name, mobileNumber: number, city: 'Hyderabad', ...extra }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { passCode: string } }).data.passCode;
}

describe('the pass by link', () => {
  it('opens on another device with date, time and venue, and again offline after that', async () => {
    const number = uniqueMobile();
    const passCode = await register('Kavya Rao', number);
    const link = await linkSentTo(number);
    expect(link.startsWith(`${server.url}/p/`)).toBe(true);

    const phone = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page, context } = phone;
      await page.goto(link);
      const pass = page.getByRole('article', { name: 'Pass of Kavya Rao' });
      await pass.waitFor();
      await expect.poll(() => pass.innerText()).toContain(passCode);
      const text = await pass.innerText();
      expect(text).toContain('18th - 19th October, 2025');
      expect(text).toContain('9:00 am – 8:00 pm IST');
      expect(text).toContain('Hyderabad International Convention Centre (HICC), Madhapur, Hyderabad');
      expect(text).toContain('Hyderabad Property Expo & Builders Awards 2025');
      expect(await pass.getByRole('img', { name: `QR code of pass ${passCode}` }).count()).toBe(1);
      await page.waitForFunction(() => document.documentElement.dataset.sw === 'ready', null, { timeout: 30_000 });

      await context.setOffline(true);
      try {
        await page.reload();
        await pass.waitFor();
        expect(await pass.innerText()).toContain('9:00 am – 8:00 pm IST');
        // And it is in My passes, offline.
        await page.getByRole('link', { name: 'My passes' }).first().click();
        await page.getByRole('article', { name: 'Pass of Kavya Rao' }).waitFor();
      } finally {
        await context.setOffline(false);
      }
      expect(phone.problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('says so for a link that is not valid', async () => {
    const phone = await openDevice();
    try {
      await phone.page.goto(`${server.url}/p/${'0'.repeat(12)}${'x'.repeat(22)}`);
      await phone.page.getByText('This pass link is not valid.').waitFor();
    } finally {
      await phone.close();
    }
  });
});

describe('Find my pass', () => {
  it('sends the link to a registered number and tells an unknown one the same, never showing the link', async () => {
    const number = uniqueMobile();
    const passCode = await register('Ravi Teja', number);
    await linkSentTo(number);
    const phone = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = phone;
      await page.goto(`${server.url}/passes`);
      await page.getByText('No passes on this device yet.', { exact: false }).waitFor();
      const before = providers.requests.length;
      await page.getByLabel('Mobile number or e-mail').fill(number);
      await page.getByRole('button', { name: 'Send my pass link' }).click();
      const answer = page.getByText('If this number or e-mail is registered with us, the link to your pass is on its way to it.');
      await answer.waitFor();
      const link = await linkSentTo(number, before);
      expect(await page.content()).not.toContain('/p/');

      await page.getByLabel('Mobile number or e-mail').fill('7000000001');
      await page.getByRole('button', { name: 'Send my pass link' }).click();
      await answer.waitFor();
      expect(await page.content()).not.toContain('/p/');

      // The link sent opens the pass.
      await page.goto(link);
      await page.getByRole('article', { name: 'Pass of Ravi Teja' }).getByText(passCode).waitFor();
    } finally {
      await phone.close();
    }
  });
});

describe('messages in the panel', () => {
  it('shows a visitor’s messages in the edit drawer and resends one', async () => {
    const number = uniqueMobile();
    await register('Sunita Menon', number);
    await linkSentTo(number);
    const admin = await openDevice();
    try {
      const { page } = admin;
      await useToken(page, server.url, await apiLogin(server.url, server.adminEmail, server.adminPassword));
      await page.goto(`${server.url}/panel/registrations/visitors`);
      const row = page.getByRole('row').filter({ hasText: 'Sunita Menon' });
      await row.getByRole('button', { name: /^Edit/ }).click();
      const messages = page.getByRole('region', { name: 'Messages' });
      await messages.getByText('WhatsApp', { exact: true }).waitFor();
      const text = await messages.innerText();
      // One paid message per pass (decision 044): WhatsApp sent, SMS kept on standby in case it fails.
      expect(text).toContain('SMS');
      expect(text).toContain('standby');
      expect(text.match(/Sent/g)?.length).toBe(1);
      expect(text).toContain(`to +91${number}`);

      const before = providers.requests.length;
      await messages.getByRole('button', { name: `Resend WhatsApp message to +91${number}` }).click();
      await page.getByText('Message queued again').first().waitFor();
      await linkSentTo(number, before);
    } finally {
      await admin.close();
    }
  });

  it('offers Resend only for the channels the server sends through, and says why another is missing', async () => {
    const number = uniqueMobile();
    // This server has WhatsApp and SMS but no e-mail: the address's confirmation question is recorded not sent.
    await register('Farah Siddiqui', number, { email: `farah.${number}@example.in` });
    await linkSentTo(number);
    const adminToken = await apiLogin(server.url, server.adminEmail, server.adminPassword);
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 768, 1024, 1280]) {
      const admin = await openDevice({ viewport: { width, height: 900 } });
      try {
        const { page } = admin;
        await useToken(page, server.url, adminToken);
        await page.goto(`${server.url}/panel/registrations/visitors`);
        await page.getByRole('row').filter({ hasText: 'Farah Siddiqui' }).getByRole('button', { name: /^Edit/ }).first().click();
        const messages = page.getByRole('region', { name: 'Messages' });
        const email = messages.locator('[data-channel="email"]');
        await email.first().waitFor();
        // E-mail: no Resend, and the reason, naming the variables (never a value).
        expect(await email.getByRole('button', { name: /^Resend/ }).count()).toBe(0);
        expect(await email.first().getByTestId('channel-missing').innerText()).toBe(
          'No Resend: E-mail is not configured on the server: set SMTP_URL and MAIL_FROM (or RESEND_API_KEY and MAIL_FROM).',
        );
        // WhatsApp sends here: Resend is offered.
        await messages.getByRole('button', { name: `Resend WhatsApp message to +91${number}` }).waitFor();
        await email.first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `messages-drawer-${width}.png`) });
      } finally {
        await admin.close();
      }
    }
  }, 120_000);
});
