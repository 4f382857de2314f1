import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Client } from '@libsql/client';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createApp } from '../app';
import { hashPassword } from '../auth/password';
import { startExhibitorSession } from '../auth/require-exhibitor';
import { exhibitors, exhibitorStaff } from '../db/tables/exhibitors';
import { ensureFeaturedEvent, ensureFirstAdmin } from '../db/initial-data';
import { OPEN_FEATURED_EVENT_SQL } from './open-featured-event';
import { LibsqlError } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { shareEventCache } from '../lib/events';
import type { BatchWriter } from '../db/batch-writer';
import type { Database } from '../db/database';
import { openDatabase } from '../db/local-database';
import { settleGeneration } from '../db/startup-checks';
import { createLogger, type Logger } from '../lib/log';
import { users, type UserRole } from '../db/tables/system';
import { type AppConfig, type AppDeps, DEFAULT_CONFIG } from '../env';
import { folderBlobStore } from '../storage/folder-blob-store';
import type { Channels } from '../notifications/channels';
import { MessageLoop } from '../notifications/dispatcher';

export const ADMIN_EMAIL = 'admin@expo.test';
export const ADMIN_PASSWORD = 'correct horse battery staple';
/** Requests in tests say which client address they come from with this header (the tests' own deps read it). */
const CLIENT_ADDRESS_HEADER = 'x-test-client-address';
/** The test app's token secret (login tokens, author tickets, pass links). */
const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef';

/** The test's stand-in for the socket's address: the test header, else loopback. */
export const socketAddress = (c: Context) => c.req.header(CLIENT_ADDRESS_HEADER) ?? '127.0.0.1';

/**
 * A clock the test moves by hand: token expiry and lock-outs are tested without waiting. What is scheduled
 * on it (the logger's windows) runs when `advance` passes its time.
 */
export class TestClock {
  private timers: { at: number; run: () => void }[] = [];
  constructor(private current = new Date('2026-03-02T04:30:00.000Z')) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
    const due = this.timers.filter((timer) => timer.at <= this.current.getTime());
    this.timers = this.timers.filter((timer) => !due.includes(timer));
    for (const timer of due) timer.run();
  }
  /** Runs `run` once the clock has been advanced by `ms`; answers how to cancel it. */
  schedule = (run: () => void, ms: number) => {
    const timer = { at: this.current.getTime() + ms, run };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  };
}

export interface RequestOptions {
  json?: unknown;
  body?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
  address?: string;
}

/**
 * A disk that can be made to fail: while `state.failing`, every write through the routes' database or the
 * write lane fails as a full disk does (SQLITE_FULL), after drizzle has put its SQL and parameters into the
 * error, exactly what a real failure would hand the app; an image write leaves an empty file and fails, as
 * ENOSPC does part-way.
 */
function failingDisk(client: Client, db: Database, writeBatch: BatchWriter) {
  const state = { failing: false };
  const diskFull = () => new LibsqlError('database or disk is full', 'SQLITE_FULL');
  const isWrite = (statement: unknown) =>
    /^\s*(insert|update|delete|replace)\b/i.test(typeof statement === 'string' ? statement : String((statement as { sql?: unknown })?.sql ?? ''));
  const failingClient = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'execute') {
        return (statement: unknown, ...rest: unknown[]) => {
          if (state.failing && isWrite(statement)) return Promise.reject(diskFull());
          return value.call(target, statement, ...rest);
        };
      }
      if (property === 'batch') {
        return (statements: unknown[], ...rest: unknown[]) => {
          if (state.failing && statements.some(isWrite)) return Promise.reject(diskFull());
          return value.call(target, statements, ...rest);
        };
      }
      return value.bind(target);
    },
  });
  const routesDb: Database = drizzle(failingClient);
  // One database: the routes' connection and the sender's share their caches (events, the message guard), as on the Node server.
  shareEventCache(routesDb, db);
  return {
    state,
    db: routesDb,
    writeBatch: Object.assign(
      (statements: Parameters<BatchWriter>[0]) => (state.failing && statements.some(isWrite) ? Promise.reject(diskFull()) : writeBatch(statements)),
      { groupsRequests: writeBatch.groupsRequests, batchesInFlight: writeBatch.batchesInFlight },
    ) as BatchWriter,
    writeFile: (async (path: string, data: string | Uint8Array) => {
      if (!state.failing) return writeFile(path, data);
      await writeFile(path, '');
      throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC' });
    }) as typeof writeFile,
  };
}

