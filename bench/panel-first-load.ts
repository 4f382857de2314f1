/**
 * The panel's first load: the JavaScript a signed-in organiser's browser fetches to show `/panel/dashboard`
 * from an empty cache, counted as bench/lighthouse.ts counts a public page's — every script of the page's
 * origin the load requested (module preloads and lazy chunks fetched before the network went quiet
 * included), each gzip-compressed at level 9, summed. Lighthouse itself cannot sign in (the token lives in
 * the page's localStorage), so the page is loaded in the same Debian chromium through playwright-core.
 * The service worker is blocked: its precache of every chunk happens after the first load, not for it.
 * `benchPanelFirstLoad(url, token)` runs against a server that is already up (bench/index.ts starts one).
 * Standalone: `tsx bench/panel-first-load.ts` starts the built server itself and lists the files.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium';

/**
 * Files of screens that must load on demand only: the reports' charts, the import screen, badge PDFs (with
 * fontkit) and their Noto fonts, workbooks.
 */
const ON_DEMAND = /\/(reports|import-dialog|import-rows|badge-pdf|pdf-text|fontkit|noto-sans|chart|write-excel|papaparse|read-excel)[-.]/i;

export interface PanelFirstLoad {
  jsGzipBytes: number;
  jsFiles: Array<{ url: string; gzipBytes: number }>;
  /** Files of on-demand screens (scripts and fonts) that the first load fetched anyway (should be none). */
  onDemandLoaded: string[];
}

export async function benchPanelFirstLoad(origin: string, token: string, path = '/panel/dashboard'): Promise<PanelFirstLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    // Sign in as the panel does: the token in the origin's localStorage, set from a page with no scripts.
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((t) => localStorage.setItem('eventpro.token', t), token);
    const scripts = new Set<string>();
    // Font files are not scripts, but a badge's fonts fetched by the first load would cost it as much.
    const fonts = new Set<string>();
    page.on('request', (request) => {
      if (!request.url().startsWith(origin)) return;
      if (request.resourceType() === 'script') scripts.add(request.url());
      else if (/\.woff2?$/.test(new URL(request.url()).pathname)) fonts.add(request.url());
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const jsFiles = await Promise.all(
      [...scripts].map(async (url) => ({ url, gzipBytes: gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length })),
    );
    jsFiles.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      jsGzipBytes: jsFiles.reduce((sum, file) => sum + file.gzipBytes, 0),
      jsFiles,
      onDemandLoaded: [...jsFiles.map((file) => file.url), ...fonts].filter((url) => ON_DEMAND.test(new URL(url).pathname)),
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startBuiltServer } = await import('../scripts/built-server');
  const { apiLogin } = await import('../tests/e2e/panel-helpers');
  const server = await startBuiltServer();
  try {
    const figures = await benchPanelFirstLoad(server.url, await apiLogin(server.url, server.adminEmail, server.adminPassword));
    for (const file of figures.jsFiles) console.log(`  ${file.gzipBytes.toString().padStart(7)}  ${new URL(file.url).pathname}`);
    console.log(`JS loaded by /panel/dashboard (gzip): ${(figures.jsGzipBytes / 1024).toFixed(1)} KB in ${figures.jsFiles.length} files (target ≤ 130 KB)`);
    console.log(`On-demand screens' files in the first load: ${figures.onDemandLoaded.length ? figures.onDemandLoaded.join(', ') : 'none'}`);
  } finally {
    await server.stop();
  }
}
