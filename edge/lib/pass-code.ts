/**
 * Pass codes: what a registered person shows at the door (as a QR code) and staff type or scan.
 * 12 symbols from Crockford's base-32 alphabet (no I, L, O, U: nothing to misread when typed), drawn
 * from crypto randomness without modulo bias: 60 bits, unguessable. Stored without separators.
 */
export const PASS_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PASS_CODE_LENGTH = 12;

/**
 * Random bytes are drawn for 128 codes at a time: one `getRandomValues` call per code was a tenth of a
 * registration's time under load. Each byte is used once.
 */
const pool = new Uint8Array(PASS_CODE_LENGTH * 128);
let poolAt = pool.length;

export function newPassCode(): string {
  if (poolAt + PASS_CODE_LENGTH > pool.length) {
    crypto.getRandomValues(pool);
    poolAt = 0;
  }
  let code = '';
  // 256 is a multiple of 32, so `byte & 31` is uniform.
  for (let i = 0; i < PASS_CODE_LENGTH; i++) code += PASS_CODE_ALPHABET[pool[poolAt + i]! & 31];
  poolAt += PASS_CODE_LENGTH;
  return code;
}

/** Reads a typed or scanned code leniently: any case, spaces and dashes ignored, O→0, I/L→1. */
export function normalisePassCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}
