import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the browser tests' PDF reader, outside pwa/src (no alias reaches tests/)
import { qrCodesInPdf } from '../../../../tests/support/pdf-qr-codes';
import { badgesPdf } from './badge-pdf';

const EVENT = { name: 'Hyderabad Property Expo & Builders Awards 2026', dates: '12th - 13th Dec, 2026', venue: 'HITEX Exhibition Centre, Hyderabad' };
const person = (i: number) => ({
  name: `Visitor Number ${i} Reddy`,
  organisation: 'Sri Homes Private Limited',
  type: 'Visitor',
  passCode: `EP7K2Q9M${String(i).padStart(2, '0')}`,
});

describe('badge PDFs', () => {
  it('an A6 badge is one A6 page whose printed QR code reads back as the pass code', async () => {
    const bytes = await badgesPdf([person(1)], EVENT, 'a6');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round((width / 72) * 25.4), Math.round((height / 72) * 25.4)]).toEqual([105, 148]);
    expect(pdf.getTitle()).toBe('Badge: Visitor Number 1 Reddy');
    expect(await qrCodesInPdf(bytes)).toEqual([['EP7K2Q9M01']]);
  });

  it('A4 label sheets hold eight badges each, every code readable, in reading order', async () => {
    const people = Array.from({ length: 10 }, (_, i) => person(i));
    const bytes = await badgesPdf(people, EVENT, 'a4-labels');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round((width / 72) * 25.4), Math.round((height / 72) * 25.4)]).toEqual([210, 297]);
    expect(await qrCodesInPdf(bytes)).toEqual([people.slice(0, 8).map((p) => p.passCode), people.slice(8).map((p) => p.passCode)]);
  });

  // About 1 % of random pass codes print a QR image that ZXing's detector misses when drawn pixel-perfect:
  // this is one, so a badge test on a random pass code cannot fail by chance.
  it('reads back a pass code whose printed QR code a scanner finds only with softened edges', async () => {
    const bytes = await badgesPdf([{ ...person(3), passCode: 'FM78FXNRKNTR' }], EVENT, 'a6');
    expect(await qrCodesInPdf(bytes)).toEqual([['FM78FXNRKNTR']]);
  });

  it('prints a name in a script the standard fonts lack as "?" rather than failing, and fits a very long name', async () => {
    const bytes = await badgesPdf(
      [
        { name: 'రవి కుమార్', type: 'Guest', passCode: 'EPGUEST001' },
        { ...person(2), name: 'A'.repeat(120) },
      ],
      EVENT,
      'a6',
    );
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    expect(await qrCodesInPdf(bytes)).toEqual([['EPGUEST001'], ['EP7K2Q9M02']]);
  });
});
