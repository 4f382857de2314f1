import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PATHS, renderPublicPage } from '../pwa/src/entry-server';
import { type CataloguePart, pageParts } from '../pwa/src/features/public-site/i18n/catalogue';
import hiForms from '../pwa/src/features/public-site/i18n/hi.forms.json';
import hiLanding from '../pwa/src/features/public-site/i18n/hi.landing.json';
import hiPasses from '../pwa/src/features/public-site/i18n/hi.passes.json';
import hiPrivacy from '../pwa/src/features/public-site/i18n/hi.privacy.json';
import { localePath, splitLanguage } from '../pwa/src/features/public-site/i18n/languages';
import teForms from '../pwa/src/features/public-site/i18n/te.forms.json';
import teLanding from '../pwa/src/features/public-site/i18n/te.landing.json';
import tePasses from '../pwa/src/features/public-site/i18n/te.passes.json';
import tePrivacy from '../pwa/src/features/public-site/i18n/te.privacy.json';
import { DEFAULT_PRIVACY_NOTICE } from '../shared/consent';
import { publicPages } from './public-pages';
import { LANDING_TEXTS } from './testing/landing-texts';
import { signIn } from './testing/sessions';
import { makeTestApp, type TestApp } from './testing/test-app';

const SHELL = {
  shell:
    '<!doctype html><html lang="en"><head><!--page-meta--><title>EventPro</title><!--/page-meta--><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/react-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
  stylesheets: { '/': ['/assets/home-1.css'] },
  scripts: { '/': ['/assets/hydrate-public-page-1.js', '/assets/home-page-1.js'] },
  catalogues: { 'te.site': '/assets/te-1.js', 'te.landing': '/assets/te.landing-1.js', 'te.forms': '/assets/te.forms-1.js' },
};

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp({
    publicPages: publicPages({ paths: PUBLIC_PAGE_PATHS, render: renderPublicPage, loadShell: async () => SHELL, publicOrigin: 'https://expo.example.in' }),
  });
  ({ admin } = await signIn(t));
});
afterAll(() => t.close());

const page = async (path: string) => {
  const res = await t.request('GET', path);
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toContain('text/html');
  return res.text();
};
const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/<!-- -->/g, '');

describe('the site shows what organisers marked in the panel', () => {
  it('speakers, jury and sponsors marked "show on site", and the award categories, in the API and in the HTML', async () => {
    const site = async () =>
      ((await (await t.request('GET', '/api/public/site')).json()) as { data: Record<string, unknown> & { event: { id: string } } }).data;
    const eventId = (await site()).event.id;
    const post = async (path: string, json: Record<string, unknown>) => {
      const res = await t.request('POST', path, { token: admin, json: { eventId, ...json } });
      expect(res.status, `${path} ${await res.clone().text()}`).toBe(201);
    };
    await post('/api/speakers', {
      fullName: 'Anita Rao',
      mobileNumber: '9876500001',
      email: 'anita@example.in',
      title: 'Chief Architect, Skyline',
      bio: 'Designs towers.',
      showOnSite: true,
    });
    await post('/api/speakers', { fullName: 'Hidden Speaker', mobileNumber: '9876500002' });
    await post('/api/speakers', { fullName: 'Declined Speaker', mobileNumber: '9876500005', showOnSite: true, status: 'not_attending' });
    await post('/api/guests', {
      fullName: 'Justice Menon',
      mobileNumber: '9876500003',
      designation: 'Chair of the jury',
      organizationName: 'RERA',
      showOnSite: true,
    });
    await post('/api/sponsors', {
      organizationName: 'Acme Cements',
      contactPersonName: 'Ravi',
      mobileNumber: '9876500004',
      sponsorshipTier: 'gold',
      showOnSite: true,
    });
    const bad = await t.request('POST', '/api/speakers', { token: admin, json: { fullName: 'X', mobileNumber: '9876500009', showOnSite: 'maybe' } });
    expect(bad.status).toBe(400);
    const saved = await t.request('PUT', '/api/settings', { token: admin, json: { awardCategories: ['Best Luxury Project', 'Best Affordable Housing'] } });
    expect(saved.status).toBe(200);
    expect((await t.request('PUT', '/api/settings', { token: admin, json: { awardCategories: ['A', 'a'] } })).status).toBe(400);

    const data = await site();
    expect(data.speakers).toEqual([{ name: 'Anita Rao', role: 'Chief Architect, Skyline', bio: 'Designs towers.', photoUrl: null }]);
    expect(data.jury).toEqual([{ name: 'Justice Menon', role: 'Chair of the jury, RERA', bio: '', photoUrl: null }]);
    expect(data.sponsors).toEqual([{ name: 'Acme Cements', tier: 'gold' }]);
    expect(data.awardCategories).toEqual(['Best Luxury Project', 'Best Affordable Housing']);
    expect(JSON.stringify(data)).not.toContain('9876500001'); // never a contact detail
    expect(JSON.stringify(data)).not.toContain('anita@example.in');

    const root = decode(await page('/'));
    for (const text of ['Anita Rao', 'Chief Architect, Skyline', 'Justice Menon', 'Acme Cements', 'Best Luxury Project', 'Best Affordable Housing'])
      expect(root, text).toContain(text);
    for (const text of ['Hidden Speaker', 'Declined Speaker']) expect(root, text).not.toContain(text);
    // The programme follows the event's own dates.
    expect(root).toContain('Day 1, 18th October 2025');
    expect(root).toContain('Day 2, 19th October 2025');
  });
});

