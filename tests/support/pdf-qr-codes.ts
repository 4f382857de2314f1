import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { unzlibSync } from 'fflate';
import { PDFArray, PDFDocument, PDFName, type PDFPage, PDFRawStream, type PDFRef } from 'pdf-lib';

/** What a page draws: its content streams, inflated, as text (the operators and their operands). */
export function pageContent(pdf: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref as PDFRef)) : [contents];
  return streams.map((stream) => (stream instanceof PDFRawStream ? new TextDecoder('latin1').decode(streamBytes(stream)) : '')).join('\n');
}

/** A stream's bytes, inflated when it is compressed (pdf-lib compresses with FlateDecode only). */
export function streamBytes(stream: PDFRawStream): Uint8Array {
  const raw = stream.getContents();
  return String(stream.dict.get(PDFName.of('Filter'))) === '/FlateDecode' ? unzlibSync(raw) : raw;
}

/**
 * Reads back the QR codes a PDF draws as vector squares (as badges do) and decodes them with ZXing, the
 * way a scanner reads the printed page: each white square holds a code; the black squares inside it are
 * its modules. Answers each page's decoded texts, top to bottom, left to right.
 */
export async function qrCodesInPdf(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const squares = filledRectangles(pageContent(pdf, page));
    const whites = squares.filter((s) => s.color === '1 1 1' && Math.abs(s.w - s.h) < 0.01 && s.w > 40);
    const blacks = squares.filter((s) => s.color === '0 0 0');
    return whites
      .sort((a, b) => b.y - a.y || a.x - b.x)
      .map((white) => {
        const inside = blacks.filter(
          (b) => b.x >= white.x - 0.01 && b.y >= white.y - 0.01 && b.x + b.w <= white.x + white.w + 0.01 && b.y + b.h <= white.y + white.h + 0.01,
        );
        const module = Math.min(...inside.map((b) => b.w));
        const n = Math.round(white.w / module) - 8;
        const matrix = Array.from({ length: n }, () => Array<boolean>(n).fill(false));
        const left = white.x + 4 * module;
        const top = white.y + white.h - 4 * module;
        for (const b of inside) matrix[Math.round((top - b.y - module) / module)]![Math.round((b.x - left) / module)] = true;
        return scan(matrix);
      });
  });
}

/**
 * Reads the modules as a scanner would: drawn as an image with a white margin and read by ZXing. ZXing's
 * detector misses a few pixel-perfect codes (about 3 in 1,000 random pass codes at 4 px a module), so a miss
 * is read again drawn at 2, 2.8 and 1.4 px a module with softened edges, as a camera sees print.
 */
function scan(matrix: boolean[][]): string {
  for (const size of [4, 2, 2.8, 1.4]) {
    const { pixels, side } = drawModules(matrix, size);
    try {
      return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, side, side)))).getText();
    } catch {
      // not found at this size: the next one
    }
  }
  throw new Error('No QR code could be read from the modules drawn on this page');
}

/** A grey image of the modules, `size` px each with a 4-module margin; a pixel's darkness is the share of it a dark module covers. */
function drawModules(matrix: boolean[][], size: number): { pixels: Uint8ClampedArray; side: number } {
  const margin = 4 * size;
  const side = Math.ceil(matrix.length * size + 2 * margin);
  const pixels = new Uint8ClampedArray(side * side);
  const samples = 4; // per pixel and axis
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      let dark = 0;
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const row = Math.floor((y + (sy + 0.5) / samples - margin) / size);
          const column = Math.floor((x + (sx + 0.5) / samples - margin) / size);
          if (matrix[row]?.[column]) dark++;
        }
      pixels[y * side + x] = Math.round(255 * (1 - dark / samples ** 2));
    }
  return { pixels, side };
}

interface Filled {
  x: number;
  y: number;
  w: number;
  h: number;
  color: string;
}

/**
 * The rectangles pdf-lib's drawRectangle fills: `q`, `r g b rg`, `1 0 0 1 x y cm` (translations, which add
 * up), a path 0,0 → 0,h → w,h → w,0 closed, `f`, `Q`. Enough of PDF's content-stream syntax for what this
 * project draws.
 */
function filledRectangles(content: string): Filled[] {
  const tokens = content.split(/\s+/).filter(Boolean);
  const out: Filled[] = [];
  const stack: number[] = [];
  let color = '0 0 0';
  let origin = { x: 0, y: 0 };
  const saved: Array<{ x: number; y: number }> = [];
  let points: Array<[number, number]> = [];
  for (const token of tokens) {
    if (/^-?[\d.]+$/.test(token)) {
      stack.push(Number(token));
      continue;
    }
    const args = stack.splice(0);
    if (token === 'rg') color = args.map((v) => String(Number(v.toFixed(3)))).join(' ');
    else if (token === 'cm')
      origin = { x: origin.x + (args[4] ?? 0), y: origin.y + (args[5] ?? 0) }; // translations only
    else if (token === 'q') saved.push(origin);
    else if (token === 'm') points = [[args[0]!, args[1]!]];
    else if (token === 'l') points.push([args[0]!, args[1]!]);
    else if (token === 'Q') origin = saved.pop() ?? { x: 0, y: 0 };
    else if (token === 'f' && points.length >= 4) {
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      out.push({
        x: origin.x + Math.min(...xs),
        y: origin.y + Math.min(...ys),
        w: Math.max(...xs) - Math.min(...xs),
        h: Math.max(...ys) - Math.min(...ys),
        color,
      });
      points = [];
    }
  }
  return out;
}
