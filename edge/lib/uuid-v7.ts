/**
 * Ids that sort by creation time. Used for check-in operations (made on the devices; the order of an
 * operation id breaks device-time ties) and for records created under load on the server: a time-ordered
 * id lands at the end of its index instead of on a random page, so a group commit of fifty registrations
 * writes a few index pages instead of fifty.
 */
import { randomBytes } from './random-bytes';

let lastMs = 0;
let counter = 0;
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/**
 * A UUID v7 (RFC 9562): 48-bit Unix milliseconds, then 12 bits of a per-millisecond counter (so ids made
 * by this page or process in the same millisecond still sort in creation order), then random bits.
 */
export function uuidv7(now = Date.now()): string {
  if (now <= lastMs) {
    counter++;
    if (counter > 0xfff) {
      lastMs++;
      counter = 0;
    }
  } else {
    lastMs = now;
    counter = 0;
  }
  const bytes = randomBytes(16);
  const ms = lastMs;
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = (ms >>> 24) & 0xff;
  bytes[3] = (ms >>> 16) & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | ((counter >>> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  return uuidText(bytes);
}

/** 16 bytes (from `offset`) in a UUID's text form: 8-4-4-4-12 lowercase hex digits. */
export function uuidText(bytes: Uint8Array, offset = 0): string {
  let hex = '';
  for (let i = 0; i < 16; i++) hex += (i === 4 || i === 6 || i === 8 || i === 10 ? '-' : '') + HEX[bytes[offset + i]!];
  return hex;
}
