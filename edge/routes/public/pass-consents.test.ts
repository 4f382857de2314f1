import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_NOTICES } from '../../../shared/consent';
import { consents } from '../../db/tables/consents';
import { notifications } from '../../db/tables/notifications';
import { currentConsent, currentConsents } from '../../lib/consents';
import { phoneChannels } from '../../notifications/channels';
import { CONSENT_WITHDRAWN } from '../../notifications/dispatcher';
import { passLinkToken } from '../../notifications/pass-link';
import { phoneProviderEnv, startPhoneProviders } from '../../testing/message-providers';
import { signIn } from '../../testing/sessions';
import { makeTestApp, type TestApp } from '../../testing/test-app';
import { GIVEN_ONLY_ON_FORM_MESSAGE } from './pass-consents';

let t: TestApp;
let phones: Awaited<ReturnType<typeof startPhoneProviders>>;
let seq = 0;

beforeAll(async () => {
  phones = await startPhoneProviders();
  t = await makeTestApp({
    channels: phoneChannels(phoneProviderEnv(phones.url)),
  });
});
afterAll(async () => {
  await t.close();
  await phones.close();
});

async function registerVisitor(extra: Record<string, unknown> = {}) {
  const mobileNumber = String(9_300_000_000 + ++seq);
  const res = await t.request('POST', '/api/visitors/register', {
    json: { fullName: 'Lakshmi Devi', mobileNumber, consentVersion: CONSENT_NOTICES.pass_messages.version, ...extra },
    address: `10.40.${seq}.1`,
  });
  expect(res.status).toBe(201);
  const { data } = (await res.json()) as { data: { id: string; passCode: string } };
  const token = passLinkToken(t.deps.secrets.jwtSecret, 'visitors', data.id, t.clock.now());
  return { ...data, mobileNumber, path: `/api/public/passes/${token}/consents` };
}

const act = (path: string, body: Record<string, unknown>, address = '10.41.0.1') => t.request('POST', path, { json: body, address });
type Choice = { purpose: string; given: boolean | null; chosen: boolean; textVersion: string; at: string | null };
const choices = async (res: Response) => ((await res.json()) as { data: Choice[] }).data;

