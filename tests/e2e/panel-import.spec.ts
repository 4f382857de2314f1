import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { api, PANEL_VIEWPORTS, seriousViolations, signedInAdmin } from './panel-helpers';

/** Import of people from a CSV and an Excel file through the panel: mapping, preview, import, re-import. */
const baseUrl = inject('baseUrl');
const admin = signedInAdmin();
const SHOTS = process.env.IMPORT_SHOTS_DIR ?? join(import.meta.dirname, '../../.data/import-screenshots');

const tag = String(Date.now()).slice(-5);
/** Ten-digit numbers unique to this run. */
const phone = (n: number) => `97${tag}${String(n).padStart(3, '0')}`;

const CSV = [
  'Full Name,Phone,Email,City',
  `Ravi Csv ${tag},${phone(1)},ravi@csv.in,Hyderabad`,
  `,${phone(2)},blank@csv.in,Hyderabad`,
  `Short Number ${tag},12345,short@csv.in,Hyderabad`,
  `Ravi Again ${tag},+91 ${phone(1).slice(0, 5)} ${phone(1).slice(5)},again@csv.in,Hyderabad`,
  `Stored Copy ${tag},0${phone(3)},copy@csv.in,Hyderabad`,
  `Sita Csv ${tag},${phone(4)},sita@csv.in,Warangal`,
].join('\n');

async function openImport(path: string, heading: string) {
  const { page } = admin.device;
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByRole('dialog', { name: `Import ${heading}` }).waitFor();
  return page;
}

describe('import through the panel', () => {
  it('a CSV of visitors: columns matched by their labels, bad rows and duplicates shown before anything is saved, then imported once', async () => {
    const stored = await api(baseUrl, admin.token, 'POST', '/visitors', { fullName: `Already Here ${tag}`, mobileNumber: phone(3) });
    expect(stored.status).toBe(201);

    const page = await openImport('/panel/registrations/visitors', 'Visitors');
    await page.getByLabel('File').setInputFiles({ name: 'visitors.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    expect(await page.getByLabel('Field for Full Name').inputValue()).toBe('fullName');
    expect(await page.getByLabel('Field for Phone').inputValue()).toBe('mobileNumber');
    expect(await page.getByLabel('Field for City').inputValue()).toBe('city');

    await page.getByRole('button', { name: 'Check rows' }).click();
    const summary = page.locator('.import__summary').filter({ hasText: 'to import' });
    await summary.waitFor();
    expect(await summary.textContent()).toBe('2 to import, 2 duplicates skipped, 2 with errors');
    const problems = page.locator('.import__row');
    expect(await problems.allTextContents()).toEqual([
      `3${phone(2)}Full name is required`,
      `4Short Number ${tag}12345Mobile number must be 10-15 digits`,
      `5Ravi Again ${tag}+91 ${phone(1).slice(0, 5)} ${phone(1).slice(5)}Same mobile number as row 2 of this file`,
      `6Stored Copy ${tag}0${phone(3)}Already Here ${tag} is already registered for this event with this mobile number`,
    ]);
    // Nothing is written by the check.
    expect((await api<{ data: { total: number } }>(baseUrl, admin.token, 'GET', `/visitors?q=Csv ${tag}`)).body.data.total).toBe(0);

    mkdirSync(SHOTS, { recursive: true });
    for (const viewport of PANEL_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: join(SHOTS, `import-preview-${viewport.width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);

    // The progress bar shows while rows are sent (recorded as it appears: two rows take a moment only).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('.import__progress progress');
        if (bar) seen.push(`${bar.labels?.[0]?.textContent ?? ''}|${bar.max}`);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.locator('.import__summary').filter({ hasText: '2 imported' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)).toContain('Importing rows: 0 of 6|6');
    const list = await api<{ data: { items: Array<{ fullName: string; mobileNumber: string; city: string }> } }>(
      baseUrl,
      admin.token,
      'GET',
      `/visitors?q=Csv ${tag}`,
    );
    expect(list.body.data.items.map((v) => [v.fullName, v.mobileNumber, v.city]).sort()).toEqual([
      [`Ravi Csv ${tag}`, `+91${phone(1)}`, 'Hyderabad'],
      [`Sita Csv ${tag}`, `+91${phone(4)}`, 'Warangal'],
    ]);
    await page.getByRole('button', { name: 'Done' }).click();
    // The list behind shows the imported visitors.
    await page.getByRole('cell', { name: `Sita Csv ${tag}`, exact: true }).waitFor();

    // The same file again: nothing new.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByLabel('File').setInputFiles({ name: 'visitors.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Check rows' }).click();
    const again = page.locator('.import__summary').filter({ hasText: 'already imported' });
    await again.waitFor();
    expect(await again.textContent()).toBe('0 to import, 2 duplicates skipped, 2 with errors, 2 already imported');
    expect(await page.getByRole('button', { name: 'Import 0 rows' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('an .xlsx of guests: a column the panel does not know is mapped by hand, numbers stored as numbers are read', async () => {
    const sheet = [
      ['Full Name', 'Reach me on', 'Organization', 'Notes'],
      [`Guest Xlsx ${tag}`, Number(phone(11)), 'Aparna', 'Front row'],
      [`Guest Twin ${tag}`, Number(phone(11)), 'Aparna', ''],
      ['', Number(phone(12)), 'Nobody', ''],
      [`Guest Two ${tag}`, `+91 ${phone(13)}`, 'My Home', ''],
    ].map((row) => row.map((value) => ({ value })));
    const bytes = await writeXlsxFile(sheet).toBuffer();

    const page = await openImport('/panel/vips/guests', 'Guests');
    await page
      .getByLabel('File')
      .setInputFiles({ name: 'guests.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes });
    expect(await page.getByLabel('Field for Reach me on').inputValue()).toBe('');
    await page.getByLabel('Field for Reach me on').selectOption({ label: 'Phone' });
    mkdirSync(SHOTS, { recursive: true });
    for (const viewport of PANEL_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: join(SHOTS, `import-columns-${viewport.width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Check rows' }).click();
    const summary = page.locator('.import__summary').filter({ hasText: 'to import' });
    await summary.waitFor();
    expect(await summary.textContent()).toBe('2 to import, 1 duplicate skipped, 1 with errors');
    expect(await page.locator('.import__row').allTextContents()).toEqual([
      `3Guest Twin ${tag}${phone(11)}Same mobile number as row 2 of this file`,
      `4${phone(12)}Full name is required`,
    ]);
    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.locator('.import__summary').filter({ hasText: '2 imported' }).waitFor();
    const guests = await api<{ data: { items: Array<{ fullName: string; notes: string; status: string }> } }>(baseUrl, admin.token, 'GET', `/guests?q=${tag}`);
    expect(guests.body.data.items.map((g) => [g.fullName, g.notes, g.status]).sort()).toEqual([
      [`Guest Two ${tag}`, '', 'confirmed'],
      [`Guest Xlsx ${tag}`, 'Front row', 'confirmed'],
    ]);
  });
});
