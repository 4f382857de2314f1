import { describe, expect, inject, it } from 'vitest';
import hiForms from '../../pwa/src/features/public-site/i18n/hi.forms.json';
import hiSite from '../../pwa/src/features/public-site/i18n/hi.json';
import hiLanding from '../../pwa/src/features/public-site/i18n/hi.landing.json';
import hiPasses from '../../pwa/src/features/public-site/i18n/hi.passes.json';
import hiPrivacy from '../../pwa/src/features/public-site/i18n/hi.privacy.json';
import teForms from '../../pwa/src/features/public-site/i18n/te.forms.json';
import teSite from '../../pwa/src/features/public-site/i18n/te.json';
import teLanding from '../../pwa/src/features/public-site/i18n/te.landing.json';
import tePasses from '../../pwa/src/features/public-site/i18n/te.passes.json';
import tePrivacy from '../../pwa/src/features/public-site/i18n/te.privacy.json';
import { hydrated, openDevice } from './browser';
import { seriousViolations, uniqueMobile } from './panel-helpers';

const baseUrl = inject('baseUrl');
// Each language's whole catalogue: its five files (catalogue.ts).
const te = { ...teSite, ...teLanding, ...teForms, ...tePasses, ...tePrivacy };
const hi = { ...hiSite, ...hiLanding, ...hiForms, ...hiPasses, ...hiPrivacy };

