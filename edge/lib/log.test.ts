import { describe, expect, it, vi } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { createLogger, describeError, unrefTimer } from './log';

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

  it('writes the count when the window closes, though the error never comes again', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
    try {
      const lines: string[] = [];
      const log = createLogger({ sink: (l) => lines.push(l), windowTimer: unrefTimer });
      for (let i = 0; i < 10_000; i++) log.error('unhandled error', { route: '/api/visitors/register', error: { code: 'SQLITE_FULL' } });
      expect(lines).toHaveLength(5);
      vi.advanceTimersByTime(59_999);
      expect(lines).toHaveLength(5);
      vi.advanceTimersByTime(1); // the window closes; nothing else is logged
      expect(lines.slice(5).map((l) => JSON.parse(l))).toEqual([
        {
          level: 'warn',
          time: '2026-01-01T00:01:00.000Z',
          msg: 'repeated log lines left out',
          repeatOf: 'unhandled error',
          route: '/api/visitors/register',
          left: 9_995,
        },
      ]);
      // A new window: the error is written again, and only one count line was ever written for the old one.
      log.error('unhandled error', { route: '/api/visitors/register', error: { code: 'SQLITE_FULL' } });
      vi.advanceTimersByTime(120_000);
      expect(lines.map((l) => JSON.parse(l).msg).filter((m) => m === 'repeated log lines left out')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
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

  it('10,000 identical failed registrations then silence: the log holds how many lines it left out, once the window closes', async () => {
    t.clock.advance(120_000); // windows of earlier tests closed
    t.logs.length = 0;
    t.failWrites(true);
    const statuses = new Map<number, number>();
    for (let sent = 0; sent < 10_000; sent += 50) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.request('POST', '/api/visitors/register', {
            json: { fullName: 'Flood', mobileNumber: String(9_300_000_000 + sent + i) },
            address: `10.9.${sent % 200}.${i}`,
          }),
        ),
      );
      for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    t.failWrites(false);
    expect(Object.fromEntries(statuses)).toEqual({ 503: 10_000 });
    const before = t.logs.length;
    expect(before).toBeLessThanOrEqual(12);
    t.clock.advance(60_000); // silence until the window closes
    const counts = t.logs.slice(before).map((l) => JSON.parse(l));
    expect(counts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'repeated log lines left out', repeatOf: 'request', route: '/api/visitors/register', left: 9_995 }),
        expect.objectContaining({ msg: 'repeated log lines left out', repeatOf: 'unhandled error', route: '/api/visitors/register', left: 9_995 }),
      ]),
    );
  }, 120_000);

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