describe('the public pages are complete HTML', () => {
  it('/ holds every text of the landing sections, the event and its footer, with no script run', async () => {
    const html = decode(await page('/'));
    const root = html.slice(html.indexOf('<div id="root">'));
    for (const text of LANDING_TEXTS) expect(root, text).toContain(text);
    expect(root).toContain('18th - 19th October, 2025');
    expect(root).toContain('Hyderabad International Convention Centre');
    // The event is over (the test clock is in 2026): said, not a countdown of zeros.
    expect(root).toContain('This edition has ended');
    expect(root).toContain('© 2025 EventPro');
    // The data the page was rendered with, for the app's first render.
    expect(html).toMatch(/<script type="application\/json" id="site-data">\{"site":\{"event":\{"id":"[^"]+","eventName":"Hyderabad Property Expo/);
  });

  it('gives each page its own title, description, canonical address and absolute share image', async () => {
    const titles = new Set<string>();
    for (const address of PUBLIC_PAGE_PATHS) {
      const html = await page(address);
      // "/te" is "/te/" (decision 075): one canonical address per page and language.
      const { language, path: pagePath } = splitLanguage(address);
      const path = localePath(language, pagePath);
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
      expect(html).toContain(`<link rel="canonical" href="https://expo.example.in${path}">`);
      expect(html).toContain(`<meta property="og:url" content="https://expo.example.in${path}">`);
      expect(html).toContain('<meta property="og:image" content="https://expo.example.in/images/share-event.jpg">');
      expect(html).toContain('<meta property="og:image:width" content="1200">');
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}">/);
      expect(html).not.toContain('<title>EventPro</title>');
    }
    expect(titles.size).toBe(new Set(PUBLIC_PAGE_PATHS.map((address) => splitLanguage(address).path)).size * 3);
  });

  it('renders /te/ and /hi/ pages in their language: <html lang>, translated texts, the same stylesheet, hreflang alternates', async () => {
    const english = await page('/');
    expect(english).toContain('<html lang="en">');
    for (const [language, text] of [
      ['te', 'ఎక్స్‌పోను ఉచితంగా సందర్శించండి'],
      ['hi', 'एक्सपो में निःशुल्क आइए'],
    ] as const) {
      const html = await page(`/${language}/visitor-registration`);
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(`<h1 id="register-title">${text}</h1>`);
      expect(html).toContain(`<link rel="alternate" hreflang="en" href="https://expo.example.in/visitor-registration">`);
      expect(html).toContain(`<link rel="alternate" hreflang="${language}" href="https://expo.example.in/${language}/visitor-registration">`);
      // A state shows its name in the page's language; its value, what the form keeps, is the English name.
      expect(html).toContain(`<option value="Telangana">${language === 'te' ? 'తెలంగాణ' : 'तेलंगाना'}</option>`);
      expect((await page(`/${language}/`)).match(/<link rel="stylesheet"[^>]*>/g)).toEqual(['<link rel="stylesheet" crossorigin href="/assets/home-1.css">']);
    }
  });

  it('opens each te/hi page with every text it shows in its language: none of them waits in a part the page does not load (decision 087)', async () => {
    const parts = {
      te: { landing: teLanding, forms: teForms, passes: tePasses, privacy: tePrivacy },
      hi: { landing: hiLanding, forms: hiForms, passes: hiPasses, privacy: hiPrivacy },
    };
    for (const language of ['te', 'hi'] as const) {
      for (const path of PUBLIC_PAGE_PATHS.filter((address) => splitLanguage(address).language === language)) {
        const loaded = pageParts(splitLanguage(path).path);
        const html = decode(await page(path));
        const notLoaded = Object.entries(parts[language]).flatMap(([part, texts]) => (loaded.includes(part as CataloguePart) ? [] : Object.keys(texts)));
        // A text missing from the page's parts would show as its English words: as an element's text or an attribute.
        const english = notLoaded.filter((text) => html.includes(`>${text}<`) || html.includes(`="${text}"`));
        expect(english, path).toEqual([]);
      }
    }
  });

  it("shows the default privacy notice in the page's language, and an organiser's own notice as they wrote it", async () => {
    const paragraphs = DEFAULT_PRIVACY_NOTICE.split('\n\n');
    const notice = (html: string) => decode(html.slice(html.indexOf('<main'), html.indexOf('</main>')));
    const english = notice(await page('/privacy'));
    for (const paragraph of paragraphs) expect(english).toContain(`<p>${paragraph}</p>`);
    for (const [language, catalogue] of [
      ['te', tePrivacy],
      ['hi', hiPrivacy],
    ] as const) {
      const html = notice(await page(`/${language}/privacy`));
      for (const paragraph of paragraphs) {
        expect(html).toContain(`<p>${(catalogue as Record<string, string>)[paragraph]}</p>`);
        expect(html).not.toContain(paragraph);
      }
    }
    // The organiser's own words are theirs: the same on every language's page, never replaced by the default's.
    const own = 'Our own notice.\n\nWrite to privacy@example.in.';
    expect((await t.request('PUT', '/api/settings', { token: admin, json: { privacyNotice: own } })).status).toBe(200);
    for (const path of ['/privacy', '/te/privacy', '/hi/privacy']) {
      const html = notice(await page(path));
      expect(html, path).toContain('<p>Our own notice.</p><p>Write to privacy@example.in.</p>');
      expect(html, path).not.toContain((tePrivacy as Record<string, string>)[paragraphs[0]!]);
    }
    expect((await t.request('PUT', '/api/settings', { token: admin, json: { privacyNotice: '' } })).status).toBe(200);
    expect(notice(await page('/te/privacy'))).toContain((tePrivacy as Record<string, string>)[paragraphs[0]!]);
  });

  it("links the page's one stylesheet in place of the shell's and preloads, after its markup, only the scripts that hydrate it", async () => {
    const html = await page('/');
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual(['<link rel="stylesheet" crossorigin href="/assets/home-1.css">']);
    expect(html).toContain('<script type="module" src="/assets/index-1.js">');
    // The shell's preloads (the panel's app) are gone; the page's own come after its markup and data.
    expect(html).not.toContain('/assets/react-1.js');
    expect(html.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/hydrate-public-page-1.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-page-1.js">',
    ]);
    expect(html.indexOf('modulepreload')).toBeGreaterThan(html.indexOf('</div><script type="application/json"'));
    expect(await page('/privacy')).not.toContain('modulepreload');
    // In Telugu, the parts of its catalogue it opens with too (the forms' part loads on use).
    expect((await page('/te/')).match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/hydrate-public-page-1.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-page-1.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/te-1.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/te.landing-1.js">',
    ]);
  });

  it('shows what an organiser changed in Settings on the next request', async () => {
    expect(await page('/')).not.toContain('expo@example.in');
    const saved = await t.request('PUT', '/api/settings', { token: admin, json: { contactPhone: '+91 98480 22338', contactEmail: 'expo@example.in' } });
    expect(saved.status).toBe(200);
    const html = await page('/');
    expect(html).toContain('href="mailto:expo@example.in"');
    expect(html).toContain('href="tel:+919848022338"');
  });

  it('the registration pages hold their forms; other paths are not rendered here', async () => {
    expect(await page('/visitor-registration')).toMatch(/<form[^>]*>[\s\S]*Full Name/);
    expect(await page('/visitor-registration')).toContain('<option value="Telangana">Telangana</option>');
    expect(await page('/stall-registration')).toMatch(/<form[^>]*>[\s\S]*Company \/ Organization Name/);
    const panel = await t.request('GET', '/panel');
    expect(panel.status).toBe(404);
  });
});
