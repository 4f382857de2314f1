import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CONSENT_NOTICES } from '../../shared/consent';
import type { RegistrationQuestion } from '../../shared/registration-questions';
import { hydrated, openDevice } from './browser';
import { api, PANEL_VIEWPORTS, seriousViolations, signedInAdmin, uniqueMobile } from './panel-helpers';

/**
 * Registration questions (issue 32, decision 079) in real Chromium: an organiser adds three questions in
 * Settings, a visitor on a 390 px phone comes from the home page's Villas card, answers them and ticks the
 * exhibitors box, and the visitors list filters by "Looking for: Villa" and exports the answers.
 */
const baseUrl = inject('baseUrl');
const admin = signedInAdmin();
const SHOTS = process.env.QUESTIONS_SHOTS_DIR ?? join(import.meta.dirname, '../../.data/questions-screenshots');
const tag = String(Date.now() % 1e6);

let featuredId = '';
const featuredQuestions = async () =>
  (await api<{ data: { registrationQuestions: RegistrationQuestion[] } }>(baseUrl, admin.token, 'GET', `/events/${featuredId}`)).body.data
    .registrationQuestions;

// The featured event is every spec's: its form asks nothing once this spec is done.
afterAll(async () => {
  if (featuredId) await api(baseUrl, admin.token, 'PUT', `/events/${featuredId}`, { registrationQuestions: [] });
});

