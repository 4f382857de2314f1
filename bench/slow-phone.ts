/**
 * The public site on a slow phone (issue #30): a first visit on DevTools' "Slow 4G" and "3G" network presets
 * with a 4× CPU slowdown, 390×844 touch viewport, in Debian chromium through playwright-core. Each run is a
 * fresh browser context (empty cache, no cookies or storage) with service workers blocked, as on a first
 * visit before the worker is installed. Times are from the navigation's start (the page's `timeOrigin`),
 * read inside the page, so the harness's own round trips are not counted.
 *
 * What a visitor would notice, as two rules, each with what follows it:
 * - **Interactive home** (`/`): the moment the app has taken the page over (React's handlers are on the
 *   header, as tests/e2e/browser.ts `hydrated` reads): from then every control answers as the app does
 *   (menus, the language switch, REGISTER NOW opening the popup). Before it the page is already usable as
 *   plain HTML (its links lead to the registration pages). Followed by: a tap on REGISTER NOW, then
 *   "Visitor Registration", made at that moment, until the registration popup with its fields is in the
 *   document (its code and words come over the same slow network on demand).
 * - **Submittable visitor form** (`/visitor-registration`): the moment Register Now is enabled (the form
 *   keeps it disabled until its script has taken the page over): a press from then is taken, checked, kept
 *   on the device and sent, never lost, the page holding it while the code that sends arrives. Followed by:
 *   the visitor types into the server-rendered fields as soon as they are there, picks State and City as
 *   soon as the page lets them, presses Register Now as soon as it is enabled, until the page's `POST
 *   /api/visitors/register` leaves (its resource timing's start). The registration reaches the bench
 *   server: a unique number each run.
 *
 * Each case runs `SLOW_PHONE_RUNS` times; the median is reported. Targets: the issue's baseline, measured on
 * an old main (0be5e02), which these pages must not be slower than.
 * `benchSlowPhone(origin, report)` runs against a server that is already up (bench/index.ts starts one).
 * Standalone: `tsx bench/slow-phone.ts [te]` starts the built server itself.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium';
import { uniqueMobile } from '../tests/e2e/panel-helpers';

/**
 * DevTools' presets, exactly as Chromium's DevTools defines them: ChromeDevTools/devtools-frontend,
 * front_end/core/sdk/NetworkManager.ts, `Slow4GConditions` (titled "Slow 4G", called "Fast 3G" until May
 * 2024, crbug.com/342406608) and `Slow3GConditions` (titled "3G", formerly "Slow 3G"). Bytes per second and
 * milliseconds, as `Network.emulateNetworkConditions` takes them.
 */
export const NETWORK_PRESETS = {
  'Slow 4G': { latency: 150 * 3.75, downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, uploadThroughput: ((750 * 1000) / 8) * 0.9 },
  '3G': { latency: 400 * 5, downloadThroughput: ((500 * 1000) / 8) * 0.8, uploadThroughput: ((500 * 1000) / 8) * 0.8 },
} as const;
export type NetworkPreset = keyof typeof NETWORK_PRESETS;

/** DevTools' "4× slowdown" of the page's main thread. */
const CPU_SLOWDOWN = 4;
export const SLOW_PHONE_RUNS = 3;

type Measure = 'home' | 'form';

/** The baseline (seconds), the figure each case must not exceed. */
const BASELINE: Record<Measure, Record<NetworkPreset, number>> = {
  home: { 'Slow 4G': 3.3, '3G': 10.6 },
  form: { 'Slow 4G': 4.2, '3G': 12.6 },
};

/** What the page holds for the harness: set by an init script, read after each run. */
interface Marks {
  /** When the registration popup, with its fields, was first in the document (ms from navigation start). */
  popupAt?: number;
  /** When the page's form first had its Register Now enabled. */
  submitLiveAt?: number;
  /** When the header first carried React's props: the app had taken the page over. */
  hydratedAt?: number;
}

/**
 * Installed before any of the page's scripts: a MutationObserver notes when a dialog with inputs appears,
 * and a check every animation frame notes when the header is hydrated. Neither changes the page. A string,
 * not a function: tsx's build of this file would give a function helper calls the page does not have.
 */
const WATCH_PAGE = `(() => {
  const marks = {};
  window.__slowPhone = marks;
  new MutationObserver(() => {
    if (marks.popupAt === undefined && document.querySelector('[role="dialog"] input')) marks.popupAt = performance.now();
    if (marks.submitLiveAt === undefined && document.querySelector('form.form button[type="submit"]:not([disabled])')) marks.submitLiveAt = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  const checkHeader = () => {
    const header = document.querySelector('header.site-header');
    if (header && Object.keys(header).some((key) => key.startsWith('__reactProps'))) marks.hydratedAt = performance.now();
    else requestAnimationFrame(checkHeader);
  };
  requestAnimationFrame(checkHeader);
})();`;

const readMarks = (page: Page) => page.evaluate(() => (window as unknown as { __slowPhone: Marks }).__slowPhone);
const firstContentfulPaint = (page: Page) => page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);

