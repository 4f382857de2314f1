import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/tables/notifications';
import { visitors } from '../db/tables/people';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { phoneProviderEnv, startPhoneProviders, startSilentSmtpServer, startSmtpServer } from '../testing/message-providers';
import { phoneChannels } from './channels';
import { DEFAULT_MESSAGE_GUARD, type MessageGuard, networkOf, paidRecipientRefusal } from './message-guard';
import { breaksWhatsappRule, messageName } from './messages';
import { NO_PUBLIC_ORIGIN } from './outbox';
import { smtpChannel } from './smtp-mailer';

type Phones = Awaited<ReturnType<typeof startPhoneProviders>>;
type Params = { template: { components: Array<{ parameters: Array<{ text: string }> }> } };
const whatsappSent = (phones: Phones, from = 0) => phones.requests.slice(from).filter((r) => r.path.endsWith('/messages'));
const paramsOf = (request: Phones['requests'][number]) => (request.body as Params).template.components[0]!.parameters.map((p) => p.text);

async function setGuard(t: TestApp, guard: Partial<MessageGuard>) {
  const token = await t.login();
  const res = await t.request('PUT', '/api/settings', { token, json: { messageGuard: { ...DEFAULT_MESSAGE_GUARD, ...guard } } });
  expect(res.status).toBe(200);
  return token;
}

