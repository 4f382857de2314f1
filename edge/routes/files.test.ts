import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBlobKey } from '../storage/blob-store';
import { makeTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe('GET /api/files/:key', () => {
  it('serves a stored image with its content type, nosniff and a year of caching', async () => {
    const key = newBlobKey('png');
    await t.deps.blobs.put(key, PNG, 'image/png');
    const res = await t.request('GET', `/api/files/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  it('answers 404 for a deleted image, an unknown key and a key that is not one of ours', async () => {
    const key = newBlobKey('png');
    await t.deps.blobs.put(key, PNG, 'image/png');
    await t.deps.blobs.delete(key);
    for (const path of [key, newBlobKey('webp'), '..%2F..%2Fpackage.json', 'test.db']) {
      const res = await t.request('GET', `/api/files/${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: 'File not found' });
    }
  });
});
