import { deflateSync } from 'node:zlib';
import { crc32 } from '../lib/images';

/** A PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Uint8Array = new Uint8Array()): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * A PNG claiming `width`×`height` grey pixels. The image data holds only the first rows (a real decoder
 * would fail later; what matters here is what the header claims), unless `full` asks for all of them.
 */
export function png(width: number, height: number, options: { extraChunks?: Uint8Array[]; after?: Uint8Array; full?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = options.full ? height : Math.min(height, 4);
  const raw = new Uint8Array(rows * (Math.min(width, 4096) + 1));
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(options.extraChunks ?? []),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND'),
    options.after ?? new Uint8Array(),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
