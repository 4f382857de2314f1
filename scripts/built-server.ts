/**
 * Starts the built Node server (`dist/server/node.js`, what `npm start` runs) on a free port over a fresh
 * database folder, for the browser tests and the benchmarks. Builds first when dist/ is missing.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openFeaturedEvent } from '../edge/testing/open-featured-event';

export const REPO_ROOT = resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function ensureBuilt() {
  const built = existsSync(join(REPO_ROOT, 'dist/server/node.js')) && existsSync(join(REPO_ROOT, 'dist/pwa/app.html'));
  if (!built || process.env.REBUILD === '1') execSync('npm run build', { cwd: REPO_ROOT, stdio: 'inherit' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * `place`: a port and a data folder of the caller's (a restore drill starts the server again on both: the
 * devices' IndexedDB belongs to the origin); that folder outlives `stop()`. A fresh folder and port otherwise.
 */
export async function startBuiltServer(env: Record<string, string> = {}, place: { port?: number; dataDir?: string } = {}): Promise<RunningServer> {
  ensureBuilt();
  const dataDir = place.dataDir ?? mkdtempSync(join(tmpdir(), 'eventpro-server-'));
  const port = place.port ?? (await freePort());
  const adminEmail = 'admin@expo.test';
  const adminPassword = 'e2e admin password';
  const child = spawn(process.execPath, ['dist/server/node.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${join(dataDir, 'expo.db')}`,
      BLOB_DIR: join(dataDir, 'blobs'),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      // The server's own address: pass messages are queued only with PUBLIC_ORIGIN set (decision 045).
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What the server printed, for the errors below: its last lines only. The server logs a line per request,
  // and keeping a load test's million lines would make this process (which also runs the load) slower.
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk;
    if (output.length > 64_000) output = output.slice(-32_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer within 20 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  // The browser tests and the benchmarks register on the featured event, which has ended.
  await openFeaturedEvent(url, adminEmail, adminPassword);

  return {
    url,
    dataDir,
    adminEmail,
    adminPassword,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!place.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
