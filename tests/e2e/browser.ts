import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';

export { CHROMIUM_PATH };

/**
 * A browser profile of its own (service workers and IndexedDB persist across reloads within it), like a
 * tablet at the venue. Collects console errors and CSP violations so specs can assert there are none.
 */
export async function openDevice(
  options: {
    viewport?: { width: number; height: number };
    /** A Y4M video file the browser plays as its camera (Chromium's fake capture device), permission granted. */
    cameraVideo?: string;
  } = {},
) {
  const profile = mkdtempSync(join(tmpdir(), 'eventpro-chromium-'));
  const camera = options.cameraVideo
    ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${options.cameraVideo}`]
    : [];
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, ...camera],
    viewport: options.viewport ?? { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  };
  context.on('page', watch);
  context.pages().forEach(watch);
  const page = context.pages()[0] ?? (await context.newPage());
  // What each page showed when the device closed, printed only if the test fails: a failure seen once in
  // CI then says where the page was and what it said, instead of only which wait ran out.
  const lastSeen: string[] = [];
  try {
    onTestFailed(() => {
      if (lastSeen.length) console.log(`--- the device's pages when it closed ---\n${lastSeen.join('\n')}`);
      else if (problems.length) console.log(`--- the device's console errors ---\n${problems.join('\n')}`);
    });
  } catch {
    // opened in a beforeAll (shared by the file's tests): outside any one test
  }
  return {
    context,
    page,
    problems,
    async close() {
      for (const open of context.pages()) {
        const text = await open.evaluate(() => document.body?.innerText.slice(0, 1500) ?? '').catch((e: Error) => `(unreadable: ${e.message})`);
        lastSeen.push(`${open.url()}\n${text}\nconsole errors: ${problems.join(' | ') || 'none'}`);
      }
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  } satisfies { context: BrowserContext; page: Page; problems: string[]; close(): Promise<void> };
}

/** What openDevice gives a spec: the context, its first page, the problems seen, close(). */
export type Device = Awaited<ReturnType<typeof openDevice>>;

/** Waits until the app has hydrated the server-rendered page (React's props are on the header). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const header = document.querySelector('header.site-header');
    return header !== null && Object.keys(header).some((key) => key.startsWith('__reactProps'));
  });
}
