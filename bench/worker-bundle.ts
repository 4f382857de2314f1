/**
 * The Worker's bundle as Cloudflare receives it: `wrangler deploy --dry-run` (minified, wrangler.toml),
 * measured raw and gzip-compressed at level 9 (what .ci/run prints too).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuilt, REPO_ROOT } from '../scripts/built-server';

export function workerBundleSize(): { rawBytes: number; gzipBytes: number } {
  // The bundle holds the server build of the public pages (dist/ssr).
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'eventpro-worker-bundle-'));
  try {
    execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', dir], {
      cwd: REPO_ROOT,
      stdio: 'ignore',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    const bundle = readFileSync(join(dir, 'worker.js'));
    return { rawBytes: bundle.length, gzipBytes: gzipSync(bundle, { level: 9 }).length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rawBytes, gzipBytes } = workerBundleSize();
  console.log(`Worker bundle: ${rawBytes} bytes raw, ${gzipBytes} bytes gzip (${(gzipBytes / 1024).toFixed(0)} KB)`);
}
