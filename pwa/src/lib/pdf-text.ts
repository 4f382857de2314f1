// fontkit's Indic and Universal shapers run a generator compiled for regenerator's runtime, which they expect
// as a global: without it every Telugu or Devanagari string throws "regeneratorRuntime is not defined".
import 'regenerator-runtime/runtime.js';
import devanagariRanges from '@fontsource/noto-sans-devanagari/unicode.json';
import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff?url';
import devanagari700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff?url';
import latinRanges from '@fontsource/noto-sans/unicode.json';
import latin400 from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?url';
import latin700 from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff?url';
import latinExt400 from '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff?url';
import latinExt700 from '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff?url';
import teluguRanges from '@fontsource/noto-sans-telugu/unicode.json';
import telugu400 from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff?url';
import telugu700 from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff?url';
import fontkit, { type Font } from '@pdf-lib/fontkit';
import {
  beginText,
  endText,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  setFillingColor,
  setFontAndSize,
  moveText,
  setTextRise,
} from 'pdf-lib';

/**
 * Text in any PDF the app makes (badges today): Noto Sans for Latin, Noto Sans Telugu and Noto Sans
 * Devanagari, embedded as subsets holding only the glyphs drawn, the font chosen per run of a script
 * (decision 050). Fonts are the @fontsource packages' WOFF files (OFL-1.1), fetched only when a PDF is
 * made and only for the scripts its strings use; the service worker precaches them for the door offline.
 */

export type Weight = 400 | 700;

/** One family of the fonts: the characters its files hold (the package's unicode-range), per weight. */
interface Family {
  name: string;
  /** Characters that belong to this family's script alone: they choose it whatever surrounds them. */
  own: Array<[number, number]>;
  /** Every character the files hold, as the package declares (shared marks, dandas, ZWJ, ₹ …). */
  covers: Array<[number, number]>;
  files: Record<Weight, string>;
}

const ranges = (unicodeRange: string): Array<[number, number]> =>
  unicodeRange.split(',').map((part) => {
    const [from, to = from] = part.replace(/^U\+/i, '').split('-');
    return [Number.parseInt(from!, 16), Number.parseInt(to!, 16)];
  });

/** Searched in this order for a character no script owns (digits, spaces, punctuation): Latin first. */
const FAMILIES: Family[] = [
  { name: 'latin', own: [], covers: ranges(latinRanges.latin), files: { 400: latin400, 700: latin700 } },
  { name: 'latin-ext', own: [], covers: ranges(latinRanges['latin-ext']), files: { 400: latinExt400, 700: latinExt700 } },
  // The Unicode blocks of each script (Telugu; Devanagari with its extended and Vedic blocks).
  { name: 'telugu', own: [[0x0c00, 0x0c7f]], covers: ranges(teluguRanges.telugu), files: { 400: telugu400, 700: telugu700 } },
  {
    name: 'devanagari',
    own: [
      [0x0900, 0x097f],
      [0xa8e0, 0xa8ff],
      [0x1cd0, 0x1cff],
    ],
    covers: ranges(devanagariRanges.devanagari),
    files: { 400: devanagari400, 700: devanagari700 },
  },
];
const LATIN = FAMILIES[0]!;
const within = (list: Array<[number, number]>, code: number) => list.some(([from, to]) => code >= from && code <= to);

/**
 * Splits `text` into runs of one family each: a character of a script's own block takes that script's
 * font; any other stays with the run it is in when that font has it (a space or a danda inside a Telugu
 * name), else takes the first family that has it. A character no family has is written as "?".
 */
function familyRuns(text: string, has: (family: Family, code: number) => boolean): Array<{ family: Family; text: string }> {
  const runs: Array<{ family: Family; text: string }> = [];
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    const current = runs.at(-1);
    const owner = FAMILIES.find((candidate) => within(candidate.own, code));
    const family = owner
      ? has(owner, code)
        ? owner
        : undefined
      : current && has(current.family, code)
        ? current.family
        : FAMILIES.find((candidate) => has(candidate, code));
    const [chosen, written] = family ? [family, ch] : [LATIN, '?'];
    if (current?.family === chosen) current.text += written;
    else runs.push({ family: chosen, text: written });
  }
  return runs;
}

const declared = (family: Family, code: number) => within(family.covers, code);

/** How the app's code gets a font file's bytes: fetched from the build's assets (tests read them from disk). */
export type FontFiles = (url: string) => Promise<Uint8Array>;

export const fetchFontFile: FontFiles = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The font ${url} could not be loaded (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
};

