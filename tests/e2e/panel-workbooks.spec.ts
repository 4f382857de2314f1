import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSheet } from 'read-excel-file/node';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { api, chooseEvent, createEvent, PANEL_VIEWPORTS, signedInAdmin } from './panel-helpers';

/**
 * Excel both ways at an expo's size, under the policy the server really sends (`worker-src 'self'`): the
 * zip work inside write-excel-file and read-excel-file used to start a `blob:` worker for any sheet of a
 * few hundred rows, which the policy refuses, and both then waited for ever.
 */
const baseUrl = inject('baseUrl');
const admin = signedInAdmin();
const SHOTS = process.env.WORKBOOK_SHOTS_DIR ?? join(import.meta.dirname, '../../.data/workbook-screenshots');
const ROWS = 10_000;
const tag = String(Date.now()).slice(-5);
/** Ten-digit numbers unique to this run and this test (`set` 1 or 2). */
const mobile = (set: number, n: number) => `9${set}${tag.slice(-3)}${String(n).padStart(5, '0')}`;

/** Every message the page's policy refused, as the console says it. */
function policyRefusals(page: Page) {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

async function expectRealPolicy(page: Page, path: string) {
  const answer = await page.goto(`${baseUrl}${path}`);
  expect(answer?.headers()['content-security-policy']).toContain("worker-src 'self'");
}

describe('Excel workbooks of 10,000 rows', () => {
  it('an .xlsx of 10,000 visitors is read, previewed and imported', async () => {
    const eventName = `Workbook Import ${tag}`;
    await createEvent(baseUrl, admin.token, eventName);
    const sheet = [['Full Name', 'Phone', 'City'], ...Array.from({ length: ROWS }, (_, i) => [`Xlsx Visitor ${tag} ${i + 1}`, mobile(1, i), 'Hyderabad'])].map(
      (row) => row.map((value) => ({ value })),
    );
    const bytes = await writeXlsxFile(sheet).toBuffer();

    const { page } = admin.device;
    const refused = policyRefusals(page);
    await expectRealPolicy(page, '/panel/registrations/visitors');
    await page.getByRole('heading', { name: 'Visitors', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Visitors' });
    await chooseEvent(dialog, eventName);
    await dialog
      .getByLabel('File')
      .setInputFiles({ name: 'visitors.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes });
    await dialog.getByText(`${ROWS.toLocaleString('en-IN')} rows in visitors.xlsx`).waitFor({ timeout: 30_000 });
    expect(await dialog.getByLabel('Field for Phone').inputValue()).toBe('mobileNumber');

    await dialog.getByRole('button', { name: 'Check rows' }).click();
    const summary = dialog.locator('.import__summary').filter({ hasText: 'to import' });
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.textContent()).toBe(`${ROWS.toLocaleString('en-IN')} to import`);
    await dialog.getByRole('button', { name: /^Import 10,?000 rows$/ }).click();
    await dialog
      .locator('.import__summary')
      .filter({ hasText: `${ROWS.toLocaleString('en-IN')} imported` })
      .waitFor({ timeout: 60_000 });
    const stored = await api<{ data: { total: number } }>(baseUrl, admin.token, 'GET', `/visitors?q=${encodeURIComponent(`Xlsx Visitor ${tag}`)}&limit=1`);
    expect(stored.body.data.total).toBe(ROWS);
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(refused).toEqual([]);
  }, 180_000);

  it('Export Excel of 10,000 visitors downloads a workbook of 10,000 rows; Export CSV stays usable meanwhile', async () => {
    const eventId = await createEvent(baseUrl, admin.token, `Workbook Export ${tag}`);
    for (let start = 0; start < ROWS; start += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => ({
        line: start + i + 2,
        values: { fullName: `Export Visitor ${tag} ${start + i + 1}`, mobileNumber: mobile(2, start + i) },
      }));
      const answer = await api<{ message: string }>(baseUrl, admin.token, 'POST', '/visitors/import', { importKey: `export-${tag}-${start}`, eventId, rows });
      expect(answer.status, answer.body.message).toBe(200);
    }

    const { page } = admin.device;
    const refused = policyRefusals(page);
    await expectRealPolicy(page, `/panel/registrations/visitors?eventId=${eventId}`);
    await page
      .getByRole('cell', { name: new RegExp(`^Export Visitor ${tag} \\d+$`) })
      .first()
      .waitFor({ timeout: 30_000 });
    const downloading = page.waitForEvent('download', { timeout: 90_000 });
    await page.getByRole('button', { name: 'Export Excel', exact: true }).click();
    const progress = page.locator('.panel-export-progress');
    await progress.waitFor();
    // The CSV's button waits for nothing the workbook does.
    expect(await page.getByRole('button', { name: 'Export CSV', exact: true }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export Excel', exact: true }).isDisabled()).toBe(true);
    mkdirSync(SHOTS, { recursive: true });
    await page.getByText(/Writing 10,000 rows to Excel/).waitFor({ timeout: 30_000 });
    for (const viewport of PANEL_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: join(SHOTS, `export-progress-${viewport.width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^visitors-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [header, ...rows] = await readSheet(readFileSync((await download.path())!));
    expect(header).toContain('Name');
    expect(rows).toHaveLength(ROWS);
    const names = new Set(rows.map((row) => row[header!.indexOf('Name')]));
    expect(names.has(`Export Visitor ${tag} 1`) && names.has(`Export Visitor ${tag} ${ROWS}`)).toBe(true);
    await progress.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Export Excel', exact: true }).isEnabled()).toBe(true);
    expect(refused).toEqual([]);
  }, 180_000);

  it('a file that is not a workbook says so and the dialog can choose another', async () => {
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/registrations/visitors`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Visitors' });
    await dialog
      .getByLabel('File')
      .setInputFiles({ name: 'broken.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK\u0003\u0004 not really a zip') });
    await dialog.getByRole('alert').filter({ hasText: 'could not be read as an Excel workbook' }).waitFor({ timeout: 15_000 });
    expect(await dialog.getByLabel('File').isEnabled()).toBe(true);
    await page.keyboard.press('Escape');
  });
});
