import { describe, expect, it, vi } from 'vitest';

// The forms' part is read here as a browser reads it: the server's build leaves it out (catalogue.ts), and
// these tests run in Node, where `import.meta.env.SSR` is true unless said otherwise before the import.
vi.hoisted(() => vi.stubEnv('SSR', false));
import { CONSENT_NOTICES, DEFAULT_PRIVACY_NOTICE } from '@shared/consent';
import { ANSWER_MESSAGES, answerField, answerMessage, checkAnswers, SUGGESTED_QUESTIONS } from '@shared/registration-questions';
import { LANDING_TEXTS } from '@edge/testing/landing-texts';
import {
  CONFIRMATION_CANCELLED_MESSAGE,
  CONFIRMATION_EXPIRED_MESSAGE,
  EMAIL_CONFIRMED_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
} from '@edge/routes/public/email-confirmations';
import { CONFIRMATION_NOT_FOUND_MESSAGE } from '@edge/schemas/passes';
import { INDIA_STATES } from '@pwa/lib/india-locations';
import { EMAIL_LABEL, FIELD_LABELS, INLINE_MESSAGES, REQUIRED_FIELDS, requiredMessage, WORKING_PROFESSIONAL_CHOICES } from '@shared/schemas/vocabulary';
import { paragraphsOf } from '../organiser-text';
import { publicPageMeta, PUBLIC_PAGE_PATHS } from '../page-meta';
import { LINK_ACTION_TEXTS } from '../registration/link-action-page';
import { reportLine, sentLine } from '../registration/outbox-report';
import { queuedMessage } from '../registration/registration-types';
import { loadCatalogue, pageParts, translate } from './catalogue';
import { localePath, splitLanguage } from './languages';
import hiForms from './hi.forms.json';
import hiSite from './hi.json';
import hiLanding from './hi.landing.json';
import hiPasses from './hi.passes.json';
import hiPrivacy from './hi.privacy.json';
import teForms from './te.forms.json';
import teSite from './te.json';
import teLanding from './te.landing.json';
import tePasses from './te.passes.json';
import tePrivacy from './te.privacy.json';

const ALL = ['site', 'landing', 'forms', 'passes', 'privacy'] as const;
const te = { ...teSite, ...teLanding, ...teForms, ...tePasses, ...tePrivacy };
const hi = { ...hiSite, ...hiLanding, ...hiForms, ...hiPasses, ...hiPrivacy };

