import { INLINE_MESSAGES } from '../../shared/schemas/vocabulary';
import { describe, expect, inject, it } from 'vitest';
import { hydrated, openDevice } from './browser';
import { uniqueMobile } from './panel-helpers';

const baseUrl = inject('baseUrl');

describe("the public forms' smaller details (issue 30, point 7)", () => {
  it("a field's message goes when the field is corrected, not only at the next submit", async () => {
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = visitor;
      await page.goto(`${baseUrl}/visitor-registration`);
      await hydrated(page);
      const form = page.locator('form.form');
      await form.getByLabel('Full Name').fill('Stale Error');
      await form.getByLabel('Mobile Number').fill('12345');
      await form.getByLabel('State').selectOption('Telangana');
      await form.getByLabel('City').selectOption('Hyderabad');
      await form.getByRole('button', { name: 'Register Now' }).click();
      await form.getByText(INLINE_MESSAGES.mobile).waitFor();
      await form.getByLabel('Mobile Number').fill(uniqueMobile());
      expect(await form.getByText(INLINE_MESSAGES.mobile).count()).toBe(0);
      expect(await form.getByLabel('Mobile Number').getAttribute('aria-invalid')).toBeNull();
    } finally {
      await visitor.close();
    }
  });

  it('closing the pass dialog leaves focus on the page, not lost at its top', async () => {
    const visitor = await openDevice({ viewport: { width: 1280, height: 800 } });
    try {
      const { page } = visitor;
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.locator('summary', { hasText: 'REGISTER NOW' }).click();
      await page.locator('.site-header__choices').getByRole('link', { name: 'Sponsor Registration' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sponsor Registration' });
      await dialog.getByLabel('Sponsor Organization Name').fill('Focus Builders');
      await dialog.getByLabel('Contact Person Name').fill('Focus Person');
      await dialog.getByLabel('Mobile Number').fill(uniqueMobile());
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const pass = page.getByRole('dialog', { name: 'Your pass' });
      await pass.waitFor({ timeout: 10_000 });
      await pass.getByRole('button', { name: 'Close' }).click();
      await pass.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement !== document.body && (document.activeElement?.getClientRects().length ?? 0) > 0))
        .toBe(true);
    } finally {
      await visitor.close();
    }
  });
});