export interface SlowPhoneRun {
  /** The figure of the case (ms from navigation start): the page taken over, or Register Now enabled. */
  readyMs: number;
  /** What follows it: the popup open, or the registration leaving. */
  ms: number;
  firstPaintMs: number;
  hydratedMs: number;
}

/** One first visit of `path` on `preset`, measured by `measure`'s rule. */
async function slowPhoneRun(browser: Browser, origin: string, path: string, preset: NetworkPreset, measure: Measure): Promise<SlowPhoneRun> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_PAGE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK_PRESETS[preset] });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    page.setDefaultTimeout(120_000);
    await page.goto(`${origin}${path}`, { waitUntil: 'commit' });

    let ms: number;
    if (measure === 'home') {
      await page.waitForFunction(() => (window as unknown as { __slowPhone?: Marks }).__slowPhone?.hydratedAt !== undefined, undefined, { polling: 50 });
      await page.locator('summary.site-header__register').tap();
      await page.locator('.site-header__choices a[href$="/visitor-registration"]').tap();
      await page.waitForFunction(() => (window as unknown as { __slowPhone: Marks }).__slowPhone.popupAt !== undefined, undefined, { polling: 50 });
      ms = (await readMarks(page)).popupAt!;
    } else {
      const form = page.locator('form.form').first();
      await form.locator('input[name="fullName"]').fill('Slow Phone Visitor');
      await form.locator('input[name="mobileNumber"]').fill(uniqueMobile());
      // The state's list has no name of its own (only the city is sent): found by one of its states.
      await form.locator('select:has(option[value="Telangana"])').selectOption('Telangana');
      await form.locator('select[name="city"]').selectOption('Hyderabad');
      const sent = page.waitForResponse((response) => response.url().endsWith('/api/visitors/register') && response.request().method() === 'POST');
      await form.locator('button[type="submit"]').tap();
      // Its resource timing is written once the answer has arrived in full.
      await (await sent).finished();
      ms = await page.evaluate(
        () => performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/api/visitors/register'))?.startTime ?? Number.NaN,
      );
    }
    const marks = await readMarks(page);
    const ready = measure === 'home' ? marks.hydratedAt : marks.submitLiveAt;
    return { readyMs: ready ?? Number.NaN, ms, firstPaintMs: await firstContentfulPaint(page), hydratedMs: marks.hydratedAt ?? Number.NaN };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export interface SlowPhoneRow {
  name: string;
  figure: string;
  target: string;
  met: boolean;
}

/** Every case: home and visitor form, each preset, in English and (with `languages`) Telugu. */
export async function benchSlowPhone(
  origin: string,
  report: (row: SlowPhoneRow) => void,
  languages: ReadonlyArray<'' | '/te'> = ['', '/te'],
  runs = SLOW_PHONE_RUNS,
) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    for (const language of languages) {
      for (const preset of Object.keys(NETWORK_PRESETS) as NetworkPreset[]) {
        for (const measure of ['home', 'form'] as const) {
          const path = `${language}${measure === 'home' ? '/' : '/visitor-registration'}`;
          const what = measure === 'home' ? 'interactive home (the app has taken the page over)' : 'submittable visitor form (Register Now enabled)';
          const then = measure === 'home' ? 'popup open after a tap then' : 'registration sent by a visitor who typed as fast as the page allowed';
          const target = BASELINE[measure][preset];
          try {
            const each: SlowPhoneRun[] = [];
            for (let i = 0; i < runs; i++) each.push(await slowPhoneRun(browser, origin, path, preset, measure));
            const figure = median(each.map((run) => run.readyMs));
            const detail = each.map((run) => `${seconds(run.readyMs)} (paint ${seconds(run.firstPaintMs)}, ${then} ${seconds(run.ms)})`).join('; ');
            report({
              name: `Slow phone, ${preset} + ${CPU_SLOWDOWN}× CPU, ${path}: ${what}, median of ${runs}`,
              figure: `${seconds(figure)}; ${then}: ${seconds(median(each.map((run) => run.ms)))} — runs: ${detail}`,
              target: `≤ ${target} s`,
              met: figure <= target * 1000,
            });
          } catch (error) {
            report({
              name: `Slow phone, ${preset}, ${path}`,
              figure: `did not run: ${(error as Error).message.split('\n')[0]}`,
              target: `≤ ${target} s`,
              met: false,
            });
          }
        }
      }
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startBuiltServer } = await import('../scripts/built-server');
  const server = await startBuiltServer({ PUBLIC_RATE_LIMIT: '0' });
  try {
    const languages = process.argv.includes('te') ? (['/te'] as const) : process.argv.includes('en') ? ([''] as const) : (['', '/te'] as const);
    await benchSlowPhone(server.url, (row) => console.log(`${row.met ? 'MET ' : 'MISS'}  ${row.name}: ${row.figure}  (target ${row.target})`), languages);
  } finally {
    await server.stop();
  }
}
