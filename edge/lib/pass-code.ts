/**
 * Pass codes: what a registered person shows at the door (as a QR code) and staff type or scan.
 * 12 symbols from Crockford's base-32 alphabet (no I, L, O, U: nothing to misread when typed), drawn
 * from crypto randomness without modulo bias: 60 bits, unguessable. Stored without separators.
 */
import { randomBytes } from './random-bytes';

export const PASS_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PASS_CODE_LENGTH = 12;

export function newPassCode(): string {
  const bytes = randomBytes(PASS_CODE_LENGTH);
  let code = '';
  // 256 is a multiple of 32, so `byte & 31` is uniform.
  for (const byte of bytes) code += PASS_CODE_ALPHABET[byte & 31];
  return code;
}

/** Reads a typed or scanned code leniently: any case, spaces and dashes ignored, O→0, I/L→1. */
export function normalisePassCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}
