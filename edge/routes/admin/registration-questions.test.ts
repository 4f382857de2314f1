import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_NOTICES, UNKNOWN_CONSENT_MESSAGE } from '../../../shared/consent';
import { type RegistrationQuestion, SUGGESTED_QUESTIONS } from '../../../shared/registration-questions';
import { consents } from '../../db/tables/consents';
import { events } from '../../db/tables/events';
import { visitors } from '../../db/tables/people';
import { type Send, signIn } from '../../testing/sessions';
import { makeTestApp, type TestApp } from '../../testing/test-app';

/**
 * Registration questions (issue 32, decision 079) through HTTP on a real database file: the organiser's
 * questions on the event, the public form's answers checked against them, the exhibitors box's consent,
 * and 10,000 visitors with answers imported, filtered and exported.
 */
let t: TestApp;
let send: Send;
let eventId: string;
let seq = 0;
const mobile = () => String(7_100_000_000 + ++seq);

const AREA: RegistrationQuestion = {
  id: 'preferred-area',
  label: 'Preferred area',
  kind: 'single',
  choices: [
    { id: 'gachibowli', label: 'Gachibowli' },
    { id: 'kokapet', label: 'Kokapet' },
    { id: 'shamshabad', label: 'Shamshabad' },
  ],
  required: true,
};
const QUESTIONS = [SUGGESTED_QUESTIONS[0]!, SUGGESTED_QUESTIONS[1]!, AREA];

beforeAll(async () => {
  t = await makeTestApp();
  ({ send } = await signIn(t));
  const [featured] = await t.db.select().from(events).where(eq(events.isFeatured, true));
  eventId = featured!.id;
});
afterAll(() => t.close());

const register = (body: Record<string, unknown>) =>
  send('POST', '/api/visitors/register', { fullName: 'Asha Rao', mobileNumber: mobile(), city: 'Hyderabad', ...body }, null);

describe("an event's questions", () => {
  it('are saved on the event by its update, and refused with a clear message when malformed', async () => {
    const refusals: Array<[unknown, string]> = [
      [[{ ...AREA, choices: [AREA.choices[0]] }], 'A question needs at least two choices'],
      [[AREA, AREA], 'Two questions have the same id'],
      [[{ ...AREA, id: 'Preferred Area' }], 'An id is 1 to 40 lowercase letters, digits or dashes'],
      [[{ ...AREA, label: ' ' }], 'A question is required'],
      [[{ ...AREA, kind: 'free text' }], 'A question is single or multi choice'],
    ];
    for (const [registrationQuestions, message] of refusals) {
      const res = await send('PUT', `/api/events/${eventId}`, { registrationQuestions });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const saved = await send('PUT', `/api/events/${eventId}`, { registrationQuestions: QUESTIONS });
    expect(saved.status).toBe(200);
    expect(saved.body.data.registrationQuestions).toEqual(QUESTIONS);
    // The public site carries them, for the forms.
    const site = await send('GET', '/api/public/site', undefined, null);
    expect(site.body.data.event.registrationQuestions).toEqual(QUESTIONS);
  });
});

describe('the public registration', () => {
  beforeAll(async () => {
    await send('PUT', `/api/events/${eventId}`, { registrationQuestions: QUESTIONS });
  });

  it('stores answers checked against the event’s questions', async () => {
    const res = await register({ answers: { 'looking-for': ['villa', 'plot'], budget: 'over-1cr', 'preferred-area': ['kokapet'] } });
    expect(res.status).toBe(201);
    expect(res.body.data.answers).toEqual({ 'looking-for': ['villa', 'plot'], budget: ['over-1cr'], 'preferred-area': ['kokapet'] });
    const [row] = await t.db.select({ answers: visitors.answers }).from(visitors).where(eq(visitors.id, res.body.data.id));
    expect(row!.answers).toEqual(res.body.data.answers);
  });

  it('refuses unknown questions and choices, two answers to a single question and a missing required answer, in words', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ 'preferred-area': 'kokapet', 'pets-allowed': 'yes' }, 'answers.pets-allowed', `"pets-allowed" is not a question of this event's form`],
      [
        { 'preferred-area': 'kokapet', 'looking-for': ['villa', 'castle'] },
        'answers.looking-for',
        '"castle" is not an answer to "Looking for": choose from Villa, Flat, Plot',
      ],
      [{ 'preferred-area': ['kokapet', 'gachibowli'] }, 'answers.preferred-area', 'Choose one answer to "Preferred area"'],
      [{ 'looking-for': ['villa'] }, 'answers.preferred-area', 'Please answer "Preferred area"'],
      [{ 'preferred-area': '' }, 'answers.preferred-area', 'Please answer "Preferred area"'],
    ];
    for (const [answers, field, message] of cases) {
      const res = await register({ answers });
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ success: false, message, errors: { [field]: message } });
    }
    // Not an object of choices at all: the shape's rule, never a 500.
    for (const answers of [['villa'], { 'looking-for': 42 }, 'villa']) expect((await register({ answers })).status).toBe(400);
    // No answers sent while one is required: refused too.
    expect((await register({})).body.errors).toEqual({ 'answers.preferred-area': 'Please answer "Preferred area"' });
  });

  it('keeps the seed’s required fields and their messages first', async () => {
    const res = await send('POST', '/api/visitors/register', { mobileNumber: mobile(), answers: { 'preferred-area': 'kokapet' } }, null);
    expect(res.status).toBe(400);
    expect(res.body.errors.fullName).toBe('Full Name is required');
  });

  it('records the exhibitors consent only when the box was ticked, with its words’ version', async () => {
    const answers = { 'preferred-area': 'kokapet' };
    const ticked = await register({
      answers,
      exhibitorsConsentVersion: CONSENT_NOTICES.exhibitors.version,
      consentVersion: CONSENT_NOTICES.pass_messages.version,
    });
    expect(ticked.status).toBe(201);
    const rows = await t.db.select().from(consents).where(eq(consents.personId, ticked.body.data.id));
    expect(rows.map((r) => [r.purpose, r.textVersion, r.given, r.personKind]).sort()).toEqual([
      ['exhibitors', CONSENT_NOTICES.exhibitors.version, true, 'visitors'],
      ['pass_messages', CONSENT_NOTICES.pass_messages.version, true, 'visitors'],
    ]);
    const unticked = await register({ answers, consentVersion: CONSENT_NOTICES.pass_messages.version });
    const none = await t.db
      .select()
      .from(consents)
      .where(and(eq(consents.personId, unticked.body.data.id), eq(consents.purpose, 'exhibitors')));
    expect(none).toEqual([]);
    // Another purpose's words are not this box's.
    const wrong = await register({ answers, exhibitorsConsentVersion: CONSENT_NOTICES.pass_messages.version });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ exhibitorsConsentVersion: UNKNOWN_CONSENT_MESSAGE });
  });

  it('with no questions, a registration without answers is as before', async () => {
    await send('PUT', `/api/events/${eventId}`, { registrationQuestions: [] });
    const res = await register({});
    expect(res.status).toBe(201);
    expect(res.body.data.answers).toEqual({});
    expect((await register({ answers: { budget: 'over-1cr' } })).status).toBe(400);
    await send('PUT', `/api/events/${eventId}`, { registrationQuestions: QUESTIONS });
  });
});

