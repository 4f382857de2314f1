import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer } from '../../scripts/built-server';
import { startSmtpServer } from '../../edge/testing/message-providers';
import { openDevice } from './browser';
import { api, apiLogin, useToken } from './panel-helpers';

/**
 * A group message from a list, on a phone (390 px) and a laptop (1280 px): select people on the visitors
 * list, compose an e-mail, preview it as one of them gets it (count, not sent and why), schedule it, and see
 * it waiting in a person's messages. Its own server, with an e-mail channel (a local SMTP server).
 */
let server: Awaited<ReturnType<typeof startBuiltServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let token: string;
const tag = String(Date.now()).slice(-6);
const visitorIds: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startBuiltServer({ SMTP_URL: smtp.url, MAIL_FROM: 'EventPro <passes@expo.test>' });
  token = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  for (let i = 0; i < 12; i++) {
    const answer = await api<{ data: { id: string } }>(server.url, token, 'POST', '/visitors', {
      fullName: `Group ${tag} Visitor ${i}`,
      mobileNumber: `97${tag}${String(i).padStart(2, '0')}`,
      // Entered by the organiser: these addresses may be mailed; one visitor has none.
      email: i === 11 ? '' : `group${tag}.${i}@example.in`,
    });
    expect(answer.status).toBe(201);
    visitorIds.push(answer.body.data.id);
  }
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('a group message from a list', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`composes, previews and schedules at ${viewport.width} px`, async () => {
      const device = await openDevice({ viewport });
      try {
        const { page } = device;
        await useToken(page, server.url, token);
        await page.goto(`${server.url}/panel/registrations/visitors`);
        await page.getByText(`Group ${tag} Visitor 0`, { exact: true }).first().waitFor();
        await page.getByLabel('Select every row on this page').check();
        await page.getByRole('button', { name: 'Message…' }).click();

        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Subject').fill('Parking for {name}');
        await dialog.getByLabel('Text').fill('Dear {name},\n\nUse gate 3 tomorrow.');
        await dialog.getByLabel('Send at (empty: now)').fill('2030-01-15T10:00');
        await dialog.getByRole('button', { name: 'Preview' }).click();

        const preview = dialog.getByTestId('group-preview');
        await preview.waitFor();
        // 12 selected: 11 with an address entered by the organiser, one without.
        await expect.poll(() => preview.innerText()).toMatch(/People\s+12/);
        expect(await preview.innerText()).toMatch(/Will be sent\s+11/);
        expect(await preview.innerText()).toContain('1 not sent: no e-mail address');
        expect(await preview.innerText()).toMatch(/Parking for Group \d+ Visitor \d+/);
        expect(await preview.innerText()).toContain('To receive no more of these messages');
        // The page never scrolls sideways, the preview included.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        await dialog.getByRole('button', { name: 'Schedule' }).click();
        await page.getByText(/Message scheduled for the group/).waitFor();
        // No script error nor CSP violation (a resource's 404, such as the token page's robots.txt, is not one).
        expect(device.problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
      } finally {
        await device.close();
      }
      // Each person's messages show it, waiting for its time; nothing is sent before then.
      const messages = await api<{ data: { items: Array<{ template: string; status: string; lastError: string }> } }>(
        server.url,
        token,
        'GET',
        `/visitors/${visitorIds[0]}/messages`,
      );
      const group = messages.body.data.items.filter((m) => m.template === 'group');
      expect(group.length).toBeGreaterThan(0);
      expect(group[0]).toMatchObject({ status: 'queued', lastError: expect.stringMatching(/^waiting: scheduled for 2030-01-15T/) });
      expect(smtp.received.length).toBe(0);
    }, 120_000);
  }
});
