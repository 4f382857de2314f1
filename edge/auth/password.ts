/**
 * Password hashing with PBKDF2-SHA256 through WebCrypto, which both Node and Workers have.
 *
 * Workers cap PBKDF2 at 100,000 iterations (OWASP asks 600,000 for SHA-256), so the hash also mixes in a
 * secret pepper: the password is first keyed with HMAC-SHA256(pepper), then stretched with a per-user
 * random salt. The stored string names its scheme and cost, so the cost can be raised later and old hashes
 * re-hashed at the next successful login. See docs/decisions/002-password-hashing.md.
 *
 * Format: `pbkdf2-sha256$<iterations>$<salt, base64url>$<hash, base64url>`
 */
import { constantTimeEqual, fromBase64Url, toBase64Url } from '../lib/bytes';
export const PASSWORD_ITERATIONS = 100_000;
const SCHEME = 'pbkdf2-sha256';
const SALT_BYTES = 16;
const HASH_BITS = 256;

const encoder = new TextEncoder();

/** `iterations` is today's setting; a lower one only makes the hashes an older release would have stored. */
export async function hashPassword(password: string, pepper: string, iterations = PASSWORD_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, pepper, salt, iterations);
  return [SCHEME, iterations, toBase64Url(salt), toBase64Url(hash)].join('$');
}

export interface PasswordCheck {
  valid: boolean;
  /** The stored hash is weaker than today's setting and should be replaced after this login. */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<PasswordCheck> {
  const [scheme, iterationsText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterationsText);
  if (scheme !== SCHEME || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) {
    return { valid: false, needsRehash: false };
  }
  const expected = fromBase64Url(hashText);
  const actual = await derive(password, pepper, fromBase64Url(saltText), iterations);
  return { valid: constantTimeEqual(actual, expected), needsRehash: iterations < PASSWORD_ITERATIONS };
}

/**
 * Spends the same time as a real check, for logins naming an unknown account, so response times do not
 * tell which e-mail addresses have accounts.
 */
export async function spendHashTime(password: string, pepper: string): Promise<void> {
  await derive(password, pepper, new Uint8Array(SALT_BYTES), PASSWORD_ITERATIONS);
}

async function derive(password: string, pepper: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const pepperKey = await crypto.subtle.importKey('raw', encoder.encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const peppered = await crypto.subtle.sign('HMAC', pepperKey, encoder.encode(password));
  const baseKey = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, baseKey, HASH_BITS);
  return new Uint8Array(bits);
}

/** A random secret or password of `bytes` random bytes, base64url. */
export function randomSecret(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}
