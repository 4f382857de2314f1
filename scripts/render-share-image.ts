/**
 * Renders the event's share card (pwa/share-image/share-event.svg) to the 1200×630 JPEG that link
 * previews show (pwa/public/images/share-event.jpg; WhatsApp and others take no SVG). Run after editing
 * the design: `tsx scripts/render-share-image.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from './built-server';

const svg = readFileSync(join(REPO_ROOT, 'pwa/share-image/share-event.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<!doctype html><style>html,body{margin:0}</style>${svg}`);
  await page.screenshot({ path: join(REPO_ROOT, 'pwa/public/images/share-event.jpg'), type: 'jpeg', quality: 88 });
  console.log('Wrote pwa/public/images/share-event.jpg');
} finally {
  await browser.close();
}
