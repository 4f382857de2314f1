/**
 * Cryptographically random bytes, drawn from the platform's generator a few kilobytes at a time: one
 * `getRandomValues` call per pass code or id showed in the register endpoint's profile. Each byte is
 * handed out once. Runs the same in Node, Workers and the browser.
 */
const pool = new Uint8Array(4096);
let poolAt = pool.length;

/** `length` fresh random bytes (at most 4,096), as a view the caller may overwrite. */
export function randomBytes(length: number): Uint8Array {
  if (length > pool.length) throw new RangeError(`randomBytes: at most ${pool.length} bytes at a time`);
  if (poolAt + length > pool.length) {
    crypto.getRandomValues(pool);
    poolAt = 0;
  }
  const bytes = pool.subarray(poolAt, poolAt + length);
  poolAt += length;
  return bytes;
}
