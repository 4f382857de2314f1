import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { createLogger, describeError } from './log';

describe('the logger', () => {
  it('writes one JSON object per line, and drops lines below its level', () => {
    const lines: string[] = [];
    const log = createLogger({ sink: (l) => lines.push(l), level: 'info', now: () => new Date('2026-01-01T00:00:00Z') });
    log.debug('hidden');
    log.info('request', { requestId: 'r1', route: '/api/x', status: 200, durationMs: 1.5 });
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { level: 'info', time: '2026-01-01T00:00:00.000Z', msg: 'request', requestId: 'r1', route: '/api/x', status: 200, durationMs: 1.5 },
    ]);
  });

  it('logs a repeated error 5 times a minute, then says how many it left out', () => {
    const lines: string[] = [];
    let now = Date.parse('2026-01-01T00:00:00Z');
    const log = createLogger({ sink: (l) => lines.push(l), now: () => new Date(now) });
    for (let i = 0; i < 1000; i++) log.error('unhandled error', { route: '/api/users', error: { code: 'SQLITE_FULL' } });
    expect(lines).toHaveLength(5);
    now += 61_000;
    log.error('unhandled error', { route: '/api/users', error: { code: 'SQLITE_FULL' } });
    expect(lines.slice(5).map((l) => JSON.parse(l).msg)).toEqual(['repeated log lines left out', 'unhandled error']);
    expect(JSON.parse(lines[5]!).left).toBe(995);
  });

  it('never writes secret fields, hashes or tokens', () => {
    const lines: string[] = [];
    const log = createLogger({ sink: (l) => lines.push(l) });
    log.warn('x', { password: 'hunter2', authorization: 'Bearer abc', note: 'hash pbkdf2-sha256$100000$salt$hash and eyJa.eyJb.sig' });
    expect(lines[0]).not.toMatch(/hunter2|abc|pbkdf2-sha256\$|eyJa/);
  });

  it('describes a failed query by class, code and cause, without its SQL or parameters', () => {
    const cause = Object.assign(new Error('SQLITE_FULL: database or disk is full'), { code: 'SQLITE_FULL' });
    const error = new Error('Failed query: insert into "users" ("password_hash") values (?)\nparams: pbkdf2-sha256$100000$abc$def', { cause });
    expect(describeError(error)).toEqual({ name: 'Error', code: 'SQLITE_FULL', message: 'SQLITE_FULL: database or disk is full' });
    expect(describeError(new Error('Failed query: select 1\nparams: secret'))).toEqual({ name: 'Error', message: '(no message)' });
  });
});

describe('a failing disk, through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('answers 503, logs the failure once per request with its request id, and no secret or personal data', async () => {
    const admin = await t.login();
    t.logs.length = 0;
    t.failWrites(true);
    const password = 'a secret new password';
    const res = await t.request('POST', '/api/users', {
      token: admin,
      json: { email: 'priya.sharma@expo.test', name: 'Priya Sharma', role: 'staff', password },
    });
    const enquiry = await t.request('POST', '/api/enquiries', {
      json: { name: 'Ravi Kumar', mobile: '9876501234', subscriptionType: 'General Enquiry' },
    });
    t.failWrites(false);
    expect(res.status).toBe(503);
    expect(enquiry.status).toBe(503);
    const requestId = res.headers.get('X-Request-Id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const log = t.logs.join('\n');
    for (const secret of [password, 'pbkdf2-sha256', 'priya', 'Priya', 'Ravi', '9876501234', admin, 'insert into', 'params']) {
      expect(log).not.toContain(secret);
    }
    const lines = t.logs.map((l) => JSON.parse(l));
    expect(lines.find((l) => l.msg === 'unhandled error' && l.requestId === requestId)).toMatchObject({
      level: 'error',
      route: '/api/users',
      error: { code: 'SQLITE_FULL' },
    });
    expect(lines.find((l) => l.msg === 'request' && l.requestId === requestId)).toMatchObject({
      level: 'error',
      method: 'POST',
      route: '/api/users',
      status: 503,
    });
  });

  it('keeps the log small when every write fails for a while', async () => {
    t.logs.length = 0;
    t.failWrites(true);
    for (let i = 0; i < 200; i++) {
      await t.request('POST', '/api/enquiries', { json: { name: 'Flood', mobile: `98765${String(i).padStart(5, '0')}`, subscriptionType: 'General Enquiry' } });
    }
    t.failWrites(false);
    const errors = t.logs.map((l) => JSON.parse(l)).filter((l) => l.msg !== 'request');
    expect(errors.length).toBeLessThanOrEqual(10);
  });
});
