import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { inject, it } from 'vitest';
import { type BatchWriter, clientBatchWriter } from '../db/batch-writer';
import type { Database } from '../db/database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, databaseChecks, makeTestApp, type RequestOptions, type TestClock, tableNames } from './test-app';

/**
 * The server an API test talks to. The same test bodies run against two targets:
 *
 * - `node` (`npm test`): the real app over a fresh libSQL file in this process, with a clock the test moves
 *   by hand (`makeTestApp`).
 * - `worker` (`npm run test:worker`, API_TARGET=worker): the Worker in workerd (`wrangler dev`) over sqld,
 *   started once for the run by tests/worker/global-setup.ts; requests go over real HTTP. Each target made
 *   starts from the freshly migrated database (every table emptied and the seeded rows put back), so
 *   test files see what they see on Node. The Worker reads the real clock.
 *
 * Tests reach the database through `db`/`client`, their own connection to the API's database (the file,
 * or sqld over HTTP), and never through the server's objects.
 */
export interface ApiTarget {
  kind: 'node' | 'worker';
  request(method: string, path: string, init?: RequestOptions): Promise<Response>;
  /** Logs in (the first admin by default) and answers the token. */
  login(email?: string, password?: string): Promise<string>;
  db: Database;
  client: import('@libsql/client').Client;
  /** A batch writer over the test's own connection (for tests of statements the app commits). */
  writeBatch: BatchWriter;
  secrets: { passwordPepper: string };
  /** The hand-moved clock the API reads; absent on the Worker, which reads the real clock. */
  clock?: TestClock;
  /** What the API's clock reads now. */
  now(): Date;
  createUser: ReturnType<typeof databaseChecks>['createUser'];
  disableUser: ReturnType<typeof databaseChecks>['disableUser'];
  rowCounts: ReturnType<typeof databaseChecks>['rowCounts'];
  close(): Promise<void>;
}

const TARGET: ApiTarget['kind'] = process.env.API_TARGET === 'worker' ? 'worker' : 'node';

/**
 * A case that moves the API's clock by hand (token expiry, lock-outs ending) runs on the Node target only:
 * the Worker reads the real clock, and a test cannot wait out 15 minutes. Everything else runs on both.
 */
export const itMovesTheClock = TARGET === 'node' ? it : it.skip;

/** True when `iso` is what the API's clock read during this test (exact on Node; within a minute on the Worker). */
export function isClockReading(t: ApiTarget, iso: string): boolean {
  if (t.clock) return iso === t.clock.now().toISOString();
  return Math.abs(Date.parse(iso) - Date.now()) < 60_000;
}

export async function makeApiTarget(): Promise<ApiTarget> {
  if (TARGET === 'worker') return workerTarget();
  const t = await makeTestApp();
  return {
    ...t,
    kind: 'node',
    request: async (method, path, init) => t.request(method, path, init),
    writeBatch: t.deps.writeBatch,
    secrets: t.deps.secrets,
    now: t.clock.now,
  };
}

/** What tests/worker/global-setup.ts hands to the Worker run's test files. */
export interface WorkerTargetInfo {
  url: string;
  databaseUrl: string;
  passwordPepper: string;
  /** Every table's rows right after migration and seeding, as `npm run db:migrate` left them. */
  seed: Record<string, Array<Record<string, unknown>>>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    workerTarget: WorkerTargetInfo;
  }
}

async function workerTarget(): Promise<ApiTarget> {
  const info = inject('workerTarget');
  const client = createClient({ url: info.databaseUrl });
  const db: Database = drizzle(client);
  await restoreSeed(client, info.seed);
  const now = () => new Date();

  const request = (method: string, path: string, init: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    // The Worker takes the client's address from Cloudflare's header, as it does in production.
    if (init.address) headers['CF-Connecting-IP'] = init.address;
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['Content-Type'] ??= 'application/json';
    }
    return fetchPastDevProxyRace(() => fetch(new URL(path, info.url), { method, headers, body, redirect: 'manual' }));
  };

  const login = async (email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => {
    const res = await request('POST', '/api/auth/login', { json: { email, password } });
    const body = (await res.json()) as { token?: string; message: string };
    if (!body.token) throw new Error(`login failed: ${res.status} ${body.message}`);
    return body.token;
  };

  return {
    kind: 'worker',
    request,
    login,
    db,
    client,
    writeBatch: clientBatchWriter(client),
    secrets: { passwordPepper: info.passwordPepper },
    now,
    ...databaseChecks({ db, client, passwordPepper: info.passwordPepper, now }),
    close: async () => client.close(),
  };
}

/**
 * `wrangler dev`'s proxy keeps pooled connections to workerd that workerd closes after 5 s idle; a request
 * sent on one just as it closes never reaches the Worker, and the proxy answers it with a plain-text 503
 * "Your worker restarted mid-request…" although nothing restarted (cloudflare/workers-sdk#14641). That
 * answer is the dev harness's, not the Worker's, so it is sent again; the Worker's own 503s (a JSON
 * envelope) are returned as they are.
 */
async function fetchPastDevProxyRace(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    if (res.status !== 503 || attempt === 3 || res.headers.get('content-type')?.includes('json')) return res;
    const text = await res.clone().text();
    if (!text.startsWith('Your worker restarted mid-request')) return res;
  }
}

/** Reads every table's rows (the seed a Worker run's targets start from). */
export async function readSeed(client: import('@libsql/client').Client): Promise<WorkerTargetInfo['seed']> {
  const seed: WorkerTargetInfo['seed'] = {};
  for (const name of await tableNames(client)) {
    const result = await client.execute(`SELECT * FROM "${name}"`);
    seed[name] = result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column, row[i] ?? null])));
  }
  return seed;
}

/**
 * The roster's triggers (migrations/0003) write a tombstone stamped from `roster_sequence` for every deleted
 * person: people go first, then their tombstones, the sequence last; restored, the sequence goes first.
 */
const DELETED_LAST = ['roster_tombstones', 'roster_sequence'];

/** Empties every table and puts the seed's rows back, in one transaction (foreign keys checked at its end). */
async function restoreSeed(client: import('@libsql/client').Client, seed: WorkerTargetInfo['seed']) {
  const names = await tableNames(client);
  const order = [...names.filter((name) => !DELETED_LAST.includes(name)), ...DELETED_LAST.filter((name) => names.includes(name))];
  await client.batch(
    [
      'PRAGMA defer_foreign_keys = ON',
      ...order.map((name) => `DELETE FROM "${name}"`),
      ...Object.entries(seed)
        .sort(([a], [b]) => Number(b === 'roster_sequence') - Number(a === 'roster_sequence'))
        .flatMap(([name, rows]) =>
          rows.map((row) => {
            const columns = Object.keys(row);
            return {
              sql: `INSERT INTO "${name}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
              args: columns.map((c) => row[c] as never),
            };
          }),
        ),
    ],
    'write',
  );
}