/**
 * fontkit (@pdf-lib/fontkit 1.1.1, pinned) as pdf-lib calls it, with two faults of its own mended, each
 * proven by pdf-text.test.ts (no release fixes them: upstream fontkit 2.0.4 throws on the same anchor):
 * - A mark-to-base anchor that the font leaves empty ("this base takes no mark of this class", as the
 *   OpenType specification allows) throws, and Noto Sans Telugu has them: "శ్రీ" (Sri, in countless
 *   names) failed. An empty anchor now attaches nothing, as HarfBuzz does.
 * - A subset's `loca` table is written in the short format, which stores offsets halved, whenever the
 *   subset is under 128 KB: a glyph of odd length (Noto Sans Telugu's are not padded) shifts every later
 *   glyph, and pdftoppm drew most Telugu letters blank. Each glyph is now padded to an even length.
 */
const mendedPrototypes = new WeakSet<object>();
function mendFontkit(font: Font): Font {
  const engine = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: object } } })._layoutEngine?.engine;
  const gpos = engine?.GPOSProcessor ? Object.getPrototypeOf(engine.GPOSProcessor) : undefined;
  if (gpos && !mendedPrototypes.has(gpos)) {
    const applyAnchor = gpos.applyAnchor;
    gpos.applyAnchor = function (this: unknown, markRecord: { markAnchor?: unknown }, baseAnchor: unknown, baseGlyphIndex: number) {
      if (!baseAnchor || !markRecord?.markAnchor) return;
      return applyAnchor.call(this, markRecord, baseAnchor, baseGlyphIndex);
    };
    mendedPrototypes.add(gpos);
  }
  const subset = Object.getPrototypeOf(font.createSubset());
  if (subset && typeof subset._addGlyph === 'function' && !mendedPrototypes.has(subset)) {
    const addGlyph = subset._addGlyph;
    subset._addGlyph = function (this: { glyf: Uint8Array[]; offset: number }, gid: number) {
      const index = addGlyph.call(this, gid);
      const glyph = this.glyf[this.glyf.length - 1]!;
      if (glyph.length % 2) {
        // The same class as fontkit's own buffers (its Buffer polyfill), zero-filled.
        const kind = glyph.constructor as Uint8ArrayConstructor & { alloc?: (size: number) => Uint8Array };
        const padded = kind.alloc ? kind.alloc(glyph.length + 1) : new kind(glyph.length + 1);
        padded.set(glyph);
        this.glyf[this.glyf.length - 1] = padded;
        this.offset += 1;
      }
      return index;
    };
    mendedPrototypes.add(subset);
  }
  return font;
}

/** The fontkit that pdf-lib is given (`registerFontkit`): fontkit's own, each font mended as it is made. */
export const mendedFontkit = { create: (bytes: Uint8Array, postscriptName?: string) => mendFontkit(fontkit.create(bytes, postscriptName)) };

interface Face {
  /** The font as fontkit shapes it (glyphs and their OpenType positions). */
  shaper: Font;
  /** The same font embedded in the document, as a subset. */
  embedded: PDFFont;
}

interface ShapedRun {
  face: Face;
  text: string;
  glyphs: Array<{ advanceWidth: number }>;
  positions: Array<{ xAdvance: number; xOffset: number; yOffset: number }>;
  /** The run's width in font units. */
  advance: number;
}

/**
 * The fonts of one PDF document: made by `PdfText.embed(pdf, texts)` with the faces that `texts` need,
 * it measures and draws strings in any of the three scripts, each shaped by fontkit (conjuncts, reordered
 * vowel signs, marks placed by the font's GPOS anchors).
 */
export class PdfText {
  private readonly fontKeys = new WeakMap<PDFPage, Map<Face, PDFName>>();

  private constructor(private readonly faces: Map<string, Face>) {}

  /**
   * Loads and embeds, as subsets, the faces that `texts` need in the weights they are drawn in, with Latin
   * in each of those weights (it writes "…" and "?" for every script).
   */
  static async embed(pdf: PDFDocument, texts: Array<{ text: string; weight: Weight }>, files: FontFiles = fetchFontFile): Promise<PdfText> {
    pdf.registerFontkit(mendedFontkit);
    const needed = new Map<string, { family: Family; weight: Weight }>();
    const need = (family: Family, weight: Weight) => needed.set(`${family.name}-${weight}`, { family, weight });
    for (const { text, weight } of texts) {
      need(LATIN, weight);
      for (const run of familyRuns(text, declared)) need(run.family, weight);
    }
    const faces = new Map<string, Face>();
    await Promise.all(
      [...needed].map(async ([key, { family, weight }]) => {
        const bytes = await files(family.files[weight]);
        faces.set(key, { shaper: mendedFontkit.create(bytes), embedded: await pdf.embedFont(bytes, { subset: true }) });
      }),
    );
    return new PdfText(faces);
  }

