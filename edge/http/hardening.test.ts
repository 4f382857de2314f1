import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, pngChunk } from '../testing/images';
import { signIn } from '../testing/sessions';
import { makeTestApp, type TestApp } from '../testing/test-app';

/** The smaller hardening rules: private caching, one frame policy, clean names, a private database file. */
let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  ({ admin, staff } = await signIn(t));
});
afterAll(() => t.close());

describe('authenticated answers', () => {
  it('are never cached: Cache-Control private, no-store on every signed-in read, CSV included', async () => {
    const paths = [
      '/api/auth/me',
      '/api/visitors',
      '/api/visitors/export.csv',
      '/api/users',
      '/api/settings',
      '/api/auth/locks',
      '/api/events',
      '/api/dashboard/stats',
    ];
    for (const path of paths) {
      const res = await t.request('GET', path, { token: admin });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control'), path).toBe('private, no-store');
    }
    const asStaff = await t.request('GET', '/api/guests', { token: staff });
    expect(asStaff.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('one frame policy', () => {
  it("sends frame-ancestors 'none' and X-Frame-Options DENY, never SAMEORIGIN", async () => {
    const res = await t.request('GET', '/api/public/site');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  });
});

describe('names', () => {
  const register = (fullName: string) =>
    t.request('POST', '/api/visitors/register', { json: { fullName, mobileNumber: `9${String(Math.random()).slice(2, 11)}` } });

  it('refuses control characters and lone surrogates in public and admin names', async () => {
    for (const name of ['Asha\u0000Rao', 'Asha\u001b[31mRao', 'Asha\u0085Rao', 'Asha \ud800Rao', 'Asha \udc00', 'Line\nbreak']) {
      const res = await register(name);
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect((await res.json()).errors.fullName).toMatch(/control characters/);
    }
    const guest = await t.request('POST', '/api/guests', { token: admin, json: { fullName: 'Guest\u0000', mobileNumber: '9000011111' } });
    expect(guest.status).toBe(400);
    const account = await t.request('POST', '/api/users', {
      token: admin,
      json: { email: 'x@expo.test', name: 'Bad\u0007Name', role: 'staff', password: 'long enough password' },
    });
    expect(account.status).toBe(400);
  });

  it('keeps real names, whole emoji and line breaks in long text', async () => {
    for (const name of ['Asha Rao', 'ఆశా రావు', 'Zoë 👩🏽‍💼 D’Souza']) expect((await register(name)).status, name).toBe(201);
    const event = await t.request('POST', '/api/events', {
      token: admin,
      json: {
        eventName: 'Expo',
        state: 'Telangana',
        city: 'Hyderabad',
        eventTypes: ['Exhibition'],
        startDateTime: '2026-10-18T10:00:00Z',
        endDateTime: '2026-10-19T18:00:00Z',
        description: 'Day one\nDay two\tand more',
      },
    });
    expect(event.status, await event.clone().text()).toBe(201);
  });
});

describe('the database file', () => {
  it('is readable and writable by the server only (0600), its WAL too', () => {
    for (const file of ['test.db', 'test.db-wal']) {
      expect((statSync(join(t.dir, file)).mode & 0o777).toString(8), file).toBe('600');
    }
  });
});

describe('uploads', () => {
  const upload = (bytes: Uint8Array, name = 'photo.png') => {
    const form = new FormData();
    form.set('fullName', `Guest ${crypto.randomUUID().slice(0, 6)}`);
    form.set('mobileNumber', `9${String(Math.random()).slice(2, 11)}`);
    form.set('profileImage', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'image/png' }));
    return t.request('POST', '/api/guests', { token: admin, body: form });
  };
  const blobFiles = () => {
    try {
      return readdirSync(join(t.dir, 'blobs'));
    } catch {
      return [];
    }
  };

  it('refuses a pixel flood with 413 and a PNG/HTML polyglot with 415, storing nothing', async () => {
    const before = blobFiles();
    const flood = await upload(png(100_000, 100_000));
    expect(flood.status).toBe(413);
    expect((await flood.json()).message).toMatch(/megapixels/);
    const html = new TextEncoder().encode('<!doctype html><html><script>alert(1)</script></html>');
    expect((await upload(png(64, 64, { after: html }), 'page.html')).status).toBe(415);
    expect((await upload(png(64, 64, { extraChunks: [pngChunk('tEXt', html)] }))).status).toBe(415);
    expect(blobFiles()).toEqual(before);
    expect((await upload(png(64, 64))).status).toBe(201);
  });

  it('leaves no file behind when the disk fills during an upload', async () => {
    const before = blobFiles();
    t.failWrites(true);
    const res = await upload(png(64, 64));
    t.failWrites(false);
    expect(res.status).toBe(503);
    expect(blobFiles()).toEqual(before);
  });
});
