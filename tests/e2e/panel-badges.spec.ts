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
});
