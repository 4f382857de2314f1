import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, inject, it } from 'vitest';
import { qrCodesInPdf } from '../support/pdf-qr-codes';
import { api, signedInAdmin } from './panel-helpers';

const baseUrl = inject('baseUrl');
const admin = signedInAdmin();

describe('badges', () => {
  it("prints a guest's badge from the edit drawer: an A6 PDF whose QR code reads as the guest's pass code", async () => {
    const name = `Badge Guest ${Date.now()}`;
    const created = await api<{ data: { id: string; passCode: string } }>(baseUrl, admin.token, 'POST', '/guests', {
      fullName: name,
      mobileNumber: `97${String(Date.now()).slice(-8)}`,
      organizationName: 'Sri Sai Constructions',
    });
    expect(created.status).toBe(201);
    const { page } = admin.device;
    await page.goto(`${baseUrl}/panel/vips/guests?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Print badge' }).click()]);
    expect(download.suggestedFilename()).toBe(`badge-${name.toLowerCase().replace(/ /g, '-')}.pdf`);
    const bytes = new Uint8Array(readFileSync((await download.path())!));
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Badge: ${name}`);
    expect(await qrCodesInPdf(bytes)).toEqual([[created.body.data.passCode]]);
  });

  it('prints Telugu and Devanagari names in their own letters, fetching the fonts only then: pdftotext reads the names', async () => {
    const organisation = `Scripts Org ${Date.now()}`;
    const names = ['రాము కృష్ణ', 'राम कुमार'];
    for (const [i, fullName] of names.entries()) {
      const created = await api(baseUrl, admin.token, 'POST', '/guests', {
        fullName,
        mobileNumber: `96${String(Date.now() + i).slice(-8)}`,
        organizationName: organisation,
      });
      expect(created.status).toBe(201);
    }
    const { page } = admin.device;
    const fonts: string[] = [];
    const collect = (request: { url(): string }) => {
      if (/\.woff2?$/.test(new URL(request.url()).pathname)) fonts.push(new URL(request.url()).pathname.split('/').at(-1)!);
    };
    page.on('request', collect);
    try {
      await page.goto(`${baseUrl}/panel/vips/guests?q=${encodeURIComponent(organisation)}`);
      await page.getByRole('row').filter({ hasText: names[1]! }).waitFor();
      expect(fonts).toEqual([]); // the list itself loads no font
      await page.getByRole('checkbox', { name: 'Select every row on this page' }).check();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print badges' }).click()]);
      const file = (await download.path())!;
      // Bold Latin, Telugu and Devanagari (names, band, type) and regular Latin (the organisation), nothing else.
      expect(fonts.map((name) => name.replace(/-[\w-]{8}\.woff$/, '')).sort()).toEqual([
        'noto-sans-devanagari-devanagari-700-normal',
        'noto-sans-latin-400-normal',
        'noto-sans-latin-700-normal',
        'noto-sans-telugu-telugu-700-normal',
      ]);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      for (const name of names) expect(text).toContain(name);
      expect(text).not.toContain('?');
      expect(await qrCodesInPdf(new Uint8Array(readFileSync(file)))).toHaveLength(1);
    } finally {
      page.off('request', collect);
    }
  });
});
