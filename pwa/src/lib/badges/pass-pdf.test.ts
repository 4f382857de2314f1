import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the tests' font reader, outside pwa/src (no alias reaches tests/)
import { fontFilesFromDisk } from '../../../../tests/support/font-files';
// biome-ignore lint/style/noRestrictedImports: the browser tests' PDF reader, outside pwa/src (no alias reaches tests/)
import { qrCodesInPdf } from '../../../../tests/support/pdf-qr-codes';
import { passPdf } from './pass-pdf';

const dir = mkdtempSync(join(tmpdir(), 'pass-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as poppler extracts it (what a reader copies or searches). */
function pdfText(bytes: Uint8Array, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

const pass = {
  passCode: 'EP7K2Q9M01',
  typeLabel: 'Visitor Registration',
  eventName: 'Hyderabad Property Expo 2026',
  recordId: 'r1',
  savedAt: '2026-11-26T00:00:00.000Z',
  startDateTime: '2026-12-12T04:30:00.000Z',
  endDateTime: '2026-12-13T13:30:00.000Z',
  venue: 'HITEX Exhibition Centre',
  city: 'Hyderabad',
};

describe('the pass PDF', () => {
  it.each([
    ['telugu', 'శ్రీ లక్ష్మి రెడ్డి'],
    ['hindi', 'अनन्या शर्मा'],
    ['latin', 'Ravi Kumar'],
  ])('writes a %s name as its own letters, with the event, the band and a QR code that reads back as the pass code', async (script, name) => {
    const bytes = await passPdf({ ...pass, name }, fontFilesFromDisk());
    const text = pdfText(bytes, script);
    expect(text).toContain(name);
    expect(text).toContain('Hyderabad Property Expo 2026');
    expect(text).toContain('VISITOR');
    expect(text).toContain('EP7K2Q9M01');
    expect(text).not.toContain('?');
    expect(await qrCodesInPdf(bytes)).toEqual([['EP7K2Q9M01']]);
  });

  it("prints a stall's pass with the exhibitors' band", async () => {
    const text = pdfText(await passPdf({ ...pass, name: 'Meena', typeLabel: 'Book a Stall' }, fontFilesFromDisk()), 'stall');
    expect(text).toContain('EXHIBITOR');
  });
});