describe('the panel', () => {
  it('checks an admin’s answers against the record’s event, but lets a required one stay blank', async () => {
    const created = await send('POST', '/api/visitors', { fullName: 'Panel Person', mobileNumber: mobile(), answers: { budget: '50l-1cr' } });
    expect(created.status).toBe(201);
    expect(created.body.data.answers).toEqual({ budget: ['50l-1cr'] });
    const refused = await send('PUT', `/api/visitors/${created.body.data.id}`, { answers: { budget: 'a-lot' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors['answers.budget']).toMatch(/^"a-lot" is not an answer to "Budget"/);
  });
});

describe('10,000 visitors with answers', () => {
  const TOTAL = 10_000;
  const LOOKING = ['Villa', 'Flat', 'Plot', 'Villa; Plot'];
  const AREAS = ['Gachibowli', 'kokapet', 'SHAMSHABAD'];
  let villas = 0;
  let plotsInKokapet = 0;

  beforeAll(async () => {
    const started = performance.now();
    for (let chunk = 0; chunk < TOTAL / 500; chunk++) {
      const rows = Array.from({ length: 500 }, (_, i) => {
        const n = chunk * 500 + i;
        const looking = LOOKING[n % 4]!;
        if (looking.includes('Villa')) villas++;
        if (looking.includes('Plot') && n % 3 === 1) plotsInKokapet++;
        // Columns mapped to questions by the panel's import (`answers.<id>`), cells in the file's words.
        return {
          line: n + 2,
          values: {
            fullName: `Buyer ${n}`,
            mobileNumber: String(8_000_000_000 + n),
            'answers.looking-for': looking,
            'answers.preferred-area': AREAS[n % 3]!,
            'answers.budget': n % 5 === 0 ? '' : 'Over ₹1 crore',
          },
        };
      });
      const res = await send('POST', '/api/visitors/import', { importKey: 'buyers-file', eventId, rows });
      expect(res.status).toBe(200);
      expect(res.body.data.counts.created).toBe(500);
    }
    console.log(`imported ${TOTAL} visitors with answers in ${Math.round(performance.now() - started)} ms`);
  }, 240_000);

  it('an import refuses a choice the question does not have, naming it', async () => {
    const res = await send('POST', '/api/visitors/import', {
      importKey: 'bad-file',
      eventId,
      dryRun: true,
      rows: [{ line: 2, values: { fullName: 'Castle Buyer', mobileNumber: '9000000001', 'answers.looking-for': 'Castle' } }],
    });
    expect(res.body.data.rows[0]).toMatchObject({ outcome: 'invalid', errors: { 'answers.looking-for': expect.stringMatching(/^"Castle" is not an answer/) } });
  });

  it('lists them filtered by "looking for: villa" (and by two answers), counted at full size', async () => {
    let started = performance.now();
    const villa = await send('GET', `/api/visitors?eventId=${eventId}&answer=looking-for:villa&limit=100&q=Buyer`);
    const listMs = performance.now() - started;
    expect(villa.status).toBe(200);
    expect(villa.body.data.total).toBe(villas);
    expect(villa.body.data.items.every((v: { answers: Record<string, string[]> }) => v.answers['looking-for']!.includes('villa'))).toBe(true);
    started = performance.now();
    const both = await send('GET', `/api/visitors?answer=looking-for:plot,preferred-area:kokapet&limit=5&q=Buyer`);
    expect(both.body.data.total).toBe(plotsInKokapet);
    console.log(`list looking-for:villa (${villas} of ${TOTAL}) ${Math.round(listMs)} ms; two answers ${Math.round(performance.now() - started)} ms`);
    expect(listMs).toBeLessThan(2_000);
    for (const answer of ['villa', 'looking-for', 'looking-for:Villa', 'a:b;c:d', `${'x'.repeat(41)}:y`]) {
      const res = await send('GET', `/api/visitors?answer=${encodeURIComponent(answer)}`);
      expect(res.status, answer).toBe(400);
    }
  });

  it('the report counts visitors per answer, in the form’s order', async () => {
    const { body } = await send('GET', `/api/reports?eventId=${eventId}`);
    const rows = body.data.visitorsByAnswer as Array<{ question: string; answer: string; people: number }>;
    expect(rows.map((r) => `${r.question}: ${r.answer}`).slice(0, 4)).toEqual([
      'Looking for: Villa',
      'Looking for: Flat',
      'Looking for: Plot',
      'Budget: Under ₹50 lakh',
    ]);
    const people = (question: string, answer: string) => rows.find((r) => r.question === question && r.answer === answer)!.people;
    // The import's villas, and the public registration of the first test (villa and plot).
    expect(people('Looking for', 'Villa')).toBe(villas + 1);
    expect(people('Preferred area', 'Kokapet')).toBeGreaterThanOrEqual(Math.floor(TOTAL / 3));
  });

  it('exports a column per question with the answers in words, 10,000 rows', async () => {
    const started = performance.now();
    const res = await t.request('GET', `/api/visitors/export.csv?eventId=${eventId}&q=Buyer`, { token: await t.login() });
    const csv = await res.text();
    const exportMs = performance.now() - started;
    const [header, ...rows] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trim()).data;
    expect(header).toEqual(expect.arrayContaining(['Looking for', 'Budget', 'Preferred area']));
    expect(rows).toHaveLength(TOTAL);
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    const buyer3 = rows.find((row) => row.includes('Buyer 3'))!;
    expect([cell(buyer3, 'Looking for'), cell(buyer3, 'Budget'), cell(buyer3, 'Preferred area')]).toEqual(['Villa, Plot', 'Over ₹1 crore', 'Gachibowli']);
    const buyer5 = rows.find((row) => row.includes('Buyer 5'))!;
    expect([cell(buyer5, 'Looking for'), cell(buyer5, 'Budget'), cell(buyer5, 'Preferred area')]).toEqual(['Flat', '', 'Shamshabad']);
    expect(rows.filter((row) => cell(row, 'Looking for') === 'Villa, Plot')).toHaveLength(TOTAL / 4);
    // The filtered export has the filter's rows only.
    const filtered = await t.request('GET', `/api/visitors/export.csv?eventId=${eventId}&q=Buyer&answer=looking-for:villa`, { token: await t.login() });
    expect((await filtered.text()).trim().split(/\r?\n/)).toHaveLength(villas + 1);
    console.log(`export of ${TOTAL} with answers ${Math.round(exportMs)} ms, ${Math.round(csv.length / 1024)} KB`);
  }, 60_000);
});
