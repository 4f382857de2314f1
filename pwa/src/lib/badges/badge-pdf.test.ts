import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the tests' font reader, outside pwa/src (no alias reaches tests/)
import { fontFilesFromDisk } from '../../../../tests/support/font-files';
// biome-ignore lint/style/noRestrictedImports: the browser tests' PDF reader, outside pwa/src (no alias reaches tests/)
import { pageContent, qrCodesInPdf } from '../../../../tests/support/pdf-qr-codes';
import { badgesPdf as badgesPdfWith } from './badge-pdf';

const EVENT = { name: 'Hyderabad Property Expo & Builders Awards 2026', dates: '12th - 13th Dec, 2026', venue: 'HITEX Exhibition Centre, Hyderabad' };
const person = (i: number) => ({
  name: `Visitor Number ${i} Reddy`,
  organisation: 'Sri Homes Private Limited',
  type: 'Visitor',
  passCode: `EP7K2Q9M${String(i).padStart(2, '0')}`,
});

/** Badges with the fonts read from disk (the app fetches them from the build's assets). */
const badgesPdf = (...args: Parameters<typeof badgesPdfWith>) => badgesPdfWith(args[0], args[1], args[2], fontFilesFromDisk());

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

  it('prints Telugu and Devanagari names in their own fonts, its text the names, and fits a very long name', async () => {
    const bytes = await badgesPdf(
      [
        { name: 'రాము కృష్ణ', organisation: 'శ్రీ లక్ష్మీ కన్స్ట్రక్షన్స్', type: 'Guest', passCode: 'EPGUEST001' },
        { name: 'राम कुमार', organisation: 'प्रिया बिल्डर्स', type: 'Visitor', passCode: 'EPGUEST002' },
        { ...person(2), name: 'A'.repeat(120) },
      ],
      EVENT,
      'a6',
    );
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(3);
    expect(await qrCodesInPdf(bytes)).toEqual([['EPGUEST001'], ['EPGUEST002'], ['EP7K2Q9M02']]);
    // Each name is written as its own letters (the ActualText of its runs), in the script's font.
    const [telugu, devanagari] = [pageContent(pdf, pdf.getPage(0)), pageContent(pdf, pdf.getPage(1))];
    const utf16 = (text: string) => [...text].map((ch) => ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')).join('');
    for (const word of ['రాము', 'కృష్ణ', 'శ్రీ', 'లక్ష్మీ']) expect(telugu).toContain(utf16(word));
    for (const word of ['राम', 'कुमार', 'प्रिया']) expect(devanagari).toContain(utf16(word));
    expect(telugu).toMatch(/\/NotoSansTelugu-Bold-\d+ \d+(\.\d+)? Tf/);
    expect(devanagari).toMatch(/\/NotoSansDevanagari-Bold-\d+ \d+(\.\d+)? Tf/);
    expect(telugu + devanagari).not.toContain('003F'); // no "?"
  });
});
