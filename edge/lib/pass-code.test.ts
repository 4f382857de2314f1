import { describe, expect, it } from 'vitest';
import { newPassCode, normalisePassCode, PASS_CODE_ALPHABET } from './pass-code';

describe('pass codes', () => {
  it('are 12 symbols of a 32-symbol alphabet, spread over all of it, and do not repeat', () => {
    const codes = Array.from({ length: 5000 }, newPassCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^[0-9A-HJKMNP-TV-Z]{12}$/.test(code))).toBe(true);
    const seen = new Set(codes.join(''));
    expect(seen.size).toBe(PASS_CODE_ALPHABET.length);
  });

  it('read back however they were typed', () => {
    expect(normalisePassCode('abcd-efgh 0o1l')).toBe('ABCDEFGH0011');
  });
});
