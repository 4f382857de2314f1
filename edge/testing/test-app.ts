import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Client } from '@libsql/client';
import { eq, sql } from 'drizzle-orm';
import { createApp } from '../app';
import { hashPassword } from '../auth/password';
import { ensureFeaturedEvent, ensureFirstAdmin } from '../db/initial-data';
import type { Database } from '../db/database';
import { openDatabase } from '../db/local-database';
import { users, type UserRole } from '../db/tables/system';
import { type AppConfig, type AppDeps, DEFAULT_CONFIG } from '../env';
import { folderBlobStore } from '../storage/folder-blob-store';

export const ADMIN_EMAIL = 'admin@expo.test';
export const ADMIN_PASSWORD = 'correct horse battery staple';
/** Requests in tests say which client address they come from with this header (the tests' own deps read it). */
export const CLIENT_ADDRESS_HEADER = 'x-test-client-address';

/** A clock the test moves by hand: token expiry and lock-outs are tested without waiting. */
export class TestClock {
  constructor(private current = new Date('2026-03-02T04:30:00.000Z')) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface RequestOptions {
  json?: unknown;
  body?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
  address?: string;
}

/**
 * The real app over a real libSQL file in a fresh temporary folder, migrated and seeded as `npm start`
 * does, with the first admin created from known credentials. Requests go through `app.request`, i.e.
 * through the whole HTTP stack of Hono. Call `close()` in afterAll.
 */
export async function makeTestApp(options: { config?: Partial<AppConfig>; serveAssets?: AppDeps['serveAssets'] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'eventpro-test-'));
  const { client, db, writeBatch, close: closeDatabase } = await openDatabase({
    url: `file:${join(dir, 'test.db')}`,
    migrationsFolder: resolve(import.meta.dirname, '../../migrations'),
  });
  const clock = new TestClock();
  const deps: AppDeps = {
    db,
    writeBatch,
    blobs: folderBlobStore(join(dir, 'blobs')),
    secrets: { jwtSecret: 'test-jwt-secret-0123456789abcdef', passwordPepper: 'test-pepper' },
    now: clock.now,
    clientAddress: (c) => c.req.header(CLIENT_ADDRESS_HEADER) ?? '127.0.0.1',
    config: { ...DEFAULT_CONFIG, ...options.config },
    serveAssets: options.serveAssets,
  };
  await ensureFeaturedEvent(db, clock.now());
  await ensureFirstAdmin(db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, pepper: deps.secrets.passwordPepper, now: clock.now() });
  const app = createApp(deps);

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
    // The writer's thread may still be closing its connection (and writing its last files) otherwise.
    await closeDatabase();
    rmSync(dir, { recursive: true, force: true });
  };

  return { app, deps, db, client, clock, dir, request, login, createUser, disableUser, rowCounts, close };
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
