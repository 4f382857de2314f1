import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, DATABASE_UNAVAILABLE_MESSAGE } from '../app';
import { DEFAULT_CONFIG } from '../env';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { folderBlobStore } from '../storage/folder-blob-store';
import { clientBatchWriter } from './batch-writer';
import { clientRowReader } from './row-reader';
import { isBusy, retryWhenBusy } from './busy-retry';
import { databaseFetch } from './remote-fetch';

/**
 * The app over a remote database that is down (nothing listens) or hangs (accepts and never answers), as
 * the Worker makes it: a client over HTTP with `databaseFetch`. Every request answers the contract's
 * envelope with 503 in bounded time, never a 500 or a hung request.
 */
const dir = mkdtempSync(join(tmpdir(), 'eventpro-remote-'));
const sockets = new Set<Socket>();
let hanging: Server;
let hangingPort: number;
let closedPort: number;

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));

beforeAll(async () => {
  hanging = createServer((socket) => void sockets.add(socket));
  hangingPort = await listen(hanging);
  const closed = createServer();
  closedPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(() => {
  for (const socket of sockets) socket.destroy();
  hanging.close();
  rmSync(dir, { recursive: true, force: true });
});

function appOver(port: number) {
  const client = retryWhenBusy(createClient({ url: `http://127.0.0.1:${port}`, fetch: databaseFetch({ timeoutMs: 300 }) }));
  return createApp({
    db: drizzle(client),
    writeBatch: clientBatchWriter(client, { groupsRequests: false }),
    readRow: clientRowReader(client),
    blobs: folderBlobStore(join(dir, 'blobs')),
    secrets: { jwtSecret: 'remote-test-secret-0123456789abcdef', passwordPepper: 'pepper' },
    now: () => new Date(),
    clientAddress: () => '127.0.0.1',
    config: DEFAULT_CONFIG,
  });
}

const post = (app: ReturnType<typeof appOver>, path: string, json: unknown) =>
  app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) });

describe('a database that cannot answer', () => {
  it.each([
    ['is down', () => closedPort],
    ['hangs', () => hangingPort],
  ])('%s: registrations and logins answer 503 with the envelope and Retry-After, within the deadline', async (_, port) => {
    const app = appOver(port());
    for (const [path, body] of [
      ['/api/visitors/register', { fullName: 'Asha', mobileNumber: '9876543210' }],
      ['/api/auth/login', { email: 'admin@expo.test', password: 'secret password' }],
    ] as const) {
      const started = performance.now();
      const res = await post(app, path, body);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('5');
      expect(await res.json()).toEqual({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(performance.now() - started).toBeLessThan(3_000);
    }
  });
});

describe('errors that mean the database is unavailable', () => {
  it('are told apart from a statement that was wrong', () => {
    const libsql = (code: string) => Object.assign(new Error(code), { code });
    expect(isDatabaseUnavailable(new Error('x', { cause: libsql('SERVER_ERROR') }))).toBe(true);
    expect(isDatabaseUnavailable(libsql('SQLITE_BUSY'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }))).toBe(true);
    expect(isDatabaseUnavailable(libsql('SQLITE_CONSTRAINT'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isBusy(libsql('SQLITE_BUSY'))).toBe(true);
    expect(isBusy(libsql('SQLITE_CONSTRAINT'))).toBe(false);
  });
});