/**
 * An exhibitor of a stall or sponsor straight in the database, with its owner signed in: the token of the
 * exhibitor portal's audience. Tests of exhibitor routes that are not about the invitation start here.
 */
function exhibitorSessions(db: Database, jwtSecret: string, clock: TestClock) {
  return async (booking: { eventId: string; stallId?: string; sponsorId?: string }, mobileNumber = '+919000000001') => {
    const at = clock.now().toISOString();
    const exhibitorId = crypto.randomUUID();
    const staffId = crypto.randomUUID();
    await db.insert(exhibitors).values({
      id: exhibitorId,
      eventId: booking.eventId,
      stallId: booking.stallId ?? null,
      sponsorId: booking.sponsorId ?? null,
      invitedBy: 'test',
      createdAt: at,
      updatedAt: at,
    });
    await db.insert(exhibitorStaff).values({ id: staffId, exhibitorId, role: 'owner', name: 'Test exhibitor', mobileNumber, createdAt: at, updatedAt: at });
    const { token } = await startExhibitorSession(db, staffId, { secret: jwtSecret, now: clock.now(), ttlSeconds: DEFAULT_CONFIG.tokenTtlSeconds });
    return { exhibitorId, staffId, token };
  };
}

/**
 * The real app over a real libSQL file in a fresh temporary folder, migrated and seeded as `npm start`
 * does, with the first admin created from known credentials. Requests go through `app.request`, i.e.
 * through the whole HTTP stack of Hono. Call `close()` in afterAll.
 */
