import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(`${m.type()}: ${m.text().slice(0, 3000)}`); });
page.on('pageerror', (e) => console.log('pageerror ' + e.message.slice(0, 3000)));
await page.goto('http://localhost:8811' + (process.argv[2] ?? '/'));
await page.waitForTimeout(3000);
await browser.close();
