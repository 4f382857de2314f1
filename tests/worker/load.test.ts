import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiTarget, makeApiTarget } from '../../edge/testing/api-target';

/**
 * A crowd on one Worker isolate: 300 different visitors registering 50 at a time, while 30 logins (right
 * and wrong passwords) come in among them. No request may wait on I/O another request started (workerd
 * cancels it as hung, and a cancelled request must not leave anything shared behind it poisoned).
 */
const VISITORS = 300;
const CONCURRENCY = 50;
const LOGINS = 30;

let t: ApiTarget;
beforeAll(async () => {
  t = await makeApiTarget();
});
afterAll(() => t.close());

/** Runs `tasks` with at most `limit` at a time; answers their results in order. */
async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

/**
 * Sends a request again while it answers 503, as the PWA's outbox does, with the same submission id. sqld
 * (0.24 here) can stall when some fifty write transactions reach it at once — reproduced with Node clients
 * straight to sqld, no Worker involved — until the Worker's database deadline aborts the stalled calls and
 * those requests answer 503. What is asserted: nothing stored twice, nothing lost, never a 500 or a hang.
 */
async function withResends(send: () => Promise<{ status: number; body: unknown }>) {
  const statuses: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    statuses.push(answer.status);
    if (answer.status !== 503 || attempt === 8) return { ...answer, statuses };
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

describe('the Worker under a crowd', () => {
  it(`stores ${VISITORS} registrations made ${CONCURRENCY} at a time exactly once, and answers ${LOGINS} logins among them with 200, 401 or 429`, async () => {
    const staff = await t.createUser('staff');
    const mobile = (i: number) => String(8_100_000_000 + i);
    // Each visitor on a phone of their own (its own address), as at the venue's gates.
    const register = (i: number) => async () => {
      const res = await t.request('POST', '/api/visitors/register', {
        json: { fullName: `Crowd Visitor ${i}`, mobileNumber: mobile(i), city: 'Hyderabad', uniqueSubmissionId: `crowd-${i}` },
        address: `10.60.${i >> 8}.${i & 255}`,
      });
      return { status: res.status, body: (await res.json()) as { data?: { mobileNumber: string; passCode: string } } };
    };
    const login = (i: number) => async () => {
      const [email, password] = i % 3 === 0 ? [staff.email, staff.password] : i % 3 === 1 ? [staff.email, `wrong ${i}`] : [`nobody-${i}@expo.test`, 'password'];
      const res = await t.request('POST', '/api/auth/login', { json: { email, password }, address: `10.61.0.${i}` });
      return { status: res.status, body: await res.json() };
    };
    // The logins spread through the registrations.
    const tasks: Array<() => Promise<{ kind: 'register' | 'login'; status: number; statuses: number[]; body: unknown }>> = [];
    for (let i = 0, l = 0; i < VISITORS; i++) {
      tasks.push(async () => ({ kind: 'register', ...(await withResends(register(i))) }));
      if (i % (VISITORS / LOGINS) === 0 && l < LOGINS) {
        const n = l++;
        tasks.push(async () => ({ kind: 'login', ...(await withResends(login(n))) }));
      }
    }

    const started = performance.now();
    const answers = await pool(tasks, CONCURRENCY);
    const seconds = (performance.now() - started) / 1000;
    const all = answers.flatMap((a) => a.statuses);
    const tally: Record<number, number> = {};
    for (const status of all) tally[status] = (tally[status] ?? 0) + 1;
    console.log(
      `${VISITORS} registrations + ${LOGINS} logins, ${CONCURRENCY} at a time: ${seconds.toFixed(1)} s, ${all.length} requests, answers ${JSON.stringify(tally)}`,
    );

    expect(all).not.toContain(500);
    const finals = (kind: string) => answers.filter((a) => a.kind === kind).map((a) => a.status);
    expect(finals('register')).toEqual(Array(VISITORS).fill(201));
    expect(finals('login')).toHaveLength(LOGINS);
    for (const status of finals('login')) expect([200, 401, 429]).toContain(status);
    expect(finals('login')).toContain(401);

    // Exactly the 300, each once.
    const rows = await t.db.all<{ mobile: string; n: number }>(sql`SELECT mobile_number AS mobile, count(*) AS n FROM visitors GROUP BY mobile_number`);
    expect(rows).toHaveLength(VISITORS);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    // Stored in E.164, as every number is.
    expect(new Set(rows.map((r) => r.mobile))).toEqual(new Set(Array.from({ length: VISITORS }, (_, i) => `+91${mobile(i)}`)));
    const [keys] = await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM idempotency_keys WHERE key LIKE 'visitors.register:crowd-%'`);
    expect(Number(keys!.n)).toBe(VISITORS);

    // The isolate is healthy afterwards: logins answer, a repeat answers the first answer.
    expect([401, 429]).toContain((await login(1)()).status);
    const token = await t.login();
    expect((await t.request('GET', '/api/visitors?limit=1', { token })).status).toBe(200);
    const repeat = await register(7)();
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(
      answers.find((a) => a.kind === 'register' && (a.body as { data: { mobileNumber: string } }).data.mobileNumber === `+91${mobile(7)}`)!.body,
    );
  }, 240_000);
});
