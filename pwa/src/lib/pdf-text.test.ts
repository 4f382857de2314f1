import { PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the tests' font reader, outside pwa/src (no alias reaches tests/)
import { fontFilesFromDisk } from '../../../tests/support/font-files';
// biome-ignore lint/style/noRestrictedImports: the browser tests' PDF reader, outside pwa/src (no alias reaches tests/)
import { pageContent, streamBytes } from '../../../tests/support/pdf-qr-codes';
import { mendedFontkit, PdfText } from './pdf-text';

const TELUGU_700 = '/node_modules/@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff';

/** A one-page PDF with each of `lines` drawn in bold, and the font files it read. */
async function drawn(lines: string[]) {
  const read: string[] = [];
  const pdf = await PDFDocument.create();
  const text = await PdfText.embed(
    pdf,
    lines.map((line) => ({ text: line, weight: 700 as const })),
    fontFilesFromDisk(read),
  );
  const page = pdf.addPage([400, 100 + 40 * lines.length]);
  lines.forEach((line, i) => text.draw(page, line, { x: 20, y: 40 * (lines.length - i), size: 24, weight: 700, color: rgb(0, 0, 0) }));
  const saved = await PDFDocument.load(await pdf.save());
  return { pdf: saved, content: pageContent(saved, saved.getPage(0)), read, text };
}

/** The fonts a PDF embeds, by name (without the subset's tag), as fontkit reads them. */
function embeddedFonts(pdf: PDFDocument) {
  const fonts = new Map<string, ReturnType<typeof mendedFontkit.create>>();
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const file = pdf.context.lookup(object.get(PDFName.of('FontFile2')) as PDFRef);
    if (file instanceof PDFRawStream)
      fonts.set(
        String(object.get(PDFName.of('FontName')))
          .replace(/^\/(\w+\+)?/, '')
          .replace(/-\d+$/, ''),
        mendedFontkit.create(streamBytes(file)),
      );
  }
  return fonts;
}

/** The UTF-16 hex that a run's ActualText holds, as pdf-lib writes it. */
const utf16 = (text: string) => `FEFF${[...text].map((ch) => ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')).join('')}`;

describe('text in PDFs', () => {
  it('shapes "శ్రీ", whose mark anchor Noto Sans Telugu leaves empty and fontkit alone throws on', async () => {
    const { read, content } = await drawn(['శ్రీనివాస్ రెడ్డి']);
    expect(read).toContain(TELUGU_700);
    expect(content).toContain(utf16('శ్రీనివాస్'));
  });

  it("keeps every Telugu glyph's outline through subsetting (odd-length glyphs are padded)", async () => {
    const names = ['రాము కృష్ణ', 'శ్రీ లక్ష్మీ కన్స్ట్రక్షన్స్'];
    const { pdf } = await drawn(names);
    const subset = [...embeddedFonts(pdf)].find(([name]) => name.startsWith('NotoSansTelugu-Bold'))?.[1];
    expect(subset).toBeDefined();
    const source = mendedFontkit.create(await fontFilesFromDisk()(TELUGU_700));
    const outlines = (font: typeof source, ids: number[]) => ids.map((id) => font.getGlyph(id).path.toSVG()).filter(Boolean);
    const wanted = names.flatMap((name) =>
      outlines(
        source,
        source.layout(name.replaceAll(' ', '')).glyphs.map((glyph) => glyph.id),
      ),
    );
    const kept = new Set(
      outlines(
        subset!,
        Array.from({ length: subset!.numGlyphs }, (_, id) => id),
      ),
    );
    expect(wanted.length).toBeGreaterThan(15);
    expect(wanted.filter((outline) => !kept.has(outline))).toEqual([]);
  });

  it('loads the fonts of the scripts used and no other, and writes a script none has as "?"', async () => {
    const latin = await drawn(['Ravi Kumar Reddy']);
    expect(latin.read.map((url) => url.split('/').at(-1))).toEqual(['noto-sans-latin-700-normal.woff']);
    const mixed = await drawn(['Dr. శ్రీనివాస్ (राम) Śrī தமிழ்']);
    expect(mixed.read.map((url) => url.split('/').at(-1)).sort()).toEqual([
      'noto-sans-devanagari-devanagari-700-normal.woff',
      'noto-sans-latin-700-normal.woff',
      'noto-sans-latin-ext-700-normal.woff',
      'noto-sans-telugu-telugu-700-normal.woff',
    ]);
    // One run per script, each with its own letters as ActualText; Tamil, which no font here has, as "?".
    for (const run of ['Dr. ', 'శ్రీనివాస్', ' (', 'राम', ') ', 'Ś', 'r', 'ī', ' ?????']) expect(mixed.content).toContain(utf16(run));
    expect([...embeddedFonts(mixed.pdf).keys()].sort()).toEqual(['NotoSans-Bold', 'NotoSansDevanagari-Bold', 'NotoSansTelugu-Bold']);
  });

  it("places a vowel sign by the font's anchors: ु under क moves 234 units left, and the pen back after it", async () => {
    const { content } = await drawn(['कुमार']);
    expect(content).toMatch(/\[ <[0-9A-F]{4}> 234 <[0-9A-F]{4}> -234 [^\]]*\] TJ/);
  });

  it('fits a long name by size, then cuts it a whole letter at a time', async () => {
    const { text } = await drawn(['x']);
    const fitted = text.fit('శ్రీనివాస్ రెడ్డి '.repeat(6), 700, 200, 24, 12);
    expect(fitted.size).toBe(12);
    expect(fitted.text.endsWith('…')).toBe(true);
    expect(text.widthOf(fitted.text, 700, 12)).toBeLessThanOrEqual(200);
    // Never a virama or vowel sign left without its consonant.
    expect(fitted.text.slice(0, -1)).toMatch(/[\u0C15-\u0C39\u0C4D\u0C3E-\u0C4C\u0C02]$/);
  });
});
