/**
 * A mobile number as the providers want it: E.164 (`+919876543210`). A stored number that starts with
 * `+` is taken as already international; anything else is an Indian number, its last 10 digits after
 * the country code. (The one place to swap for the project's canonical-number function.)
 */
export function e164Mobile(stored: string): string | null {
  const trimmed = stored.trim();
  const digits = trimmed.replace(/\D/g, '');
  // `+` or the international prefix `00`, then the country code.
  if (trimmed.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.startsWith('00')) return digits.length >= 10 && digits.length <= 17 ? `+${digits.slice(2)}` : null;
  if (digits.length === 10) return `+91${digits}`;
  // The trunk prefix 0 of a number dialled within India.
  if (digits.length === 11 && digits.startsWith('0')) return `+91${digits.slice(1)}`;
  if (digits.length === 12 && digits.startsWith('91')) return `+${digits}`;
  return null;
}

/** E.164 without its `+`: the recipient format of WhatsApp's Cloud API and MSG91. */
export const providerDigits = (e164: string) => e164.replace(/^\+/, '');
