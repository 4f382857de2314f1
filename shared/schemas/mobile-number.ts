import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { normaliseMobile } from './vocabulary';

/**
 * The one canonical form of a mobile number: E.164 (`+919876543210`), read by libphonenumber-js with its
 * smallest metadata set ("min": every country's codes, lengths and formats, without per-type patterns).
 * A number without a country code is Indian; any other country is written with its `+` code (or `00`).
 * So `9876543210`, `+91 98765 43210`, `09876543210`, `0091 98765 43210` and `+919876543210` are one number.
 *
 * Every write path (public registrations, panel create and update, walk-ins) stores this form, the
 * duplicate rules compare it, searches look it up, and screens show `formatMobile` of it.
 */
const DEFAULT_COUNTRY = 'IN';

/** A number that passes the 10–15 digit rule but that no country's numbering plan can hold. */
export const MOBILE_UNREADABLE_MESSAGE = 'Enter a valid mobile number, with its country code if it is not Indian';

/** Ten digits, the first not 0: an Indian number written nationally, whose E.164 form is +91 and the digits. */
const INDIAN_NATIONAL = /^[1-9]\d{9}$/;

/** E.164 of `value` in any spelling, or `null` when it is not a possible phone number of any country. */
export function canonicalMobile(value: string): string | null {
  const compact = normaliseMobile(value);
  // What the inline forms send and most people type: the answer libphonenumber gives, without its ~10 µs parse.
  if (INDIAN_NATIONAL.test(compact)) return `+91${compact}`;
  const number = parsePhoneNumberFromString(compact, DEFAULT_COUNTRY);
  return number?.isPossible() ? number.number : null;
}

/** How a stored number is shown and exported: `+91 98765 43210`. Anything unreadable is shown as stored. */
export function formatMobile(stored: string | null | undefined): string {
  if (!stored) return '';
  const number = parsePhoneNumberFromString(stored, DEFAULT_COUNTRY);
  return number?.isPossible() ? number.formatInternational() : stored;
}

/** The 10 digits of an Indian mobile number typed in any spelling (what the inline forms send), else `null`. */
export function indianMobileDigits(value: string): string | null {
  const number = parsePhoneNumberFromString(normaliseMobile(value), DEFAULT_COUNTRY);
  return number?.country === DEFAULT_COUNTRY && /^\d{10}$/.test(number.nationalNumber) ? number.nationalNumber : null;
}

/**
 * The E.164 number a search box's text means when the text is a whole phone number (digits with the
 * spaces, dashes, brackets and + people type, at least 10 digits); `null` for names and partial numbers.
 */
export function mobileSearchTerm(query: string): string | null {
  const compact = normaliseMobile(query.trim());
  if (!/^\+?\d{10,15}$/.test(compact)) return null;
  return canonicalMobile(compact);
}
