import { describe, expect, it } from 'vitest';
import { hmacSha256, portableHmacSha256 } from '../perf/sha256';
import { uuidv7 } from '../lib/uuid-v7';
import { passLinkToken, readPassLinkToken } from './pass-link';

const secret = 'pass-link test secret';

describe('signed pass links', () => {
  it('name the pass they were issued for, and when', () => {
    const issuedAt = new Date('2025-10-18T04:05:06.789Z');
    for (const [kind, id] of [
      ['visitors', uuidv7()],
      ['stalls', crypto.randomUUID()],
      ['awards', uuidv7()],
      ['sponsors', crypto.randomUUID()],
    ] as const) {
      const token = passLinkToken(secret, kind, id, issuedAt);
      expect(token).toMatch(/^[A-Za-z0-9_-]{52}$/);
      expect(readPassLinkToken(secret, token)).toEqual({ personKind: kind, personId: id, issuedAt });
    }
  });

  it('differ for each issue, and open nothing under another secret', () => {
    const id = uuidv7();
    const first = passLinkToken(secret, 'visitors', id, new Date(1_000));
    expect(passLinkToken(secret, 'visitors', id, new Date(2_000))).not.toBe(first);
    expect(readPassLinkToken('another secret', first)).toBeUndefined();
    expect(readPassLinkToken(secret, first.slice(1))).toBeUndefined();
  });

  it('are made only for pass holders with UUID ids', () => {
    expect(() => passLinkToken(secret, 'enquiries', uuidv7(), new Date())).toThrow();
    expect(() => passLinkToken(secret, 'visitors', 'not-a-uuid', new Date())).toThrow();
  });

  it('are signed the same by Node and by the pure-JavaScript HMAC that Workers run', () => {
    const key = new TextEncoder().encode('key');
    const data = new TextEncoder().encode('The quick brown fox jumps over the lazy dog');
    const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    // RFC 4231-style known answer (HMAC-SHA-256("key", "The quick brown fox…")).
    expect(hex(hmacSha256(key, data))).toBe('f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
    expect(hex(portableHmacSha256(key, data))).toBe(hex(hmacSha256(key, data)));
  });
});
