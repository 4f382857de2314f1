/**
 * Lighthouse on a page (mobile preset, Debian chromium) and the JavaScript it loads during the run (every
 * script Lighthouse saw, lazy chunks included), each gzip-sized. Lighthouse runs several times and the run
 * reported is the one Lighthouse itself picks as the median (`computeMedianRun`: nearest the median first
 * contentful paint and time to interactive), the variance advice of its own documentation: on this shared
 * machine one run's Performance moves by 10 points or more for the same page. Every run's score is kept.
 * `benchLighthouse(url)` runs against a server that is already up (bench/index.ts starts one).
 * Standalone: `tsx bench/lighthouse.ts [path]` starts the built server itself.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium';

const run = promisify(execFile);

/** Lighthouse runs per page; the median run is reported. */
export const LIGHTHOUSE_RUNS = 3;

export interface LighthouseFigures {
  performance: number;
  /** Performance of every run, in the order they ran. */
  performanceRuns: number[];
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The JavaScript files the page loaded during the run, each gzip-compressed at level 9, summed (bytes). */
  jsGzipBytes: number;
  jsFiles: Array<{ url: string; gzipBytes: number }>;
  /** The median run's metrics behind Performance (simulated slow phone), e.g. "FCP 1.2 s, LCP 2.0 s, TBT 30 ms, CLS 0, SI 1.5 s". */
  metrics: string;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Array<{ url: string; resourceType?: string }> } }>;
}

/** One Lighthouse run (mobile preset, the default) on `url`. */
async function lighthouseRun(url: string): Promise<LighthouseReport> {
  const dir = mkdtempSync(join(tmpdir(), 'eventpro-lighthouse-'));
  const out = join(dir, 'report.json');
  try {
    await run(
      'npx',
      [
        'lighthouse',
        url,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    return JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The metrics Performance is scored from, by Lighthouse's audit ids. */
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;

const score = (report: LighthouseReport, id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);

/** Runs Lighthouse `runs` times on `url`, reports the median run, and sizes the JS that run saw loading. */
export async function benchLighthouse(url: string, runs = LIGHTHOUSE_RUNS): Promise<LighthouseFigures> {
  const reports: LighthouseReport[] = [];
  // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is tried again, once.
  for (let i = 0; i < runs; i++) reports.push(await lighthouseRun(url).catch(() => lighthouseRun(url)));
  const report = computeMedianRun(reports as never) as unknown as LighthouseReport;
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
    performance: score(report, 'performance'),
    performanceRuns: reports.map((each) => score(each, 'performance')),
    accessibility: score(report, 'accessibility'),
    bestPractices: score(report, 'best-practices'),
    seo: score(report, 'seo'),
    jsGzipBytes: jsFiles.reduce((sum, file) => sum + file.gzipBytes, 0),
    jsFiles,
    metrics: METRICS.map(([name, id]) => {
      const value = report.audits[id]?.numericValue ?? Number.NaN;
      return `${name} ${name === 'CLS' ? value.toFixed(2) : name === 'TBT' ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`}`;
    }).join(', '),
  };
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
    console.log(`Performance of each run: ${figures.performanceRuns.join(', ')} (the median run reported: ${figures.metrics})`);
  } finally {
    await server.stop();
  }
}
