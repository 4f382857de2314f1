import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../edge/testing/message-providers';
import { REPO_ROOT, startBuiltServer } from '../../scripts/built-server';
import { openDevice } from './browser';
import { api, apiLogin, PANEL_VIEWPORTS, seriousViolations, useToken } from './panel-helpers';

/**
 * The organiser's Lead messages screen (issue 32): exhibitors asked to pass a message on to visitors who
 * have not shared their details; an admin finds the screen from the sidebar, passes one on by e-mail (the
 * composer filled with the exhibitor's words; the visitor's mail arrives at a local SMTP server) and
 * declines the other with the keyboard, then finds each under its state. Looked at on a phone, a tablet and
 * two laptops. Its own server, with an e-mail channel.
 *
 * A lead is made by a stall phone's signed scan (exhibitor-leads.spec.ts walks that); here the leads and
 * their requests are written to the server's database as the exhibitor's routes write them, so the test is
 * about the organiser's screen.
 */
type Server = Awaited<ReturnType<typeof startBuiltServer>>;
let server: Server;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dataDir: string;
let token: string;
const tag = String(Date.now()).slice(-6);
const shots = process.env.LEAD_SHOTS_DIR ?? join(import.meta.dirname, '../../.data/lead-message-screenshots');
mkdirSync(shots, { recursive: true });