async function usage(t: TestApp) {
  const token = await t.login();
  const res = await t.request('GET', '/api/settings', { token });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${await res.text()}`);
  return (await res.json()).data.paidMessageUsage as { thisHour: number; today: number; waiting: number; capReached: string | null };
}

let seq = 0;
const indianMobile = () => `+9198${String(10_000_000 + ++seq).padStart(8, '0')}`;

describe('who paid messages may go to', () => {
  it('sends only to mobiles of allowed countries, never to premium or special numbers', () => {
    const india = { allowedCountryCodes: ['91'] };
    expect(paidRecipientRefusal('+919876543210', india)).toBeNull();
    for (const n of ['+447911123456', '+12025550123', '+37120000000', '+252612345678']) {
      expect(paidRecipientRefusal(n, india)).toBe('not sent: country not allowed for paid messages');
    }
    const all = { allowedCountryCodes: ['1', '44', '979', '881', '91'] };
    expect(paidRecipientRefusal('+447911123456', all)).toBeNull();
    expect(paidRecipientRefusal('+979123456789', all)).toBe('not sent: premium or special number');
    expect(paidRecipientRefusal('+881612345678', all)).toBe('not sent: premium or special number');
    // National premium-rate blocks are not mobiles.
    expect(paidRecipientRefusal('+449098790000', all)).toMatch(/^not sent: not a mobile number/);
    expect(paidRecipientRefusal('+19005550123', all)).toMatch(/^not sent: not a mobile number/);
  });

  it('counts a network as its /24 or /64', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});

describe('the spending guard, against local providers', () => {
  let phones: Phones;
  let t: TestApp;
  beforeAll(async () => {
    phones = await startPhoneProviders();
    // The sender without the Node loop's pause between rounds: how fast the lanes themselves go.
    t = await makeTestApp({ channels: phoneChannels(phoneProviderEnv(phones.url)), config: { publicRateLimit: 0 }, messageRoundGapMs: 0 });
  });
  afterAll(async () => {
    await t.close();
    await phones.close();
  });

  it('1,000 registrations from 10 addresses to numbers outside the allowed countries send no paid message', async () => {
    const exotic = ['+979', '+44909', '+1900', '+88216', '+3712', '+25261', '+447700', '+1202'];
    const before = phones.requests.length;
    for (let i = 0; i < 1000; i++) {
      const prefix = exotic[i % exotic.length]!;
      const mobileNumber = `${prefix}${String(1_000_000 + i).padStart(12 - prefix.length + 1, '0')}`.slice(0, 14);
      const res = await t.request('POST', '/api/visitors/register', { json: { fullName: `Visitor ${i}`, mobileNumber }, address: `198.51.100.${i % 10}` });
      expect([201, 400, 409]).toContain(res.status);
    }
    await t.messageLoop.idle();
    expect(phones.requests.length - before).toBe(0);
    const rows = await t.db.select({ status: notifications.status }).from(notifications);
    expect(rows.length).toBeGreaterThan(500);
    expect(rows.every((r) => r.status === 'not_sent')).toBe(true);
  }, 60_000);

  it('stops paid messages at the hourly and daily caps, shows the trip, and sends the rest when the window has room', async () => {
    await setGuard(t, { paidPerHour: 50, paidPerDay: 80 });
    const before = phones.requests.length;
    for (let i = 0; i < 120; i++) {
      const res = await t.request('POST', '/api/visitors/register', { json: { fullName: 'Asha Rao', mobileNumber: indianMobile() }, address: `10.20.${i}.1` });
      expect(res.status).toBe(201);
    }
    await t.messageLoop.idle();
    expect(whatsappSent(phones, before).length).toBe(50);
    expect(await usage(t)).toMatchObject({ thisHour: 50, today: 50, waiting: 70, capReached: 'hour' });
    const waiting = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.status, 'queued'), eq(notifications.channel, 'whatsapp')));
    expect(waiting.length).toBe(70);
    expect(waiting.every((r) => r.lastError === 'waiting: the cap of 50 paid messages an hour is reached')).toBe(true);

    // The next hour: 30 more, up to the day's 80; the rest wait for tomorrow.
    t.clock.advance(3_600_000);
    t.messageLoop.wake();
    await t.messageLoop.idle();
    expect(whatsappSent(phones, before).length).toBe(80);
    expect(await usage(t)).toMatchObject({ thisHour: 30, today: 80, waiting: 40, capReached: 'day' });
    t.clock.advance(24 * 3_600_000);
    t.messageLoop.wake();
    await t.messageLoop.idle();
    expect(whatsappSent(phones, before).length).toBe(120);
    expect(await usage(t)).toMatchObject({ waiting: 0, capReached: null });
    await setGuard(t, {});
  });

  it('caps paid messages per network per hour and per number per day', async () => {
    await setGuard(t, { paidPerNetworkPerHour: 5, paidPerNumberPerDay: 2 });
    let before = phones.requests.length;
    for (let i = 0; i < 8; i++) {
      await t.request('POST', '/api/visitors/register', { json: { fullName: 'Ravi', mobileNumber: indianMobile() }, address: `203.0.113.${i}` });
    }
    await t.request('POST', '/api/visitors/register', { json: { fullName: 'Ravi', mobileNumber: indianMobile() }, address: '192.0.2.1' });
    await t.messageLoop.idle();
    expect(whatsappSent(phones, before).length).toBe(6);
    const held = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.lastError, 'waiting: 5 paid messages this hour to registrations from one network'));
    expect(held.length).toBe(3);

    // One number: its registration and two "Find my pass" — the third paid message waits for tomorrow.
    before = phones.requests.length;
    const number = indianMobile();
    await t.request('POST', '/api/visitors/register', { json: { fullName: 'Meena', mobileNumber: number }, address: '192.0.2.2' });
    for (let i = 0; i < 2; i++) await t.request('POST', '/api/public/passes/find', { json: { contact: number }, address: `192.0.3.${i}` });
    await t.messageLoop.idle();
    expect(whatsappSent(phones, before).length).toBe(2);
    const [waiting] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, number), eq(notifications.status, 'queued')));
    expect(waiting!.lastError).toBe('waiting: this number has had 2 paid messages today');
    await setGuard(t, {});
  });

  it('takes "Find my pass" for one number at most 5 times a day, from any address', async () => {
    const number = indianMobile();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.request('POST', '/api/public/passes/find', { json: { contact: number }, address: `192.0.4.${i}` })).status);
      t.clock.advance(61_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('5,000 registrations in a burst: every pass goes out within the caps, every WhatsApp parameter within its rule', async () => {
    await setGuard(t, { paidPerHour: 4_000, paidPerDay: 10_000, paidPerNetworkPerHour: 10_000 });
    // A fresh hour: the earlier tests' messages counted against this one.
    t.clock.advance(3_600_000);
    const before = phones.requests.length;
    const names = ['Asha Rao', 'Pay Rs 499 at http://pay-expo.example/kyc', 'Your pass is on hold, visit www.pay-expo.example', `Meena${' '.repeat(6)}Iyer`];
    const started = performance.now();
    const batch = [];
    for (let i = 0; i < 5000; i++) {
      batch.push(
        t.request('POST', '/api/visitors/register', {
          json: { fullName: names[i % names.length], mobileNumber: indianMobile() },
          address: `10.50.${i % 250}.1`,
        }),
      );
      if (batch.length === 100) (await Promise.all(batch.splice(0))).forEach((res) => expect(res.status).toBe(201));
    }
    const registered = performance.now();
    await t.messageLoop.idle();
    const sent = whatsappSent(phones, before);
    const statuses = await t.db
      .select({ status: notifications.status, lastError: notifications.lastError })
      .from(notifications)
      .where(eq(notifications.channel, 'whatsapp'));
    // The rest wait, saying why (with whatever the earlier tests left waiting: the cap holds them all).
    expect(
      statuses.filter((r) => r.status === 'queued' && r.lastError === 'waiting: the cap of 4000 paid messages an hour is reached').length,
    ).toBeGreaterThanOrEqual(1000);
    console.log(
      `5,000 registrations in ${Math.round(registered - started)} ms; ${sent.length} WhatsApp messages by ${Math.round(performance.now() - started)} ms`,
    );
    expect(sent.length).toBe(4000);
    expect(phones.requests.slice(before).filter((r) => r.path === '/api/v5/flow').length).toBe(0);
    for (const request of sent) {
      const params = paramsOf(request);
      expect(params.some(breaksWhatsappRule)).toBe(false);
      expect([...params[0]!].length).toBeLessThanOrEqual(30);
      expect(params[0]).not.toMatch(/http|pay-expo|example/);
      expect(params[5]).toMatch(/^http:\/\/localhost\/p\//);
    }
    await setGuard(t, {});
  }, 180_000);
});

describe('names are names in every message', () => {
  it('cleans a name of addresses, control characters and runs of spaces, to at most 30 characters', () => {
    const name = messageName('Your pass is on hold.      Pay Rs 499 at http://pay-expo.example/kyc within 24 hours');
    expect(name).toBe('Your pass is on hold. Pay Rs');
    expect([...name].length).toBeLessThanOrEqual(30);
    expect(messageName('Asha\u202eRao')).toBe('Asha Rao');
    expect(messageName('visit pay-expo.example now')).toBe('visit now');
    expect(messageName('https://x.example')).toBe('Visitor');
    expect(messageName('  Ravi   Kumar ')).toBe('Ravi Kumar');
    expect(messageName('Dr. A. K. Sharma-Rao')).toBe('Dr. A. K. Sharma-Rao');
  });

  it('refuses an event name with a line break with 400', async () => {
    const t = await makeTestApp();
    try {
      const token = await t.login();
      const res = await t.request('POST', '/api/events', {
        token,
        json: {
          eventName: 'Expo\r\nPay at http://x.example',
          state: 'Telangana',
          city: 'Hyderabad',
          eventTypes: ['expo'],
          startDateTime: '2026-12-01T04:00:00.000Z',
          endDateTime: '2026-12-01T12:00:00.000Z',
        },
      });
      expect(res.status).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe('links never come from the request', () => {
  it('refuses a request naming another host, and puts only PUBLIC_ORIGIN in messages', async () => {
    const phones = await startPhoneProviders();
    const t = await makeTestApp({
      channels: phoneChannels(phoneProviderEnv(phones.url)),
      publicOrigin: 'https://expo.example.in',
      config: { allowedHosts: ['expo.example.in'] },
    });
    try {
      const before = await t.rowCounts();
      const res = await t.app.request('http://attacker.example/api/visitors/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ fullName: 'Asha', mobileNumber: indianMobile() }),
      });
      expect(res.status).toBe(400);
      expect(await t.rowCounts()).toEqual(before);
      const ok = await t.app.request('https://expo.example.in/api/visitors/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ fullName: 'Asha', mobileNumber: indianMobile() }),
      });
      expect(ok.status).toBe(201);
      await t.messageLoop.idle();
      const [sent] = whatsappSent(phones);
      expect(paramsOf(sent!)[5]).toMatch(/^https:\/\/expo\.example\.in\/p\/[A-Za-z0-9_-]{52}$/);
    } finally {
      await t.close();
      await phones.close();
    }
  });

  it('queues nothing without PUBLIC_ORIGIN, and says so in /api/health', async () => {
    const phones = await startPhoneProviders();
    const t = await makeTestApp({ channels: phoneChannels(phoneProviderEnv(phones.url)), publicOrigin: null });
    try {
      const res = await t.app.request('http://attacker.example/api/visitors/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ fullName: 'Asha', mobileNumber: indianMobile() }),
      });
      expect(res.status).toBe(201);
      await t.messageLoop.idle();
      expect(phones.requests.length).toBe(0);
      const rows = await t.db.select().from(notifications);
      expect(rows.map((r) => r.lastError)).toEqual([NO_PUBLIC_ORIGIN, NO_PUBLIC_ORIGIN]);
      expect((await (await t.request('GET', '/api/health')).json()).data.messages).toBe('off: PUBLIC_ORIGIN is not set');
    } finally {
      await t.close();
      await phones.close();
    }
  });

  it('a cancelled person’s link says cancelled; a re-issued pass opens only by its new link', async () => {
    const phones = await startPhoneProviders();
    const t = await makeTestApp({ channels: phoneChannels(phoneProviderEnv(phones.url)) });
    try {
      const linkOf = (request: Phones['requests'][number]) => paramsOf(request)[5]!.split('/p/')[1]!;
      const register = async () => {
        const res = await t.request('POST', '/api/visitors/register', { json: { fullName: 'Asha', mobileNumber: indianMobile() } });
        await t.messageLoop.idle();
        return { id: (await res.json()).data.id as string, token: linkOf(whatsappSent(phones).at(-1)!) };
      };
      const cancelled = await register();
      expect((await t.request('GET', `/api/public/passes/${cancelled.token}`)).status).toBe(200);
      await t.db.update(visitors).set({ status: 'cancelled' }).where(eq(visitors.id, cancelled.id));
      const gone = await t.request('GET', `/api/public/passes/${cancelled.token}`);
      expect(gone.status).toBe(410);
      expect((await gone.json()).message).toMatch(/cancelled/);
      // An organiser's other hold (the door's one rule, DOOR_HOLDS) makes the pass not valid too.
      const held = await register();
      await t.db.update(visitors).set({ status: 'inactive' }).where(eq(visitors.id, held.id));
      const heldPass = await t.request('GET', `/api/public/passes/${held.token}`);
      expect(heldPass.status).toBe(410);
      expect((await heldPass.json()).message).toMatch(/not valid/);

      const reissued = await register();
      const admin = await t.login();
      t.clock.advance(1_000);
      expect((await t.request('POST', `/api/visitors/${reissued.id}/pass-link`, { token: admin })).status).toBe(200);
      await t.messageLoop.idle();
      const fresh = linkOf(whatsappSent(phones).at(-1)!);
      expect(fresh).not.toBe(reissued.token);
      expect((await t.request('GET', `/api/public/passes/${reissued.token}`)).status).toBe(410);
      expect((await t.request('GET', `/api/public/passes/${fresh}`)).status).toBe(200);
    } finally {
      await t.close();
      await phones.close();
    }
  });
});

describe('channels are independent', () => {
  it('an SMTP server that never greets delays no WhatsApp message by more than 1 s', async () => {
    const silent = await startSilentSmtpServer();
    const phones = await startPhoneProviders();
    const t = await makeTestApp({
      channels: { email: smtpChannel({ SMTP_URL: silent.url, MAIL_FROM: 'EventPro <passes@expo.test>' }), ...phoneChannels(phoneProviderEnv(phones.url)) },
    });
    try {
      const delays: number[] = [];
      for (let i = 0; i < 5; i++) {
        const at = Date.now();
        const res = await t.request('POST', '/api/visitors/register', {
          json: { fullName: 'Asha', mobileNumber: indianMobile(), email: `asha${i}@example.in` },
        });
        expect(res.status).toBe(201);
        while (whatsappSent(phones).length <= i && Date.now() - at < 3_000) await new Promise((resolve) => setTimeout(resolve, 5));
        delays.push(whatsappSent(phones)[i]!.at - at);
      }
      console.log(`WhatsApp after registration with a silent SMTP server: ${delays.join(', ')} ms`);
      expect(Math.max(...delays)).toBeLessThan(1_000);
      expect(silent.connections()).toBeGreaterThan(0);
      // E-mail's lane gives up on the silent server after its greeting timeout (5 s) and retries later.
      await t.messageLoop.idleOf('email');
      // (the confirmation of the typed address, which goes first)
      const [mail] = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.channel, 'email'), eq(notifications.template, 'confirm_email')))
        .limit(1);
      expect(mail).toMatchObject({ status: 'queued' });
      expect(mail!.lastError).toMatch(/^SMTP/);
    } finally {
      await t.close();
      await silent.close();
      await phones.close();
    }
  }, 30_000);

  it('sends e-mail through Resend with the message id as its Idempotency-Key', async () => {
    const { resendChannel } = await import('./channels');
    const { RESEND_TEST } = await import('../testing/message-providers');
    const phones = await startPhoneProviders();
    const smtp = await startSmtpServer();
    const t = await makeTestApp({
      channels: { email: resendChannel({ RESEND_API_KEY: RESEND_TEST.apiKey, RESEND_API_URL: phones.url, MAIL_FROM: 'EventPro <passes@expo.test>' }) },
    });
    try {
      await t.request('POST', '/api/visitors/register', { json: { fullName: 'Asha', mobileNumber: indianMobile(), email: 'asha@example.in' } });
      await t.messageLoop.idle();
      const [mail] = phones.requests.filter((r) => r.path === '/emails');
      const [row] = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.channel, 'email'), eq(notifications.status, 'sent')));
      expect(row!.template).toBe('confirm_email');
      expect(mail!.headers['idempotency-key']).toBe(`pass-message/${row!.id}`);
    } finally {
      await t.close();
      await smtp.close();
      await phones.close();
    }
  });
});
