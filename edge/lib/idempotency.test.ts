import { describe, expect, it } from 'vitest';
import { insertStatement } from '../db/sql-statement';
import { idempotencyKeys } from '../db/tables/system';
import { makeApiTarget } from '../testing/api-target';
import { canonicalJson, expiredKeysStatement, idempotencyKey, KEY_RETENTION_DAYS, KEYS_REMOVED_PER_CLEANUP, requestHash } from './idempotency';
import { portableSha256Hex, sha256Hex } from '../perf/sha256';

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
      expect(portableSha256Hex(text)).toBe(hex);
    }
  });
});

describe('expired idempotency keys', () => {
  it('are removed oldest first, a bounded number at a time, and recent ones are kept', async () => {
    const t = await makeApiTarget();
    try {
      const now = t.now();
      const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 - extraMs).toISOString();
      const key = (name: string, createdAt: string) =>
        insertStatement(t.db, idempotencyKeys, { key: name, scope: 's', requestHash: 'h', responseStatus: 201, responseBody: '{}', createdAt });
      const old = Array.from({ length: KEYS_REMOVED_PER_CLEANUP + 20 }, (_, i) => key(`old-${i}`, daysAgo(KEY_RETENTION_DAYS + 1, i * 1000)));
      await t.writeBatch([...old, key('recent', daysAgo(KEY_RETENTION_DAYS - 1)), key('today', daysAgo(0))]);

      await t.writeBatch([expiredKeysStatement(t.db, now)]);
      let left = (await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key);
      // The 500 oldest went first: the 20 newest of the expired ones are still there.
      expect(left.filter((k) => k.startsWith('old-')).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `old-${i}`).sort());
      expect(left).toEqual(expect.arrayContaining(['recent', 'today']));

      await t.writeBatch([expiredKeysStatement(t.db, now)]);
      left = (await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key);
      expect(left.sort()).toEqual(['recent', 'today']);
    } finally {
      await t.close();
    }
  });
});
