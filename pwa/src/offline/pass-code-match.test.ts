import { describe, expect, it } from 'vitest';
import { newPassCode, normalisePassCode as serverReading } from '@edge/lib/pass-code';
import { normalisePassCode, passCodeMatches } from './pass-code-match';

describe('pass code matching at the door', () => {
  it('reads O as 0 and I, L as 1, in any case', () => {
    expect(normalisePassCode('o0iIlL')).toBe('001111');
    expect(normalisePassCode('ab1c')).toBe('AB1C');
  });

  it('ignores spaces and dashes', () => {
    expect(normalisePassCode(' 7KQ2-M9XB  C4TR ')).toBe('7KQ2M9XBC4TR');
    expect(normalisePassCode('7kq2\tm9xb-\nc4tr')).toBe('7KQ2M9XBC4TR');
  });

  it('keeps every other character (a different code stays different)', () => {
    expect(normalisePassCode('AB.CD/EF')).toBe('AB.CD/EF');
    expect(passCodeMatches('ABCD', 'ABCE')).toBe(false);
    expect(passCodeMatches('ABC', 'ABCD')).toBe(false);
  });

  it('matches a code typed with confusions, dashes and lower case', () => {
    expect(passCodeMatches('1o2-l34 i56-o78', '102134156078')).toBe(true);
    expect(passCodeMatches('  ', '')).toBe(false);
  });

  it('reads a code the way the server does', () => {
    const samples = ['abcd-efgh 0o1l', 'IILLOO', ' x-Y z ', '', '7KQ2M9XBC4TR', ...Array.from({ length: 50 }, () => newPassCode())];
    for (const sample of samples) expect(normalisePassCode(sample)).toBe(serverReading(sample));
  });

  it('is the identity on codes the server makes', () => {
    for (let i = 0; i < 200; i++) {
      const code = newPassCode();
      expect(normalisePassCode(code)).toBe(code);
    }
  });
});
