import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 as hex, synchronously: idempotency keys' body fingerprints and door-device secrets.
 *
 * Why not `crypto.subtle.digest`: on Node 20 every WebCrypto digest is a job sent to the thread pool and
 * back; profiling the register endpoint showed it taking about an eighth of the request's CPU time for a
 * 300-byte body. So Node's own synchronous hash where the runtime has it, and on Workers (no `node:crypto`
 * without `nodejs_compat`) the audited pure-JavaScript one of `@noble/hashes`.
 */
const nodeCrypto = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:crypto') as
  | typeof import('node:crypto')
  | undefined;

export function sha256Hex(text: string): string {
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(text, 'utf8').digest('hex');
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * HMAC-SHA-256 of `data` under `key`, synchronously (pass links are signed on the register endpoint's hot
 * path): Node's own where the runtime has it, else `@noble/hashes`' — the same bytes either way.
 */
export function hmacSha256(key: Uint8Array, data: Uint8Array): Uint8Array {
  if (nodeCrypto) return new Uint8Array(nodeCrypto.createHmac('sha256', key).update(data).digest());
  return hmac(sha256, key, data);
}

/** The pure-JavaScript HMAC on its own (what Workers run), for the tests. */
export const portableHmacSha256 = (key: Uint8Array, data: Uint8Array) => hmac(sha256, key, data);

/** The pure-JavaScript path on its own (what Workers run), for the tests. */
export const portableSha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
