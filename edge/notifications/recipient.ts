import { canonicalMobile } from '../../shared/schemas/mobile-number';

/**
 * A mobile number as the providers want it: E.164 (`+919876543210`). Stored numbers already are (every
 * write path canonicalises them), so they pass straight through; anything typed — Find my pass — is read
 * by the project's one canonical-number function.
 */
export function e164Mobile(value: string): string | null {
  return /^\+[1-9]\d{7,14}$/.test(value) ? value : canonicalMobile(value);
}

/** E.164 without its `+`: the recipient format of WhatsApp's Cloud API and MSG91. */
export const providerDigits = (e164: string) => e164.replace(/^\+/, '');
