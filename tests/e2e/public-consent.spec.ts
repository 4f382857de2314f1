import { CONSENT_NOTICES, DEFAULT_PRIVACY_NOTICE } from '../../shared/consent';
import { describe, expect, inject, it } from 'vitest';
import { TEST_REGISTRATION_CLOSES_AT } from '../../edge/testing/open-featured-event';
import tePrivacy from '../../pwa/src/features/public-site/i18n/te.privacy.json';
import { hydrated, openDevice } from './browser';
import { api, apiLogin, seriousViolations, uniqueMobile } from './panel-helpers';

const baseUrl = inject('baseUrl');
const adminToken = () => apiLogin(baseUrl, inject('adminEmail'), inject('adminPassword'));
const setSettings = async (json: Record<string, string>) => {
  const saved = await api(baseUrl, await adminToken(), 'PUT', '/settings', json);
  expect(saved.status).toBe(200);
};

describe('consent and privacy (decision 059)', () => {
  it('each form says what it sends where, links the privacy notice, and sends the version of its words', async () => {
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = visitor;
      await page.goto(`${baseUrl}/visitor-registration`);
      await hydrated(page);
      const form = page.locator('form.form');
      const line = form.locator('.form__consent');
      expect(await line.innerText()).toBe(`${CONSENT_NOTICES.pass_messages.text} Privacy notice`);
      expect(await line.getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe('/privacy');
      // Above the button, which the person reads before pressing.
      const lineBox = (await line.boundingBox())!;
      const buttonBox = (await form.getByRole('button', { name: 'Register Now' }).boundingBox())!;
      expect(lineBox.y + lineBox.height).toBeLessThanOrEqual(buttonBox.y);

      const sent = page.waitForRequest((request) => request.url().endsWith('/api/visitors/register') && request.method() === 'POST');
      await page.getByLabel('Full Name').fill('Consent Person');
      await page.getByLabel('Mobile Number').fill(uniqueMobile());
      await page.getByLabel('State').selectOption('Telangana');
      await page.getByLabel('City').selectOption('Hyderabad');
      await page.getByRole('button', { name: 'Register Now', exact: true }).click();
      expect((await sent).postDataJSON()).toMatchObject({ fullName: 'Consent Person', consentVersion: CONSENT_NOTICES.pass_messages.version });
      await page.getByText('Visitor registration successful!').waitFor();

      // The enquiry's popup asks for a reply, not a pass.
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.locator('#packages').getByRole('button', { name: 'Enquire Now' }).first().click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.locator('.form__consent').innerText()).toBe(`${CONSENT_NOTICES.enquiry_reply.text} Privacy notice`);
    } finally {
      await visitor.close();
    }
  });

  it("the privacy page is the organiser's text from Settings, or the default one, rendered by the server and linked from the footer", async () => {
    const html = await (await fetch(`${baseUrl}/privacy`)).text();
    const paragraphs = DEFAULT_PRIVACY_NOTICE.split('\n\n');
    for (const paragraph of paragraphs) expect(html).toContain(paragraph.replace(/&/g, '&amp;'));
    const visitor = await openDevice({ viewport: { width: 1280, height: 900 } });
    try {
      const { page, problems } = visitor;
      // The default notice on a Telugu page: the catalogue's Telugu, paragraph by paragraph (decision 092).
      await page.goto(`${baseUrl}/te/privacy`);
      await hydrated(page);
      expect((await page.locator('main p').allInnerTexts()).slice(1)).toEqual(paragraphs.map((paragraph) => (tePrivacy as Record<string, string>)[paragraph]));
      await setSettings({ privacyNotice: 'Our notice.\n\nWrite to privacy@example.com.' });
      // The organiser's own notice is shown as they wrote it, on the Telugu page too.
      await page.reload();
      await hydrated(page);
      expect((await page.locator('main p').allInnerTexts()).slice(1)).toEqual(['Our notice.', 'Write to privacy@example.com.']);
      expect(problems).toEqual([]);
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.locator('footer').getByRole('link', { name: 'Privacy notice' }).click();
      await page.waitForURL(`${baseUrl}/privacy`);
      await hydrated(page);
      expect(await page.locator('main p').allInnerTexts()).toEqual([
        'Hyderabad Property Expo & Builders Awards 2025',
        'Our notice.',
        'Write to privacy@example.com.',
      ]);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await visitor.close();
      await setSettings({ privacyNotice: '' });
    }
  });

  it("the founder's profile is the organiser's words from Settings, or nothing", async () => {
    const founder = async () => {
      const html = await (await fetch(`${baseUrl}/`)).text();
      const section = html.slice(html.indexOf('id="founder-title"'));
      return section.slice(0, section.indexOf('</section>'));
    };
    expect(await founder()).not.toContain('<p>');
    await setSettings({ founderBio: 'Started the expo in 2019.' });
    try {
      expect(await founder()).toContain('<p>Started the expo in 2019.</p>');
    } finally {
      await setSettings({ founderBio: '' });
    }
  });

  it('an ended event offers "Tell me about the next edition": kept as an enquiry with that consent, found in the panel\'s Enquiries', async () => {
    const token = await adminToken();
    const site = (await (await fetch(`${baseUrl}/api/public/site`)).json()) as { data: { event: { id: string } } };
    const eventId = site.data.event.id;
    expect((await api(baseUrl, token, 'PUT', `/events/${eventId}`, { registrationClosesAt: null })).status).toBe(200);
    const visitor = await openDevice({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = visitor;
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Tell me about the next edition' }).click();
      const form = page.getByRole('form', { name: 'Tell me about the next edition' });
      expect(await form.locator('.form__consent').innerText()).toBe(`${CONSENT_NOTICES.next_edition.text} Privacy notice`);
      await form.getByRole('button', { name: 'Send' }).click();
      await form.getByText('Full Name is required').waitFor();
      const number = uniqueMobile();
      await form.getByLabel('Full Name').fill('Next Year');
      await form.getByLabel('Mobile Number').fill(number);
      await form.getByRole('button', { name: 'Send' }).click();
      await form.getByText('Thank you. We will tell you about the next edition.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const found = await api<{ data: { items: Array<{ name: string; subscriptionType: string }> } }>(baseUrl, token, 'GET', `/enquiries?q=${number}&limit=10`);
      expect(found.body.data.items).toMatchObject([{ name: 'Next Year', subscriptionType: 'Next edition' }]);
    } finally {
      await visitor.close();
      expect((await api(baseUrl, token, 'PUT', `/events/${eventId}`, { registrationClosesAt: TEST_REGISTRATION_CLOSES_AT })).status).toBe(200);
    }
  });
});