const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the Telugu and Hindi catalogues', () => {
  it('hold the same English texts in the same files, each text in one file only, each translated, with the same {places}', () => {
    const parts: Array<[object, object]> = [
      [teSite, hiSite],
      [teLanding, hiLanding],
      [teForms, hiForms],
      [tePasses, hiPasses],
      [tePrivacy, hiPrivacy],
    ];
    for (const [teluguPart, hindiPart] of parts) {
      expect(Object.keys(hindiPart).sort()).toEqual(Object.keys(teluguPart).sort());
    }
    const count = (part: object) => Object.keys(part).length;
    expect(count(te)).toBe(parts.reduce((sum, [teluguPart]) => sum + count(teluguPart), 0));
    for (const catalogue of [te, hi] as Array<Record<string, string>>) {
      for (const [english, translated] of Object.entries(catalogue)) {
        expect(translated.trim(), english).not.toBe('');
        expect(translated, english).not.toBe(english);
        expect(places(translated), english).toEqual(places(english));
      }
    }
  });

  it('translate the texts the code builds elsewhere: consent lines, form messages, queued words, page titles', () => {
    const sources = [
      // Each consent line, and a chosen purpose's box: its label and its words.
      ...Object.values(CONSENT_NOTICES).flatMap((notice) => [notice.text, ...(notice.label ? [notice.label] : [])]),
      // The questions' messages (the organiser's label is filled in as written).
      ...Object.values(ANSWER_MESSAGES),
      ...Object.values(INLINE_MESSAGES),
      ...WORKING_PROFESSIONAL_CHOICES,
      EMAIL_LABEL,
      ...Object.values(FIELD_LABELS).flatMap((labels) => Object.values(labels) as string[]),
      // The popup's "{label} is required", for each required field.
      ...Object.entries(REQUIRED_FIELDS).flatMap(([kind, names]) =>
        names.map((name) => requiredMessage((FIELD_LABELS as Record<string, Record<string, string>>)[kind]![name]!)),
      ),
      // The states the city picker offers (their value stays the English name).
      ...INDIA_STATES,
      // The pages of the e-mails' links, and what the server answers them.
      ...Object.values(LINK_ACTION_TEXTS).flatMap((texts) => Object.values(texts)),
      ...[EMAIL_CONFIRMED_MESSAGE, UNSUBSCRIBED_MESSAGE, CONFIRMATION_NOT_FOUND_MESSAGE, CONFIRMATION_CANCELLED_MESSAGE, CONFIRMATION_EXPIRED_MESSAGE],
      // The default privacy notice, paragraph by paragraph (an organiser's own notice is shown as written).
      ...paragraphsOf(DEFAULT_PRIVACY_NOTICE),
      // The landing page's seed texts; the packages are the organiser's (Settings) and stay as written.
      ...LANDING_TEXTS.filter((text) => /[a-z]/i.test(text) && !/PACK /.test(text)),
      ...(['offline', 'unreachable', 'slow'] as const).flatMap((reason) => [queuedMessage(reason, 'registration'), queuedMessage(reason, 'enquiry')]),
      ...PUBLIC_PAGE_PATHS.filter((path) => splitLanguage(path).language === 'en').flatMap((path) => {
        const meta = publicPageMeta(path)!;
        return [meta.title, meta.description, meta.imageAlt];
      }),
    ];
    const missing = sources.filter((text) => !(text in te) || !(text in hi));
    expect(missing).toEqual([]);
  });

  it("tell a queued entry's outcome in the page's language, and in the same English words as before without one", async () => {
    const telugu = await loadCatalogue('te', ALL);
    const words = (text: string, values?: Readonly<Record<string, string>>) => translate(telugu, text, values);
    const entry = { endpoint: '/api/visitors/register' as const, typeLabel: 'Visitor Registration', name: 'Asha' };
    expect(sentLine(entry)).toBe('Visitor Registration for Asha has been sent. Your pass is in My passes.');
    expect(sentLine(entry, words)).toBe("Asha కోసం సందర్శకుల నమోదు పంపబడింది. మీ పాస్ 'నా పాస్‌లు'లో ఉంది.");
    const refused = { kind: 'rejected', status: 400, message: 'City is required' } as const;
    expect(reportLine({ entry: entry as never, outcome: refused as never })?.text).toBe('Visitor Registration for Asha was not accepted: City is required');
    expect(reportLine({ entry: entry as never, outcome: refused as never }, words)?.text).toBe('Asha కోసం సందర్శకుల నమోదు అంగీకరించబడలేదు: నగరం తప్పనిసరి');
  });

  it("translate a question's message around the organiser's label, which stays as written", async () => {
    const telugu = await loadCatalogue('te', ALL);
    const budget = { ...SUGGESTED_QUESTIONS.find((question) => question.kind === 'single')!, required: true };
    const refused = (answers: Record<string, string[]>) => {
      const checked = checkAnswers([budget], answers);
      return checked.ok ? '' : checked.errors[answerField(budget.id)];
    };
    // The form's own messages are the ones the catalogue keys, so the page can find their words.
    expect(refused({})).toBe(answerMessage(ANSWER_MESSAGES.required, budget));
    expect(refused({ [budget.id]: budget.choices.slice(0, 2).map((choice) => choice.id) })).toBe(answerMessage(ANSWER_MESSAGES.oneAnswer, budget));
    expect(translate(telugu, ANSWER_MESSAGES.required, { question: budget.label })).toBe(`"${budget.label}"కు జవాబు ఇవ్వండి`);
  });

  it('fill a value in, and keep an unknown text in English', async () => {
    const telugu = await loadCatalogue('te', ALL);
    expect(translate(telugu, 'Pass of {name}', { name: 'Asha' })).toBe('Asha పాస్');
    expect(translate(telugu, 'A text nobody translated')).toBe('A text nobody translated');
    expect(await loadCatalogue('en', ALL)).toEqual({});
    expect(await loadCatalogue('te', ALL)).toEqual(te);
    expect(await loadCatalogue('hi', ALL)).toEqual(hi);
    // A registration page opens with the site's texts only; the home and the awards page with their sections' too.
    expect(await loadCatalogue('hi', pageParts('/visitor-registration'))).toEqual(hiSite);
    expect(await loadCatalogue('hi', pageParts('/'))).toEqual({ ...hiSite, ...hiLanding });
    // My passes and the privacy page open with a part of their own, which no registration page downloads.
    expect(await loadCatalogue('te', pageParts('/passes'))).toEqual({ ...teSite, ...tePasses });
    expect(await loadCatalogue('te', pageParts('/privacy'))).toEqual({ ...teSite, ...tePrivacy });
  });
});

describe('language addresses', () => {
  it('put each page under its language prefix and read it back', () => {
    for (const path of ['/', '/visitor-registration', '/#about', '/passes']) {
      for (const language of ['en', 'te', 'hi'] as const) {
        const address = localePath(language, path);
        expect(splitLanguage(address.replace(/#.*$/, ''))).toEqual({ language, path: path.replace(/#.*$/, '') || '/' });
      }
    }
    expect(localePath('te', '/')).toBe('/te/');
    expect(splitLanguage('/te')).toEqual({ language: 'te', path: '/' });
    // A page whose name only starts like a language stays English.
    expect(splitLanguage('/terms')).toEqual({ language: 'en', path: '/terms' });
  });

  it('render every public page in every language, each with its own title', () => {
    expect(PUBLIC_PAGE_PATHS).toContain('/te/visitor-registration');
    expect(PUBLIC_PAGE_PATHS).toContain('/hi/');
    expect(publicPageMeta('/hi/visitor-registration', hi)?.title).toBe(hi['Visitor Registration | Hyderabad Property Expo 2025']);
  });
});
