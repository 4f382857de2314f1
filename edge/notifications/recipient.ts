/**
 * A mobile number as the providers want it: E.164 (`+919876543210`). A stored number that starts with
 * `+` is taken as already international; anything else is an Indian number, its last 10 digits after
 * the country code. (The one place to swap for the project's canonical-number function.)
 */
export function e164Mobile(stored: string): string | null {
  const digits = stored.replace(/\D/g, '');
  if (stored.trim().startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+91${digits}`;
  if (digits.length === 12 && digits.startsWith('91')) return `+${digits}`;
  return null;
}

/** E.164 without its `+`: the recipient format of WhatsApp's Cloud API and MSG91. */
export const providerDigits = (e164: string) => e164.replace(/^\+/, '');
