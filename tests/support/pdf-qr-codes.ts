import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { unzlibSync } from 'fflate';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';

/**
 * Reads back the QR codes a PDF draws as vector squares (as badges do) and decodes them with ZXing, the
 * way a scanner reads the printed page: each white square holds a code; the black squares inside it are
 * its modules. Answers each page's decoded texts, top to bottom, left to right.
 */
export async function qrCodesInPdf(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref as PDFRef)) : [contents];
    const text = streams
      .map((stream) => {
        if (!(stream instanceof PDFRawStream)) return '';
        const raw = stream.getContents();
        return new TextDecoder('latin1').decode(String(stream.dict.get(PDFName.of('Filter'))) === '/FlateDecode' ? unzlibSync(raw) : raw);
      })
      .join('\n');
    const squares = filledRectangles(text);
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

/** Renders the modules as a scanner's image would see them (4 px each, white margin) and reads it with ZXing. */
function scan(matrix: boolean[][]): string {
  const scale = 4;
  const margin = 4 * scale;
  const side = matrix.length * scale + 2 * margin;
  const pixels = new Uint8ClampedArray(side * side).fill(255);
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        pixels.fill(0, (margin + r * scale + dy) * side + margin + c * scale, (margin + r * scale + dy) * side + margin + (c + 1) * scale);
    }),
  );
  return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, side, side)))).getText();
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
