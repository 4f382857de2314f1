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
  return hmacSha256Under(key)(data);
}

/**
 * HMAC-SHA-256 under one key, for a key that signs or checks many messages (a device's batches, a purpose's
 * links). On Node the key becomes a KeyObject once: handing raw bytes to `createHmac` imports the key again
 * on every call, which profiling the door's /ops showed costing more than the hash itself. Text is MACed as
 * its UTF-8 bytes, handed to Node as it is (a request's body is text already: no copy to bytes first).
 */
export function hmacSha256Under(key: Uint8Array): (data: Uint8Array | string) => Uint8Array {
  if (!nodeCrypto) return (data) => hmac(sha256, key, typeof data === 'string' ? utf8ToBytes(data) : data);
  const secret = nodeCrypto.createSecretKey(key);
  return (data) => nodeCrypto.createHmac('sha256', secret).update(data).digest();
}

/** The pure-JavaScript HMAC on its own (what Workers run), for the tests. */
export const portableHmacSha256 = (key: Uint8Array, data: Uint8Array) => hmac(sha256, key, data);

/** The pure-JavaScript path on its own (what Workers run), for the tests. */
export const portableSha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
