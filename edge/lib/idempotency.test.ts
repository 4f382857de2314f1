import { describe, expect, it } from 'vitest';
import { canonicalJson, idempotencyKey, requestHash } from './idempotency';
import { sha256, sha256Hex } from './sha256';

describe('idempotency keys and request hashes', () => {
  it('takes the body id first, then the header, scoped by endpoint', () => {
    expect(idempotencyKey('visitors.register', 'abc', 'hdr')).toBe('visitors.register:abc');
    expect(idempotencyKey('visitors.register', undefined, ' hdr ')).toBe('visitors.register:hdr');
    expect(idempotencyKey('visitors.register', undefined, '  ')).toBeUndefined();
    expect(idempotencyKey('visitors.register', undefined, undefined)).toBeUndefined();
  });

  it('hashes the canonical body: key order and absent members do not matter, values do', async () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: undefined } })).toBe('{"a":{"d":[1,{"e":3,"f":2}]},"b":1}');
    const one = requestHash({ name: 'A', mobile: '9876543210' });
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ mobile: '9876543210', name: 'A', eventId: undefined })).toBe(one);
    expect(requestHash({ name: 'B', mobile: '9876543210' })).not.toBe(one);
  });
});

describe('sha256', () => {
  it('matches WebCrypto on the standard vectors and on inputs around the block boundaries', async () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const length of [1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const text = 'é'.repeat(length).slice(0, length) + 'x'.repeat(length % 7);
      const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
      const hex = [...expected].map((b) => b.toString(16).padStart(2, '0')).join('');
      expect(sha256Hex(text)).toBe(hex);
      // The plain-JavaScript hash, which Workers use (Node has its own).
      expect([...sha256(new TextEncoder().encode(text))].map((b) => b.toString(16).padStart(2, '0')).join('')).toBe(hex);
    }
  });
});