export async function makeTestApp(
  options: {
    config?: Partial<AppConfig>;
    serveAssets?: AppDeps['serveAssets'];
    /** The public pages' renderer (public-pages.ts), for tests of the pages' HTML. */
    publicPages?: NonNullable<Parameters<typeof createApp>[1]>['publicPages'];
    /** The server's reading of the client address; by default the test header, as if it were the socket's. */
    clientAddress?: AppDeps['clientAddress'];
    /** The message channels (none by default: every message is recorded not sent). */
    channels?: Channels;
    /** The Node sender's pause between full rounds (its default, 250 ms, paces 80 messages a second per channel). */
    messageRoundGapMs?: number;
    /** PUBLIC_ORIGIN (`http://localhost`, where the test's requests go, by default; null: unset). */
    publicOrigin?: string | null;
    /**
     * An existing data folder to run on (its `test.db`), kept at `close()`: a server started again on what
     * another left, or on a restored backup (edge/db/backup.ts).
     */
    dataDir?: string;
  } = {},
) {
  const dir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'eventpro-test-'));
  const {
    client,
    db,
    writeBatch,
    readRow,
    fileProblem,
    close: closeDatabase,
  } = await openDatabase({
    url: `file:${join(dir, 'test.db')}`,
    migrationsFolder: resolve(import.meta.dirname, '../../migrations'),
  });
  const clock = new TestClock();
  // The folder is the test server's data folder too: it records the database's generation as `npm start` does.
  await settleGeneration(db, { dataDir: dir, embedded: true, databaseUrl: `file:${join(dir, 'test.db')}`, now: clock.now() });
  const logs: string[] = [];
  const logger = createLogger({ sink: (line) => logs.push(line), level: 'debug', now: clock.now, windowTimer: clock.schedule });
  const disk = failingDisk(client, db, writeBatch);
  const routesDb = disk.db;
  // The sender, as the Node server runs it (woken by requests), on the test's clock; no timer.
  const channels = options.channels ?? {};
  const messageLoop = new MessageLoop({ db, writeBatch, channels, now: clock.now, linkSecret: TEST_JWT_SECRET, logger }, options.messageRoundGapMs);
  const deps: AppDeps & { logger: Logger } = {
    db: routesDb,
    writeBatch: disk.writeBatch,
    readRow,
    logger,
    blobs: folderBlobStore(join(dir, 'blobs'), { writeFile: disk.writeFile }),
    secrets: { jwtSecret: TEST_JWT_SECRET, passwordPepper: 'test-pepper' },
    now: clock.now,
    clientAddress: options.clientAddress ?? socketAddress,
    config: { ...DEFAULT_CONFIG, ...options.config },
    serveAssets: options.serveAssets,
    databaseFileProblem: fileProblem,
    messaging: {
      channels,
      publicOrigin: options.publicOrigin === null ? undefined : (options.publicOrigin ?? 'http://localhost'),
      dispatch: (_c, queuedOn) => messageLoop.wake(queuedOn),
    },
  };
  await ensureFeaturedEvent(db, clock.now());
  await client.execute(OPEN_FEATURED_EVENT_SQL);
  await ensureFirstAdmin(db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, pepper: deps.secrets.passwordPepper, now: clock.now() });
  const app = createApp(deps, { publicPages: options.publicPages });

  const request = (method: string, path: string, init: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.address) headers[CLIENT_ADDRESS_HEADER] = init.address;
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['Content-Type'] ??= 'application/json';
    }
    return app.request(path, { method, headers, body });
  };

  const login = async (email = ADMIN_EMAIL, password = ADMIN_PASSWORD) => {
    const res = await request('POST', '/api/auth/login', { json: { email, password } });
    const body = (await res.json()) as { token?: string; message: string };
    if (!body.token) throw new Error(`login failed: ${res.status} ${body.message}`);
    return body.token;
  };

  const { createUser, disableUser, rowCounts } = databaseChecks({ db, client, passwordPepper: deps.secrets.passwordPepper, now: clock.now });

  const close = async () => {
    await messageLoop.idle();
    // The writer's thread may still be closing its connection (and writing its last files) otherwise.
    await closeDatabase();
    if (!options.dataDir) rmSync(dir, { recursive: true, force: true });
  };

  /** Makes every write fail as on a full disk (true) or work again (false). */
  const failWrites = (failing: boolean) => {
    disk.state.failing = failing;
  };

  const exhibitorSession = exhibitorSessions(db, deps.secrets.jwtSecret, clock);

  return {
    app,
    deps,
    db: routesDb,
    logs,
    messageLoop,
    failWrites,
    client,
    clock,
    dir,
    request,
    login,
    createUser,
    disableUser,
    rowCounts,
    exhibitorSession,
    close,
  };
}

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>;

/**
 * What tests do straight in the database, whichever server runs the API: add or disable an account, and
 * count rows. `client` and `db` are the test's own connection to the API's database.
 */
export function databaseChecks({ db, client, passwordPepper, now }: { db: Database; client: Client; passwordPepper: string; now: () => Date }) {
  /** Adds an account straight to the database. */
  const createUser = async (role: UserRole, email = `${role}-${crypto.randomUUID().slice(0, 8)}@expo.test`, password = 'staff password 1') => {
    const at = now().toISOString();
    const id = crypto.randomUUID();
    await db.insert(users).values({
      id,
      email,
      name: `Test ${role}`,
      role,
      passwordHash: await hashPassword(password, passwordPepper),
      createdAt: at,
      updatedAt: at,
    });
    return { id, email, password };
  };

  const disableUser = (id: string) => db.update(users).set({ disabled: true }).where(eq(users.id, id));

  /** Row counts of every table: a request that must not store anything leaves these unchanged. */
  const rowCounts = async () => {
    const counts: Record<string, number> = {};
    for (const name of await tableNames(client)) {
      const [result] = await db.all<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM "${name}"`));
      counts[name] = Number(result?.n ?? 0);
    }
    return counts;
  };

  return { createUser, disableUser, rowCounts };
}

/** The app's tables (not SQLite's own, not the migrations' journal). */
export async function tableNames(client: Client): Promise<string[]> {
  const tables = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
  );
  return tables.rows.map((row) => String(row.name));
}
