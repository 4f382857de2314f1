import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEVERIFY_URL } from '../../env';
import { DEFAULT_MESSAGE_GUARD, type MessageGuard } from '../../notifications/message-guard';
import { phoneChannels } from '../../notifications/channels';
import { phoneProviderEnv, startPhoneProviders, startSiteverifyServer, TURNSTILE_TEST } from '../../testing/message-providers';
import { makeTestApp, type TestApp } from '../../testing/test-app';
import { HUMAN_CHECK_HEADER, HUMAN_CHECK_NEEDED_MESSAGE } from './human-check';

type Siteverify = Awaited<ReturnType<typeof startSiteverifyServer>>;
type Phones = Awaited<ReturnType<typeof startPhoneProviders>>;

let seq = 0;
const visitor = () => ({ fullName: 'Asha Rao', mobileNumber: `+9197${String(10_000_000 + ++seq).padStart(8, '0')}` });

async function setGuard(t: TestApp, guard: Partial<MessageGuard>) {
  const res = await t.request('PUT', '/api/settings', { token: await t.login(), json: { messageGuard: { ...DEFAULT_MESSAGE_GUARD, ...guard } } });
  expect(res.status).toBe(200);
}

const register = (t: TestApp, token?: string) =>
  t.request('POST', '/api/visitors/register', { json: visitor(), headers: token ? { [HUMAN_CHECK_HEADER]: token } : {}, address: '203.0.113.9' });

/** Past the second for which the site's load is cached. */
const afterLoadCache = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe('the human check of the public forms (Cloudflare Turnstile)', () => {
  let siteverify: Siteverify;
  let phones: Phones;
  let t: TestApp;
  beforeAll(async () => {
    siteverify = await startSiteverifyServer();
    phones = await startPhoneProviders();
    t = await makeTestApp({
      channels: phoneChannels(phoneProviderEnv(phones.url)),
      config: {
        publicRateLimit: 0,
        humanCheck: { siteKey: TURNSTILE_TEST.siteKey, secretKey: TURNSTILE_TEST.passingSecret, verifyUrl: siteverify.url },
      },
      messageRoundGapMs: 0,
    });
  });
  afterAll(async () => {
    await t.close();
    await phones.close();
    await siteverify.close();
  });

  it('is not asked for while the site is quiet, and is once paid messages reach the share of the hour cap', async () => {
    await setGuard(t, { paidPerHour: 10, humanCheckAtPercent: 50 });
    for (let i = 0; i < 4; i++) expect((await register(t)).status).toBe(201);
    await t.messageLoop.idle();
    await afterLoadCache();
    // 4 of 10: quiet; no siteverify call at all.
    expect((await register(t)).status).toBe(201);
    expect(siteverify.requests).toHaveLength(0);
    await t.messageLoop.idle();
    await afterLoadCache();

    // 5 of 10 (50 %): unusual load. Without a token: refused, nothing written, and the site key to load the widget with.
    const before = await t.rowCounts();
    const refused = await register(t);
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body).toMatchObject({ success: false, message: HUMAN_CHECK_NEEDED_MESSAGE, data: { humanCheck: { siteKey: TURNSTILE_TEST.siteKey } } });
    expect(body.errors.humanCheck).toBe(HUMAN_CHECK_NEEDED_MESSAGE);
    expect(await t.rowCounts()).toEqual(before);

    // With the widget's token: verified through siteverify as Cloudflare documents, and accepted.
    const accepted = await register(t, TURNSTILE_TEST.dummyToken);
    expect(accepted.status).toBe(201);
    expect(siteverify.requests).toHaveLength(1);
    const sent = siteverify.requests[0]!;
    expect(sent.contentType).toMatch(/^application\/json/);
    expect(sent.body).toMatchObject({ secret: TURNSTILE_TEST.passingSecret, response: TURNSTILE_TEST.dummyToken, remoteip: '203.0.113.9' });
    expect(sent.body.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);

    // A token is good once: sent again, it is refused (Cloudflare's timeout-or-duplicate).
    expect((await register(t, TURNSTILE_TEST.dummyToken)).status).toBe(403);
    // "Find my pass" asks for it too.
    const find = await t.request('POST', '/api/public/passes/find', { json: { contact: '+919700000001' }, address: '203.0.113.9' });
    expect(find.status).toBe(403);
    expect((await find.json()).data.humanCheck.siteKey).toBe(TURNSTILE_TEST.siteKey);
    const settings = (await (await t.request('GET', '/api/settings', { token: await t.login() })).json()).data;
    expect(settings.humanCheck).toEqual({ configured: true, requiredNow: true });
  });

  it('follows the organiser: never, or always', async () => {
    await setGuard(t, { paidPerHour: 10, humanCheck: 'off' });
    expect((await register(t)).status).toBe(201);
    await setGuard(t, { paidPerHour: 100_000, humanCheck: 'always' });
    expect((await register(t)).status).toBe(403);
    expect((await register(t, 'another-widget-token')).status).toBe(201);
    expect((await t.request('POST', '/api/enquiries', { json: { name: 'Ravi', mobile: '9876543210' } })).status).toBe(403);
  });

  it('retries siteverify once under the same idempotency key, and answers 503 (writing nothing) when Cloudflare cannot be reached', async () => {
    await setGuard(t, { humanCheck: 'always' });
    const from = siteverify.requests.length;
    siteverify.control.failNext = 1;
    expect((await register(t, 'token-after-a-bad-minute')).status).toBe(201);
    const [first, retry] = siteverify.requests.slice(from);
    expect(retry?.body.idempotency_key).toBe(first?.body.idempotency_key);

    // (the accepted registration's messages sent first: the sender's writes are not the refusal's)
    await t.messageLoop.idle();
    const before = await t.rowCounts();
    siteverify.control.failNext = 2;
    const down = await register(t, 'token-while-down');
    expect(down.status).toBe(503);
    expect(down.headers.get('Retry-After')).toBeTruthy();
    expect(await t.rowCounts()).toEqual(before);
    await setGuard(t, {});
  });

  it('refuses every token when the secret says so (test secret "always fails")', async () => {
    const failing = await makeTestApp({
      config: { humanCheck: { siteKey: TURNSTILE_TEST.siteKey, secretKey: TURNSTILE_TEST.failingSecret, verifyUrl: siteverify.url } },
    });
    try {
      await setGuard(failing, { humanCheck: 'always' });
      expect((await register(failing, TURNSTILE_TEST.dummyToken)).status).toBe(403);
      // An over-long token is refused without asking Cloudflare.
      const from = siteverify.requests.length;
      expect((await register(failing, 'x'.repeat(2049))).status).toBe(400);
      expect(siteverify.requests.length).toBe(from);
    } finally {
      await failing.close();
    }
  });

  it('reads its keys from the environment, both or neither, verifying at Cloudflare', async () => {
    const { appConfigFrom } = await import('../../env');
    expect(appConfigFrom({}).humanCheck).toBeUndefined();
    expect(appConfigFrom({ TURNSTILE_SITE_KEY: TURNSTILE_TEST.siteKey, TURNSTILE_SECRET_KEY: TURNSTILE_TEST.passingSecret }).humanCheck).toEqual({
      siteKey: TURNSTILE_TEST.siteKey,
      secretKey: TURNSTILE_TEST.passingSecret,
      verifyUrl: SITEVERIFY_URL,
    });
    expect(() => appConfigFrom({ TURNSTILE_SITE_KEY: TURNSTILE_TEST.siteKey })).toThrow(/go together/);
  });
});