/** A lead of `exhibitorId` on `visitorId` and the exhibitor's request to pass `message` on to them. */
async function leadWithRequest(exhibitorId: string, eventId: string, visitorId: string, message: string, minutesAgo: number) {
  // The running server writes too (an invitation's messages): wait for its lock as the server's own connections do.
  const db = createClient({ url: `file:${join(dataDir, 'expo.db')}`, timeout: 5_000 });
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const leadId = crypto.randomUUID();
  await db.execute({
    sql: `INSERT INTO leads (id, exhibitor_id, event_id, visitor_id, scanned_at, device_id, author_id, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, 'bench-phone', 'staff-1', ?, ?)`,
    args: [leadId, exhibitorId, eventId, visitorId, at, at, at],
  });
  await db.execute({
    sql: `INSERT INTO lead_message_requests (id, exhibitor_id, event_id, lead_id, message, requested_by, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, 'staff-1', ?, ?)`,
    args: [crypto.randomUUID(), exhibitorId, eventId, leadId, message, at, at],
  });
  db.close();
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = join(REPO_ROOT, '.data', `e2e-lead-messages-${Date.now().toString(36)}`);
  mkdirSync(dataDir, { recursive: true });
  server = await startBuiltServer({ SMTP_URL: smtp.url, MAIL_FROM: 'EventPro <passes@expo.test>' }, { dataDir });
  token = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  const events = await api<{ data: { items: Array<{ id: string }> } }>(server.url, token, 'GET', '/events?sort=isFeatured&order=desc&limit=1');
  const eventId = events.body.data.items[0]!.id;
  const exhibitorOf = async (companyName: string, mobileNumber: string) => {
    const stall = await api<{ data: { id: string } }>(server.url, token, 'POST', '/stalls', {
      eventId,
      companyName,
      contactPersonName: 'Ravi Kumar',
      email: `stall${mobileNumber}@example.in`,
      mobileNumber,
      stallNumber: `A-${mobileNumber.slice(-2)}`,
      status: 'confirmed',
    });
    expect(stall.status, JSON.stringify(stall.body)).toBe(201);
    const exhibitor = await api<{ data: { id: string } }>(server.url, token, 'POST', '/exhibitors', { stallId: stall.body.data.id });
    expect(exhibitor.status).toBe(201);
    return exhibitor.body.data.id;
  };
  const aparna = await exhibitorOf('Aparna Constructions', `98765${tag.slice(-3)}01`);
  const prestige = await exhibitorOf('Prestige Estates', `98765${tag.slice(-3)}02`);
  const visitor = async (name: string, i: number) => {
    const res = await api<{ data: { id: string } }>(server.url, token, 'POST', '/visitors', {
      eventId,
      fullName: name,
      mobileNumber: `97${tag}${String(i).padStart(2, '0')}`,
      // Entered by the organiser: an address that may be mailed.
      email: `lead${tag}.${i}@example.in`,
    });
    expect(res.status).toBe(201);
    return res.body.data.id;
  };
  await leadWithRequest(aparna, eventId, await visitor(`Meena ${tag}`, 1), 'Our show flat at Kokapet is open on Sunday, 10 am to 6 pm.', 30);
  await leadWithRequest(prestige, eventId, await visitor(`Arjun ${tag}`, 2), 'Call us for the launch price of the 3 BHK.', 20);
  await leadWithRequest(aparna, eventId, await visitor(`Kavya ${tag}`, 3), 'A brochure of the villas is waiting at our stall.', 10);
}, 300_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('Lead messages, the organiser passes exhibitors’ messages on', () => {
  it('shows the waiting requests at every width, as cards on a phone', async () => {
    for (const viewport of PANEL_VIEWPORTS) {
      const device = await openDevice({ viewport });
      try {
        const { page } = device;
        await useToken(page, server.url, token);
        await page.goto(`${server.url}/panel/lead-messages`);
        const rows = page.getByTestId('lead-message-row');
        await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
        // Oldest first: the order they were asked in.
        expect(await rows.first().innerText()).toContain('Aparna Constructions');
        expect(await rows.first().innerText()).toContain(`Meena ${tag}`);
        // No sideways scrolling; on a phone each request is a card of labelled lines.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        const firstCell = await rows
          .first()
          .locator('td')
          .first()
          .evaluate((td) => ({ display: getComputedStyle(td).display, label: getComputedStyle(td, '::before').content }));
        expect(firstCell).toEqual(viewport.width === 390 ? { display: 'block', label: '"Exhibitor: "' } : { display: 'table-cell', label: 'none' });
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: join(shots, `lead-messages-${viewport.width}.png`), fullPage: true });
        expect(device.problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
      } finally {
        await device.close();
      }
    }
  }, 180_000);

  it('passes one on by e-mail, declines one with the keyboard, and finds each under its state', async () => {
    const device = await openDevice({ viewport: { width: 1280, height: 800 } });
    try {
      const { page } = device;
      await useToken(page, server.url, token);
      // Found where exhibitors live: the sidebar's registrations.
      await page.goto(`${server.url}/panel/dashboard`);
      await page.getByRole('link', { name: /Lead Messages/ }).click();
      await page.waitForURL(/\/panel\/lead-messages$/);
      const rows = page.getByTestId('lead-message-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);

      // Pass on: the composer holds the exhibitor's words; preview as the visitor gets it, then send.
      const meena = rows.filter({ hasText: `Meena ${tag}` });
      await meena.getByRole('button', { name: 'Pass on…' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByLabel('Subject').inputValue()).toBe('A message from Aparna Constructions');
      expect(await dialog.getByLabel('Text').inputValue()).toBe('Our show flat at Kokapet is open on Sunday, 10 am to 6 pm.');
      await dialog.getByLabel('Text').fill('Dear {name},\n\nAparna Constructions: our show flat at Kokapet is open on Sunday, 10 am to 6 pm.');
      expect(await dialog.getByLabel('Send at (empty: now)').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Preview' }).click();
      const preview = dialog.getByTestId('group-preview');
      await expect.poll(() => preview.innerText()).toMatch(/People\s+1/);
      expect(await preview.innerText()).toContain(`Dear Meena ${tag}`);
      await dialog.getByRole('button', { name: 'Send now' }).click();
      await page.getByText(/Message passed on: 1 to send/).waitFor();
      await expect.poll(() => rows.count()).toBe(2);
      // The visitor's e-mail arrives, with the organiser's words; the exhibitor never had the address.
      await expect.poll(() => smtp.envelopes.some((e) => e.to.includes(`lead${tag}.1@example.in`)), { timeout: 20_000 }).toBe(true);
      const mail = smtp.received[smtp.envelopes.findIndex((e) => e.to.includes(`lead${tag}.1@example.in`))]!;
      expect(mail.subject).toBe('A message from Aparna Constructions');
      expect(mail.text).toContain(`Dear Meena ${tag}`);

      // Decline with the keyboard: focus the button, Enter, and Enter on the confirmation's Decline.
      const arjun = rows.filter({ hasText: `Arjun ${tag}` });
      await arjun.getByRole('button', { name: 'Decline' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
      await confirm.getByText(/Decline Prestige Estates's request\?/).waitFor();
      await confirm.getByRole('button', { name: 'Decline' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(/Prestige Estates's request declined/).waitFor();
      await expect.poll(() => rows.count()).toBe(1);

      // Each under its state, with who handled it.
      // The list keeps the previous state's rows on screen until the new state's arrive: wait for those.
      await page.getByLabel('Show').selectOption('sent');
      await page.waitForURL(/state=sent/);
      await expect.poll(() => rows.first().getAttribute('data-state')).toBe('sent');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain(`Meena ${tag}`);
      await page.getByLabel('Show').selectOption('declined');
      await page.waitForURL(/state=declined/);
      await expect.poll(() => rows.first().getAttribute('data-state')).toBe('declined');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain(`Arjun ${tag}`);
      expect(await rows.first().innerText()).toMatch(/by /);
      await page.screenshot({ path: join(shots, 'lead-messages-declined-1280.png'), fullPage: true });
      // A request already handled cannot be handled again.
      const handled = await api<{ data: { items: Array<{ id: string; visitorName: string }> } }>(server.url, token, 'GET', '/lead-messages?state=sent');
      const again = await api(server.url, token, 'POST', `/lead-messages/${handled.body.data.items[0]!.id}/decline`);
      expect(again.status).toBe(404);
      expect(device.problems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
    } finally {
      await device.close();
    }
  }, 180_000);
});
