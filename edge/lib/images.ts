/**
 * Uploaded images are recognised by their content, never by the declared type or file name, so a script
 * renamed `.png` is refused (415) and what we store is served with a type we know is true. Beyond the
 * first bytes, an image must be a true image of a sane size:
 *
 * - its dimensions are read from its header and limited (`MAX_IMAGE_PIXELS`, `MAX_IMAGE_SIDE`): a
 *   "pixel flood" (a tiny file claiming 100000×100000 pixels) would take gigabytes to decode on every
 *   phone that shows it (413);
 * - a PNG must be whole chunks with correct CRCs from IHDR to IEND and nothing after; in any format,
 *   markup (`<script`, `<html`, `<!doctype`, `<?php`…) anywhere in the file refuses it (415), so a PNG/HTML
 *   polyglot is never stored.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** 40 megapixels: more than any banner or profile photo needs (a 45-megapixel camera's full frame excepted). */
const MAX_IMAGE_PIXELS = 40_000_000;
const MAX_IMAGE_SIDE = 16_384;
export const IMAGE_TOO_LARGE = 'File size too large. Maximum size is 5MB.';
export const IMAGE_TOO_MANY_PIXELS = `Image dimensions too large. At most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ${MAX_IMAGE_SIDE} pixels a side.`;
export const NOT_AN_IMAGE = 'Only image files are allowed (PNG, JPEG, WebP, GIF or AVIF).';

export interface SniffedImage {
  extension: 'png' | 'jpg' | 'webp' | 'gif' | 'avif';
  contentType: string;
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a) {
    return { extension: 'png', contentType: 'image/png' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { extension: 'jpg', contentType: 'image/jpeg' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { extension: 'webp', contentType: 'image/webp' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return { extension: 'gif', contentType: 'image/gif' };
  // ISO BMFF: a `ftyp` box whose major brand is an AVIF brand.
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) {
    return { extension: 'avif', contentType: 'image/avif' };
  }
  return null;
}

export type ImageCheck = { ok: true; image: SniffedImage; width: number; height: number } | { ok: false; reason: 'not-an-image' | 'too-many-pixels' };

/** The whole check of an upload's bytes: its kind, its structure, its dimensions and no markup inside. */
export function checkImage(bytes: Uint8Array): ImageCheck {
  const image = sniffImage(bytes);
  if (!image) return { ok: false, reason: 'not-an-image' };
  const size = dimensionsOf(image.extension, bytes);
  if (!size || size.width < 1 || size.height < 1) return { ok: false, reason: 'not-an-image' };
  if (image.extension === 'png' && !wholePng(bytes)) return { ok: false, reason: 'not-an-image' };
  if (containsMarkup(bytes)) return { ok: false, reason: 'not-an-image' };
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) {
    return { ok: false, reason: 'too-many-pixels' };
  }
  return { ok: true, image, ...size };
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);

/** Width and height from the format's header, or undefined when the header is not there. */
export function dimensionsOf(kind: SniffedImage['extension'], b: Uint8Array): { width: number; height: number } | undefined {
  switch (kind) {
    case 'png':
      if (b.length < 24 || ascii(b, 12, 16) !== 'IHDR') return undefined;
      return { width: u32be(b, 16), height: u32be(b, 20) };
    case 'gif':
      return { width: u16le(b, 6), height: u16le(b, 8) };
    case 'webp': {
      const chunk = ascii(b, 12, 16);
      if (chunk === 'VP8 ' && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
      if (chunk === 'VP8L' && b.length >= 25) {
        return { width: 1 + (b[21]! | ((b[22]! & 0x3f) << 8)), height: 1 + ((b[22]! >> 6) | (b[23]! << 2) | ((b[24]! & 0x0f) << 10)) };
      }
      if (chunk === 'VP8X' && b.length >= 30) return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
      return undefined;
    }
    case 'jpg': {
      // Walk the markers to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC).
      let i = 2;
      while (i + 9 < b.length) {
        if (b[i] !== 0xff) return undefined;
        const marker = b[i + 1]!;
        if (marker === 0xff) {
          i++;
          continue;
        }
        if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
          i += 2;
          continue;
        }
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
        }
        if (marker === 0xda || marker === 0xd9) return undefined; // scan data before any frame header
        i += 2 + u16be(b, i + 2);
      }
      return undefined;
    }
    case 'avif': {
      // The image spatial extents property: 'ispe', version and flags, then width and height.
      const limit = Math.min(b.length - 16, 1 << 20);
      for (let i = 4; i < limit; i++) {
        if (b[i] === 0x69 && b[i + 1] === 0x73 && b[i + 2] === 0x70 && b[i + 3] === 0x65) {
          return { width: u32be(b, i + 8), height: u32be(b, i + 12) };
        }
      }
      return undefined;
    }
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** IHDR first, every chunk whole with its CRC right, IEND last and nothing after it. */
function wholePng(b: Uint8Array): boolean {
  let i = 8;
  let first = true;
  while (i + 12 <= b.length) {
    const length = u32be(b, i);
    const end = i + 12 + length;
    if (length > 0x7fffffff || end > b.length) return false;
    const type = ascii(b, i + 4, i + 8);
    if (first && type !== 'IHDR') return false;
    first = false;
    if (crc32(b.subarray(i + 4, i + 8 + length)) !== u32be(b, i + 8 + length)) return false;
    if (type === 'IEND') return end === b.length;
    i = end;
  }
  return false;
}

/**
 * Markup a browser or a server would act on, anywhere in the bytes (case-insensitive). Only tags of four
 * letters or more followed by a delimiter: compressed image data contains a given short tag by chance
 * (`<svg ` about once in 30 MB), these about once in 100 GB.
 */
const MARKUP = /<(script|html|body|iframe|object|embed|!doctype|\?php)[\s>/]|javascript:/i;
const latin1 = new TextDecoder('latin1');

function containsMarkup(bytes: Uint8Array): boolean {
  return MARKUP.test(latin1.decode(bytes));
}