describe('registration questions', () => {
  it('an organiser adds three questions in Settings', async () => {
    const site = await (await fetch(`${baseUrl}/api/public/site`)).json();
    featuredId = site.data.event.id;
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/settings`);
    const card = page.locator('.panel-questions');
    // The featured event is chosen; it asks nothing yet.
    await card.getByRole('button', { name: 'Start with the expo’s questions' }).click();
    await expect.poll(() => card.getByRole('group', { name: /^Question \d$/ }).count()).toBe(3);
    // The third suggestion is replaced by the organiser's own: preferred area, one answer.
    await card.getByRole('button', { name: 'Remove question 3' }).click();
    await card.getByRole('button', { name: 'Add a question' }).click();
    const third = card.getByRole('group', { name: 'Question 3' });
    await third.getByLabel('Question', { exact: true }).fill('Preferred area');
    await third.getByLabel('Choices, one a line').fill('Gachibowli\nKokapet\nShamshabad');
    await third.getByLabel('One answer').check();
    await card.getByRole('button', { name: 'Save questions' }).click();
    await card.getByText('Questions saved: the visitor form asks them now.').waitFor();
    const saved = await featuredQuestions();
    expect(saved.map((q) => [q.id, q.label, q.kind, q.choices.map((c) => c.label), q.required])).toEqual([
      ['looking-for', 'Looking for', 'multi', ['Villa', 'Flat', 'Plot'], false],
      ['budget', 'Budget', 'single', ['Under ₹50 lakh', '₹50 lakh – 1 crore', 'Over ₹1 crore'], false],
      ['preferred-area', 'Preferred area', 'single', ['Gachibowli', 'Kokapet', 'Shamshabad'], false],
    ]);

    mkdirSync(SHOTS, { recursive: true });
    for (const viewport of PANEL_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: join(SHOTS, `settings-questions-${viewport.width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a visitor on a 390 px phone comes from the Villas card, answers them and ticks the exhibitors box', async () => {
    const phone = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = phone;
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.getByRole('link', { name: /^Villas/ }).click();
      await page.waitForURL(`${baseUrl}/visitor-registration?interest=villa`);
      await hydrated(page);
      const form = page.locator('form.form');
      const looking = form.getByRole('group', { name: 'Looking for' });
      // The card's interest is chosen; the visitor adds another.
      await expect.poll(() => looking.getByLabel('Villa').isChecked()).toBe(true);
      await looking.getByLabel('Plot').check();
      const box = form.getByLabel(CONSENT_NOTICES.exhibitors.label!);
      expect(await box.isChecked()).toBe(false);
      expect(await form.locator('.form__optin-text').innerText()).toBe(`${CONSENT_NOTICES.exhibitors.text} Privacy notice`);

      await page.getByLabel('Full Name').fill(`Villa Buyer ${tag}`);
      await page.getByLabel('Mobile Number').fill(uniqueMobile());
      await page.getByLabel('State').selectOption('Telangana');
      await page.getByLabel('City').selectOption('Hyderabad');
      await form.getByRole('group', { name: 'Budget' }).getByLabel('Over ₹1 crore').check();
      await form.getByRole('group', { name: 'Preferred area' }).getByLabel('Kokapet').check();
      await box.check();
      mkdirSync(SHOTS, { recursive: true });
      for (const width of [390, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: join(SHOTS, `visitor-form-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousViolations(page)).toEqual([]);

      const sent = page.waitForRequest((request) => request.url().endsWith('/api/visitors/register') && request.method() === 'POST');
      await page.getByRole('button', { name: 'Register Now', exact: true }).click();
      expect((await sent).postDataJSON()).toMatchObject({
        answers: { 'looking-for': ['villa', 'plot'], budget: ['over-1cr'], 'preferred-area': ['kokapet'] },
        exhibitorsConsentVersion: CONSENT_NOTICES.exhibitors.version,
      });
      await page.getByText('Visitor registration successful!').waitFor();
      // The form is empty again, the box off.
      expect(await looking.getByLabel('Villa').isChecked()).toBe(false);
      expect(await box.isChecked()).toBe(false);

      // The popup asks the same questions, with the box off.
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.getByText('REGISTER NOW', { exact: true }).click();
      await page.getByRole('link', { name: 'Visitor Registration', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('group', { name: 'Preferred area' }).waitFor();
      expect(await dialog.getByRole('group', { name: 'Looking for' }).getByRole('checkbox').count()).toBe(3);
      expect(await dialog.getByLabel(CONSENT_NOTICES.exhibitors.label!).isChecked()).toBe(false);
      await dialog.getByRole('group', { name: 'Budget' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, 'visitor-popup-390.png') });

      // A visitor who chose a flat, registered by the organiser, without the box.
      const flat = await api<{ data: { answers: unknown } }>(baseUrl, admin.token, 'POST', '/visitors', {
        fullName: `Flat Buyer ${tag}`,
        mobileNumber: uniqueMobile(),
        eventId: featuredId,
        answers: { 'looking-for': ['flat'] },
      });
      expect(flat.status).toBe(201);
    } finally {
      await phone.close();
    }
  });

  it('the visitors list filters by "Looking for: Villa" and its CSV and Excel exports carry the answers', async () => {
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/registrations/visitors?eventId=${featuredId}&q=${encodeURIComponent(tag)}`);
    await page.getByRole('cell', { name: `Flat Buyer ${tag}`, exact: true }).waitFor();
    await page.getByLabel('Answer').selectOption({ label: 'Looking for: Villa' });
    await page.waitForURL(/answer=looking-for(%3A|:)villa/);
    await page.getByRole('cell', { name: `Villa Buyer ${tag}`, exact: true }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: `Flat Buyer ${tag}`, exact: true }).count()).toBe(0);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'visitors-filtered-1280.png') });
    // The answers column (priority 3) in words; a wide list shows it, a narrower one keeps it for the card.
    await expect.poll(() => page.locator('td[data-label="Answers"]').first().textContent()).toBe('Villa, Plot · Over ₹1 crore · Kokapet');

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV', exact: true }).click();
    const csv = readFileSync((await (await csvDownload).path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = Papa.parse<string[]>(csv.trim()).data;
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0]![header!.indexOf(name)];
    expect([cell('Name'), cell('Looking for'), cell('Budget'), cell('Preferred area')]).toEqual([
      `Villa Buyer ${tag}`,
      'Villa, Plot',
      'Over ₹1 crore',
      'Kokapet',
    ]);

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Excel', exact: true }).click();
    const [sheetHeader, ...sheetRows] = await readSheet(readFileSync((await (await xlsxDownload).path())!));
    expect(sheetRows).toHaveLength(1);
    expect(sheetRows[0]![sheetHeader!.indexOf('Looking for')]).toBe('Villa, Plot');
  });
});
