import { chromium } from 'playwright-core';
import { startBuiltServer } from './scripts/built-server';

const server = await startBuiltServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const width of [390, 768, 1024, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${server.url}/visitor-registration`);
    await page.waitForFunction(() => Object.keys(document.querySelector('form') ?? {}).some((k) => k.startsWith('__react')));
    const form = page.locator('form.form').first();
    await form.getByLabel('Full Name').fill(' ');
    await form.getByLabel('Mobile Number').fill('98765');
    await form.locator('button[type=submit]').click();
    await page.getByText('Valid 10-digit mobile number is required').waitFor();
    await form.screenshot({ path: `/tmp/wclient-shots/inline-${width}.png` });
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => Object.keys(document.querySelector('header') ?? {}).some((k) => k.startsWith('__react')));
    await page.locator('summary', { hasText: 'REGISTER NOW' }).click();
    await page.locator('.site-header__choices').getByRole('link', { name: 'Visitor Registration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Visitor Registration' });
    await dialog.getByLabel('Mobile Number').fill('12345');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Full Name is required').waitFor();
    await page.screenshot({ path: `/tmp/wclient-shots/popup-${width}.png` });
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
