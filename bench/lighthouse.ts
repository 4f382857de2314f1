/**
 * Lighthouse on a page (mobile preset, Debian chromium) and the JavaScript it loads during the run (every
 * script Lighthouse saw, lazy chunks included), each gzip-sized.
 * `benchLighthouse(url)` runs against a server that is already up (bench/index.ts starts one).
 * Standalone: `tsx bench/lighthouse.ts` starts the built server itself.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const run = promisify(execFile);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The JavaScript files the page loaded during the run, each gzip-compressed at level 9, summed (bytes). */
  jsGzipBytes: number;
  jsFiles: Array<{ url: string; gzipBytes: number }>;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { details?: { items?: Array<{ url: string; resourceType?: string }> } }>;
}

/** Runs Lighthouse (mobile preset, the default) on `url` and sizes the JS it saw loading. */
export async function benchLighthouse(url: string): Promise<LighthouseFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'eventpro-lighthouse-'));
  const out = join(dir, 'home.json');
  try {
    await run(
      'npx',
      ['lighthouse', url, '--quiet', '--output=json', `--output-path=${out}`, '--only-categories=performance,accessibility,best-practices,seo', `--chrome-flags=${CHROME_FLAGS.join(' ')}`],
      { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    const report = JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const scripts = [
      ...new Set(
        (report.audits['network-requests']?.details?.items ?? [])
          .filter((item) => item.resourceType === 'Script' && item.url.startsWith(new URL(url).origin))
          .map((item) => item.url),
      ),
    ];
    const jsFiles = await Promise.all(
      scripts.map(async (script) => ({ url: script, gzipBytes: gzipSync(Buffer.from(await (await fetch(script)).arrayBuffer()), { level: 9 }).length })),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      jsGzipBytes: jsFiles.reduce((sum, file) => sum + file.gzipBytes, 0),
      jsFiles,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startBuiltServer } = await import('../scripts/built-server');
  const server = await startBuiltServer();
  try {
    const path = process.argv[2] ?? '/';
    const figures = await benchLighthouse(`${server.url}${path}`);
    for (const file of figures.jsFiles) console.log(`  ${file.gzipBytes.toString().padStart(7)}  ${file.url}`);
    const kb = (figures.jsGzipBytes / 1024).toFixed(1);
    console.log(`JS loaded by ${path} (gzip): ${kb} KB (target for /: ≤ 100 KB)`);
    for (const key of ['performance', 'accessibility', 'bestPractices', 'seo'] as const) {
      console.log(`Lighthouse ${key}: ${figures[key]} (target ≥ 98)`);
    }
  } finally {
    await server.stop();
  }
}
