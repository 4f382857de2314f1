import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { canonicalMobile, formatMobile, indianMobileDigits, mobileSearchTerm } from './mobile-number';

describe('canonical mobile numbers', () => {
  it('reads every spelling of one Indian number as one E.164 number', () => {
    for (const spelling of [
      '9000000011',
      '+91 90000 00011',
      '09000000011',
      '0091 90000 00011',
      '+919000000011',
      '919000000011',
      '(90000) 00011',
      '90000-00011',
    ]) {
      expect(canonicalMobile(spelling), spelling).toBe('+919000000011');
    }
  });

  it('reads other countries by their + or 00 code, and refuses what no numbering plan holds', () => {
    expect(canonicalMobile('+1 415 555 2671')).toBe('+14155552671');
    expect(canonicalMobile('0049 1512 3456789')).toBe('+4915123456789');
    expect(canonicalMobile('+999123456789')).toBeNull();
    expect(canonicalMobile('123456789012345')).toBeNull();
  });

  it('gives ten national digits the same answer as libphonenumber itself', () => {
    for (let i = 0; i < 2000; i++) {
      const digits = `${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
      const library = parsePhoneNumberFromString(digits, 'IN');
      expect(canonicalMobile(digits), digits).toBe(library?.isPossible() ? library.number : null);
    }
  });

  it('shows numbers grouped, the inline forms take the 10 digits, and search reads whole numbers only', () => {
    expect(formatMobile('+919876543210')).toBe('+91 98765 43210');
    expect(formatMobile('+14155552671')).toBe('+1 415 555 2671');
    expect(formatMobile('not a number')).toBe('not a number');
    expect(indianMobileDigits('+91 98765 43210')).toBe('9876543210');
    expect(indianMobileDigits('+1 415 555 2671')).toBeNull();
    expect(mobileSearchTerm('098765 43210')).toBe('+919876543210');
    expect(mobileSearchTerm('43210')).toBeNull();
    expect(mobileSearchTerm('Kavya Rao')).toBeNull();
  });
});
