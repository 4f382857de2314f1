import { describe, expect, it } from 'vitest';
import { e164Mobile, providerDigits } from './recipient';

describe('the number a message goes to', () => {
  it('reads every usual spelling of an Indian mobile number as one E.164 number', () => {
    for (const spelling of ['9000000011', '+91 90000 00011', '09000000011', '0091 90000 00011', '919000000011', '+91-90000-00011'])
      expect(e164Mobile(spelling)).toBe('+919000000011');
    expect(providerDigits('+919000000011')).toBe('919000000011');
  });

  it('keeps other countries by their code, and refuses what is not a number', () => {
    expect(e164Mobile('+44 7700 900123')).toBe('+447700900123');
    expect(e164Mobile('12345')).toBeNull();
    expect(e164Mobile('')).toBeNull();
  });
});
