import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/built-server';
import { GENERATION_FILE } from './generation-folder';
import { openDatabase } from './local-database';
import { checkDataFolder, describeStartupFailure, Refusal } from './startup-checks';
import { openFeaturedEvent } from '../testing/open-featured-event';

const REPO = resolve(import.meta.dirname, '../..');
const ADMIN = { ADMIN_EMAIL: 'admin@expo.test', ADMIN_PASSWORD: 'restore test password' };

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript entry of the project (the server, a db: script) as `npm start` / `npm run` would, to its end. */
function runEntry(entry: string, env: Record<string, string>, args: string[] = []): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return collect(child);
}

function collect(child: ChildProcess): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return new Promise((done) => child.on('exit', (code) => done({ code, stdout, stderr })));
}

/** The Node server (edge/node.ts) on its own port; resolves once /api/health answers 200. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'edge/node.ts'], {
    cwd: REPO,
    env: { ...process.env, ...ADMIN, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = collect(child);
  const url = `http://127.0.0.1:${port}`;
  // tsx compiles the server on start: seconds on a quiet machine, over 30 s on a busy two-core one.
  for (const deadline = Date.now() + 90_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${JSON.stringify(await run)}`);
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (Date.now() > deadline) throw new Error('the server did not answer within 90 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  // It registers on the featured event, which has ended.
  await openFeaturedEvent(url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const register = (mobileNumber: string) =>
    fetch(`${url}/api/visitors/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName: 'Meena Iyer', mobileNumber }),
    });
  const stop = async () => {
    child.kill('SIGTERM');
    return run;
  };
  return { port, url, register, stop };
}

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'eventpro-start-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('a lost database, through the real server and the db: commands', () => {
  it('backs up while running, refuses to restart on a deleted database, restores a backup and starts on it', async () => {
    const dataDir = folder();
    const env = { DATA_DIR: dataDir, DATABASE_URL: `file:${join(dataDir, 'expo.db')}`, BLOB_DIR: join(dataDir, 'blobs') };
    const first = await startServer(env);
    expect((await first.register('9300000001')).status).toBe(201);
    const generation = readFileSync(join(dataDir, GENERATION_FILE), 'utf8').trim();

    const backup = await runEntry('scripts/db-backup.ts', env);
    expect(backup.code).toBe(0);
    const backupFile = /to (\S+\.db)$/m.exec(backup.stdout)![1]!;
    expect(backupFile.startsWith(join(dataDir, 'backups'))).toBe(true);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect((await first.register('9300000002')).status).toBe(201); // after the backup: not in it

    const underRunningServer = await runEntry('scripts/db-restore.ts', { ...env, PORT: String(first.port) }, [backupFile]);
    expect(underRunningServer.code).toBe(1);
    expect(underRunningServer.stderr.trim()).toBe(
      `db:restore: a server answers on port ${first.port}: stop it first, a restore under a running server would be lost`,
    );
    expect((await first.stop()).code).toBe(0);

    // The operator's bad day: the database and its WAL are deleted.
    for (const file of ['expo.db', 'expo.db-wal', 'expo.db-shm']) rmSync(join(dataDir, file), { force: true });
    const refused = await runEntry('edge/node.ts', { ...env, ...ADMIN, PORT: String(await freePort()) });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `EventPro cannot start: the database at ${join(dataDir, 'expo.db')} is missing (the data folder ${dataDir} has run a server before); restore it with \`npm run db:restore <backup>\` or start with an empty DATA_DIR`,
    );
    expect(existsSync(join(dataDir, 'expo.db'))).toBe(false); // nothing made in its place

    const restore = await runEntry('scripts/db-restore.ts', { ...env, PORT: String(await freePort()) }, [backupFile]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const restoredGeneration = readFileSync(join(dataDir, GENERATION_FILE), 'utf8').trim();
    expect(restoredGeneration).not.toBe(generation);
    expect(restore.stdout).toContain(`(generation ${restoredGeneration})`);

    const second = await startServer(env);
    expect((await second.register('9300000001')).status).toBe(409); // from the backup: already registered
    expect((await second.register('9300000002')).status).toBe(201); // made after the backup
    expect((await second.stop()).code).toBe(0);
    const { client, close } = await openDatabase({ url: env.DATABASE_URL, migrationsFolder: join(REPO, 'migrations') });
    expect((await client.execute('SELECT generation FROM database_identity')).rows[0]!.generation).toBe(restoredGeneration);
    await close();
  }, 240_000);

  it('refuses a database that is not the one the data folder ran on, naming both generations', async () => {
    const dataDir = folder();
    const other = folder();
    const env = { DATA_DIR: dataDir, DATABASE_URL: `file:${join(dataDir, 'expo.db')}`, BLOB_DIR: join(dataDir, 'blobs') };
    await (await startServer(env)).stop();
    await (await startServer({ ...env, DATA_DIR: other, DATABASE_URL: `file:${join(other, 'expo.db')}` })).stop();
    const refused = await runEntry('edge/node.ts', { ...env, ...ADMIN, DATABASE_URL: `file:${join(other, 'expo.db')}`, PORT: String(await freePort()) });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      new RegExp(
        `^EventPro cannot start: the database at file:${join(other, 'expo.db')} \\(generation [0-9a-f-]{36}\\) is not the one the data folder ${dataDir} last ran on \\([0-9a-f-]{36}\\)`,
      ),
    );
  }, 240_000);
});

describe('start-up faults in one line', () => {
  it('a DATABASE_URL that is not libSQL', async () => {
    const error = await openDatabase({ url: 'postgres://db.example/expo', migrationsFolder: join(REPO, 'migrations') }).catch((e: unknown) => e);
    expect(describeStartupFailure(error, { databaseUrl: 'postgres://user:secret@db.example/expo', dataDir: '/srv/data' })).toBe(
      'DATABASE_URL postgres://db.example/expo is not a libSQL URL: use file:<path>, libsql://<host> or https://<host>',
    );
  });

  it('a data folder that is a file', () => {
    const file = join(folder(), 'not-a-folder');
    rmSync(file, { force: true });
    writeFileSync(file, '');
    expect(() => checkDataFolder(join(file, 'data'))).toThrow(Refusal);
    expect(() => checkDataFolder(join(file, 'data'))).toThrow(`the data folder ${join(file, 'data')} is not a folder`);
  });
});

/** A read-only filesystem of our own (a tmpfs mounted read-only), where this machine lets a test mount one (root). */
function readOnlyMount(): string | undefined {
  const dir = folder();
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir], { stdio: 'ignore' });
  if (mounted.status !== 0) return undefined;
  afterAll(() => void spawnSync('umount', [dir], { stdio: 'ignore' }));
  return dir;
}

