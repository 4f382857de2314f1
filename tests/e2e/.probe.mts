import { chromium } from 'playwright-core';
const base = process.argv[2] ?? 'http://localhost:8811';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const width of [390, 768, 1024, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const logs: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') logs.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => logs.push('pageerror ' + e.message));
  for (const path of ['/', '/awards-registration', '/visitor-registration', '/stall-registration', '/passes']) {
    await page.goto(base + path);
    await page.waitForTimeout(1500);
    const name = path === '/' ? 'home' : path.slice(1);
    await page.screenshot({ path: `/tmp/wp/shot-${name}-${width}.png`, fullPage: process.argv[3] === 'full' });
  }
  console.log(width, logs.join('\n') || 'no console errors');
  await page.close();
}
await browser.close();