  /** `text` in runs of one face each, shaped; a character none of the loaded faces has is written "?". */
  private shape(text: string, weight: Weight): ShapedRun[] {
    if (!this.faces.has(`${LATIN.name}-${weight}`)) throw new Error(`No text was embedded in weight ${weight}: name it to PdfText.embed`);
    const face = (family: Family) => this.faces.get(`${family.name}-${weight}`);
    return familyRuns(text, (family, code) => declared(family, code) && !!face(family)?.shaper.hasGlyphForCodePoint(code)).map((run) => {
      const chosen = face(run.family)!;
      const { glyphs, positions } = chosen.shaper.layout(run.text);
      return { face: chosen, text: run.text, glyphs, positions, advance: positions.reduce((sum, position) => sum + position.xAdvance, 0) };
    });
  }

  /** The width of `text` at `size` points, as drawn. */
  widthOf(text: string, weight: Weight, size: number): number {
    return this.shape(text, weight).reduce((sum, run) => sum + (run.advance * size) / run.face.shaper.unitsPerEm, 0);
  }

  /**
   * The largest size ≤ `max` at which `text` fits `width`, never below `min`; then it is cut, a whole
   * letter (grapheme: a conjunct with its signs) at a time, and ends with "…".
   */
  fit(text: string, weight: Weight, width: number, max: number, min: number): { text: string; size: number } {
    for (let size = max; size >= min; size -= 0.5) if (this.widthOf(text, weight, size) <= width) return { text, size };
    const letters = [...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(text)].map((part) => part.segment);
    while (letters.length > 1 && this.widthOf(`${letters.join('')}…`, weight, min) > width) letters.pop();
    return { text: `${letters.join('').trimEnd()}…`, size: min };
  }

  /**
   * Draws `text` with its left end of baseline at (x, y). pdf-lib's drawText places each glyph by its
   * advance only; here each glyph also gets the offsets the font's GPOS gives it (a vowel sign under a
   * consonant's stem, a subjoined letter, kerning), written as TJ adjustments and text rise.
   */
  draw(page: PDFPage, text: string, options: { x: number; y: number; size: number; weight: Weight; color: RGB }) {
    const { size, color } = options;
    let x = options.x;
    for (const run of this.shape(text, options.weight)) {
      const { shaper, embedded } = run.face;
      const perUnit = size / shaper.unitsPerEm;
      const thousandths = 1000 / shaper.unitsPerEm;
      // The subset's glyph ids, four hex digits each, in the order fontkit laid them out (the same layout).
      const codes = embedded.encodeText(run.text).asString().match(/.{4}/g) ?? [];
      // The run's own letters as its ActualText: copied or extracted, it reads in logical order even where
      // the glyphs stand in another (a vowel sign drawn before its consonant, a reph above the next letter).
      const actualText = page.doc.context.obj({ ActualText: PDFHexString.fromText(run.text) });
      const operators: PDFOperator[] = [
        pushGraphicsState(),
        setFillingColor(color),
        beginText(),
        setFontAndSize(this.fontKey(page, run.face), size),
        moveText(x, options.y),
        // Inside the text object, where readers (poppler) take the glyphs' place for the ActualText.
        // pdf-lib's operand type leaves out dictionaries, which BDC takes and which it writes as any object.
        PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), actualText as unknown as PDFName]),
      ];
      let rise = 0;
      let adjusted: Array<PDFHexString | PDFNumber> = [];
      const flush = () => {
        if (adjusted.length) operators.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [page.doc.context.obj(adjusted)]));
        adjusted = [];
      };
      const shift = (units: number) => {
        if (Math.abs(units) < 0.01) return;
        const last = adjusted.at(-1);
        if (last instanceof PDFNumber) adjusted[adjusted.length - 1] = PDFNumber.of(last.asNumber() + units);
        else adjusted.push(PDFNumber.of(units));
      };
      codes.forEach((code, i) => {
        const position = run.positions[i]!;
        const glyphRise = position.yOffset * perUnit;
        if (glyphRise !== rise) {
          flush();
          operators.push(setTextRise(glyphRise));
          rise = glyphRise;
        }
        // In TJ a number moves the pen left by that many thousandths of the size: −xOffset moves it right.
        shift(-position.xOffset * thousandths);
        adjusted.push(PDFHexString.of(code));
        shift((position.xOffset - (position.xAdvance - run.glyphs[i]!.advanceWidth)) * thousandths);
      });
      flush();
      operators.push(PDFOperator.of(PDFOperatorNames.EndMarkedContent), endText(), popGraphicsState());
      page.pushOperators(...operators);
      x += run.advance * perUnit;
    }
  }

  /** The name of the face's font in the page's resources, added once per page. */
  private fontKey(page: PDFPage, face: Face): PDFName {
    let keys = this.fontKeys.get(page);
    if (!keys) this.fontKeys.set(page, (keys = new Map()));
    let key = keys.get(face);
    if (!key) keys.set(face, (key = page.node.newFontDictionary(face.embedded.name, face.embedded.ref)));
    return key;
  }
}