describe('consents from the pass link', () => {
  it('lists what the person gave at registration and what they may give here, and records each act as a new row', async () => {
    const visitor = await registerVisitor();
    const listed = await choices(await t.request('GET', visitor.path));
    expect(listed.map(({ purpose, given, chosen }) => ({ purpose, given, chosen }))).toEqual([
      { purpose: 'pass_messages', given: true, chosen: false },
      { purpose: 'exhibitors', given: null, chosen: true },
    ]);

    const exhibitors = { purpose: 'exhibitors', textVersion: CONSENT_NOTICES.exhibitors.version };
    t.clock.advance(1_000);
    expect((await act(visitor.path, { ...exhibitors, given: true })).status).toBe(200);
    expect(await currentConsent(t.db, 'visitors', visitor.id, 'exhibitors')).toBe(true);
    // A second tap changes nothing and records nothing.
    expect((await act(visitor.path, { ...exhibitors, given: true })).status).toBe(200);
    t.clock.advance(1_000);
    const withdrawn = await choices(await act(visitor.path, { ...exhibitors, given: false }));
    expect(withdrawn.find((choice) => choice.purpose === 'exhibitors')).toMatchObject({ given: false, at: t.clock.now().toISOString() });
    expect(await currentConsent(t.db, 'visitors', visitor.id, 'exhibitors')).toBe(false);

    const rows = await t.db.select().from(consents).where(eq(consents.personId, visitor.id));
    expect(rows.map((row) => [row.purpose, row.given, row.textVersion])).toEqual([
      ['pass_messages', true, 'pass_messages/2026-11-26'],
      ['exhibitors', true, 'exhibitors/2026-11-26'],
      ['exhibitors', false, 'exhibitors/2026-11-26'],
    ]);

    // The panel's view of the same acts, in time order; admins only.
    const { admin, staff } = await signIn(t);
    const history = await t.request('GET', `/api/visitors/${visitor.id}/consents`, { token: admin });
    expect(history.status).toBe(200);
    expect(((await history.json()) as { data: Array<{ purpose: string; given: boolean }> }).data.map((a) => [a.purpose, a.given])).toEqual([
      ['pass_messages', true],
      ['exhibitors', true],
      ['exhibitors', false],
    ]);
    expect((await t.request('GET', `/api/visitors/${visitor.id}/consents`, { token: staff })).status).toBe(403);
  });

  it('refuses what is not the person’s to do here, with a clear 4xx and nothing stored', async () => {
    const visitor = await registerVisitor();
    const before = await t.rowCounts();
    const pass = { purpose: 'pass_messages', textVersion: CONSENT_NOTICES.pass_messages.version };
    const refused = await act(visitor.path, { ...pass, given: true });
    // Already given, so nothing to do; a purpose given only by a form cannot be given here once withdrawn.
    expect(refused.status).toBe(200);
    expect((await act(visitor.path, { ...pass, given: false })).status).toBe(200);
    const again = await act(visitor.path, { ...pass, given: true });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(GIVEN_ONLY_ON_FORM_MESSAGE);
    expect((await act(visitor.path, { purpose: 'exhibitors', textVersion: 'pass_messages/2026-11-26', given: true })).status).toBe(400);
    expect((await act(visitor.path, { purpose: 'marketing', textVersion: 'x', given: true })).status).toBe(400);
    expect((await act(visitor.path, { purpose: 'exhibitors', textVersion: CONSENT_NOTICES.exhibitors.version })).status).toBe(400);
    expect((await act(visitor.path, { purpose: 'enquiry_reply', textVersion: CONSENT_NOTICES.enquiry_reply.version, given: false })).status).toBe(400);
    expect((await t.request('GET', `/api/public/passes/${'A'.repeat(52)}/consents`)).status).toBe(404);
    const after = await t.rowCounts();
    // The one withdrawal above is the only consent row; the rate-limit counters moved, nothing else.
    expect(after.consents).toBe(before.consents! + 1);
    expect(after.visitors).toBe(before.visitors);
  });

  it('counts acts per pass: the eleventh in a minute is refused (429), a minute later it answers again', async () => {
    const visitor = await registerVisitor();
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await act(visitor.path, { purpose: 'exhibitors', textVersion: CONSENT_NOTICES.exhibitors.version, given: i % 2 === 0 }, `10.42.0.${i}`)).status,
      );
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    t.clock.advance(60_000);
    expect((await act(visitor.path, { purpose: 'exhibitors', textVersion: CONSENT_NOTICES.exhibitors.version, given: true })).status).toBe(200);
  });

  it('withdrawing pass messages stops every later message to that person, on every channel', async () => {
    const visitor = await registerVisitor();
    await t.messageLoop.idle();
    const withdraw = await act(visitor.path, { purpose: 'pass_messages', textVersion: CONSENT_NOTICES.pass_messages.version, given: false });
    expect(withdraw.status).toBe(200);
    const sentBefore = phones.requests.length;
    // "Find my pass" queues a new link as for anyone (its answer says nothing of who is registered); the
    // sender refuses it when its turn comes.
    expect((await t.request('POST', '/api/public/passes/find', { json: { contact: visitor.mobileNumber }, address: '10.43.0.1' })).status).toBe(200);
    await t.messageLoop.idle();
    expect(phones.requests.length).toBe(sentBefore);
    const links = (await t.db.select().from(notifications).where(eq(notifications.personId, visitor.id))).filter((row) => row.template === 'pass_link');
    expect(links.find((row) => row.channel === 'whatsapp')).toMatchObject({ status: 'not_sent', lastError: CONSENT_WITHDRAWN });
  });

  it('answers many people’s standing choice in one call (exhibitor leads), absent when never asked', async () => {
    const people = await Promise.all([registerVisitor(), registerVisitor(), registerVisitor()]);
    await act(people[0]!.path, { purpose: 'exhibitors', textVersion: CONSENT_NOTICES.exhibitors.version, given: true });
    await act(people[1]!.path, { purpose: 'exhibitors', textVersion: CONSENT_NOTICES.exhibitors.version, given: true });
    t.clock.advance(1);
    await act(people[1]!.path, { purpose: 'exhibitors', textVersion: CONSENT_NOTICES.exhibitors.version, given: false });
    const current = await currentConsents(
      t.db,
      'visitors',
      people.map((p) => p.id),
      'exhibitors',
    );
    expect(Object.fromEntries(people.map((p) => [p.id, current.get(p.id) ?? null]))).toEqual({
      [people[0]!.id]: true,
      [people[1]!.id]: false,
      [people[2]!.id]: null,
    });
  });
});