describe('the public site in Telugu and Hindi (decision 075)', () => {
  it('a visitor on a phone switches to Telugu with the keyboard, registers, and reads the messages and the pass in Telugu', async () => {
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page, problems } = visitor;
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      // The switch in the header, by keyboard alone: focus it, open it, move to Telugu, follow it.
      const toggle = page.locator('header summary', { hasText: 'Language EN' });
      expect(await toggle.isVisible()).toBe(true);
      const box = (await toggle.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await toggle.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('తెలుగు');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseUrl}/te/`);
      await hydrated(page);
      expect(await page.locator('html').getAttribute('lang')).toBe('te');
      expect(await page.locator('.hero__eyebrow').innerText()).toBe(te['Property Expo & Builders Awards']);
      // Dates in Telugu's own words (Intl), not the English ordinals.
      expect(await page.locator('.hero__dates').innerText()).toContain('అక్టోబర్');
      expect(await seriousViolations(page)).toEqual([]);

      // The hero's link keeps the language.
      await page.locator('.hero__actions').getByRole('link', { name: te['Visitor Registration'] }).click();
      await page.waitForURL(`${baseUrl}/te/visitor-registration`);
      await hydrated(page);
      const form = page.locator('form.form');
      const submit = form.getByRole('button', { name: te['Register Now'], exact: true });
      // Sent empty: the form's own messages, in Telugu.
      await submit.click();
      await form.getByText(te['Name is required']).waitFor();
      expect(await form.locator('.field__error').allInnerTexts()).toContain(te['Valid 10-digit mobile number is required']);

      await form.getByLabel(te['Full Name']).fill('Lakshmi Devi');
      await form.getByLabel(te['Mobile Number']).fill(uniqueMobile());
      // The states by their Telugu names, in Telugu order; the value chosen is the English name, whose cities follow.
      const state = form.getByLabel(te.State);
      const states = await state.locator('option').allInnerTexts();
      expect(states).toContain(te.Telangana);
      expect(states).not.toContain('Telangana');
      expect(states.slice(1)).toEqual([...states.slice(1)].sort((a, b) => a.localeCompare(b, 'te-IN')));
      await state.selectOption({ label: te.Telangana });
      expect(await state.inputValue()).toBe('Telangana');
      await form.getByLabel(te.City).selectOption('Hyderabad');
      expect(await form.locator('.form__consent').innerText()).toContain(
        te['By submitting, you agree that we send your entry pass to this mobile number by WhatsApp or SMS, and by e-mail if you give one.'],
      );
      // The family part and the exhibitors box speak Telugu too; a person added gets their own numbered card.
      const family = form.locator('fieldset.family');
      expect(await family.locator('legend').first().innerText()).toBe(te['Registering your family too?']);
      await family.getByRole('button', { name: te['Add a person'] }).click();
      const member = family.locator('fieldset.family__member');
      expect(await member.locator('legend').innerText()).toBe(te['Person {number}'].replace('{number}', '2'));
      await member.getByLabel(te['Full Name']).fill('Ravi Kumar');
      expect(await member.getByLabel(te['Mobile Number (optional)']).count()).toBe(1);
      expect(await form.locator('.form__optin').innerText()).toContain(te['Let exhibitors I visit receive my name and number']);
      expect(await form.locator('.form__optin a').getAttribute('href')).toBe('/te/privacy');
      await submit.click();
      await page.getByText(te['The passes of the person with you are saved in My passes.'], { exact: false }).waitFor();
      const pass = page.locator('article.pass');
      await pass.waitFor();
      expect(await pass.getAttribute('aria-label')).toBe('Lakshmi Devi పాస్');
      const details = await pass.locator('dt').allInnerTexts();
      expect(details).toEqual(expect.arrayContaining([te.Name, te.Type, te['Pass code']]));
      expect(await pass.innerText()).toContain(te['Visitor Registration']);
      expect(await pass.innerText()).toContain(te['Show this at the entrance']);
      expect(await pass.innerText()).toContain('అక్టోబర్');
      expect(await pass.getByRole('button', { name: te['Download pass (PDF)'] }).count()).toBe(1);
      expect(problems).toEqual([]);

      // The choice is kept: the English address opens in Telugu next time.
      await page.goto(`${baseUrl}/`);
      await page.waitForURL(`${baseUrl}/te/`);
      expect(await page.locator('html').getAttribute('lang')).toBe('te');
    } finally {
      await visitor.close();
    }
  });

  it('/hi/ is rendered by the server in Hindi, with lang="hi" and hreflang alternates, and hydrates without a mismatch', async () => {
    const html = await (await fetch(`${baseUrl}/hi/`)).text();
    expect(html).toMatch(/<html lang="hi">/);
    expect(html).toContain(`<title>${hi['Hyderabad Property Expo 2025 & Builders Awards'].replace(/&/g, '&amp;')}</title>`);
    for (const [language, path] of [
      ['en', '/'],
      ['te', '/te/'],
      ['hi', '/hi/'],
      ['x-default', '/'],
    ]) {
      expect(html).toContain(`<link rel="alternate" hreflang="${language}" href="${baseUrl}${path}">`);
    }
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}/hi/">`);
    // The page's texts are in the HTML itself, before any script runs.
    for (const text of ['Up to 90% loan assistance', 'Visitor Registration', 'Biggest Awards for Builders and Developers'] as const) {
      expect(html).toContain(hi[text]);
    }
    // English stays at its address, in English.
    const english = await (await fetch(`${baseUrl}/visitor-registration`)).text();
    expect(english).toMatch(/<html lang="en">/);
    expect(english).toContain('Visit the expo for free');

    const visitor = await openDevice({ viewport: { width: 1280, height: 900 } });
    try {
      const { page, problems } = visitor;
      const chunks: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/(te|hi)-[\w-]+\.js$/.test(request.url())) chunks.push(request.url().replace(/^.*\/assets\//, ''));
      });
      // An English page fetches no catalogue.
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      expect(chunks).toEqual([]);
      await page.goto(`${baseUrl}/hi/visitor-registration`);
      await hydrated(page);
      expect(chunks.map((name) => name.slice(0, 3))).toEqual(['hi-']);
      expect(await page.locator('h1').innerText()).toBe(hi['Visit the expo for free']);
      expect(await seriousViolations(page)).toEqual([]);
      // React reports a hydration mismatch as a console error: none.
      expect(problems).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