describe('start on a read-only filesystem', () => {
  const readOnly = process.platform === 'linux' ? readOnlyMount() : undefined;
  it.skipIf(!readOnly)(
    'refuses in one line, for the data folder and for the database',
    async () => {
      const dataOnReadOnly = await runEntry('edge/node.ts', {
        ...ADMIN,
        DATA_DIR: readOnly!,
        DATABASE_URL: `file:${join(readOnly!, 'expo.db')}`,
        PORT: String(await freePort()),
      });
      expect(dataOnReadOnly.code).toBe(1);
      expect(dataOnReadOnly.stderr.trim()).toBe(
        `EventPro cannot start: the data folder ${readOnly} is on a read-only filesystem: set DATA_DIR to a folder the server's user can write, or fix its permissions`,
      );
      const writable = folder();
      const databaseOnReadOnly = await runEntry('edge/node.ts', {
        ...ADMIN,
        DATA_DIR: writable,
        DATABASE_URL: `file:${join(readOnly!, 'expo.db')}`,
        PORT: String(await freePort()),
      });
      expect(databaseOnReadOnly.code).toBe(1);
      expect(databaseOnReadOnly.stderr.trim()).toBe(
        `EventPro cannot start: the database at file:${join(readOnly!, 'expo.db')} is on a read-only filesystem or file: the server needs to write it; move DATA_DIR and DATABASE_URL to a writable disk`,
      );
    },
    60_000,
  );
});
