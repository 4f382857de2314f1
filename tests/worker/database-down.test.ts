import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../edge/app';
import { startWorkerRuntime, type WorkerRuntime } from '../../scripts/worker-runtime';

/**
 * The database goes away under a running Worker and comes back: meanwhile every request answers 503 with
 * the contract's envelope (never a 500 or a hung request), and afterwards the same isolate serves as before.
 * A Worker and sqld of this file's own, since the database is stopped here.
 */
let runtime: WorkerRuntime;
beforeAll(async () => {
  runtime = await startWorkerRuntime();
});
afterAll(() => runtime?.stop());

const post = (path: string, json: unknown) =>
  fetch(`${runtime.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) });
const register = (n: number) =>
  post('/api/visitors/register', { fullName: `Visitor ${n}`, mobileNumber: String(9_300_000_000 + n), uniqueSubmissionId: `down-${n}` });
const login = () => post('/api/auth/login', runtime.admin);

describe('the Worker when its database is down', () => {
  it('answers 503 with the envelope while sqld is stopped, and serves again once it is back', async () => {
    expect((await register(1)).status).toBe(201);

    await runtime.stopDatabase();
    try {
      const started = performance.now();
      const answers = await Promise.all([...Array.from({ length: 10 }, (_, i) => register(100 + i)), login(), login()]);
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.headers.get('Retry-After')).toBe('5');
        expect(await res.json()).toEqual({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      expect(performance.now() - started).toBeLessThan(15_000);
    } finally {
      await runtime.startDatabase();
    }

    // The same isolate, nothing left poisoned: registrations (the ones refused too, sent again) and logins.
    const again = await Promise.all(Array.from({ length: 10 }, (_, i) => register(100 + i)));
    expect(again.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect((await register(1)).status).toBe(201);
    expect((await login()).status).toBe(200);
  });
});
