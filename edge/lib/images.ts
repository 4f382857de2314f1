/**
 * Uploaded images are recognised by their first bytes, never by the declared type or file name, so a
 * script renamed `.png` is refused (415) and what we store is served with a type we know is true.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'File size too large. Maximum size is 5MB.';
export const NOT_AN_IMAGE = 'Only image files are allowed (PNG, JPEG, WebP, GIF or AVIF).';

export interface SniffedImage {
  extension: 'png' | 'jpg' | 'webp' | 'gif' | 'avif';
  contentType: string;
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

export function sniffImage(bytes: Uint8Array): SniffedImage | null {
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
