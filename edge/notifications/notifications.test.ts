import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, passLinks } from '../db/tables/notifications';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { phoneChannels } from './channels';
import { sendDueMessages } from './dispatcher';
import { EMAIL_UNCONFIRMED, SMS_STANDBY } from './outbox';
import { EMAIL_CONFIRMED_MESSAGE } from '../routes/public/email-confirmations';
import { smtpChannel } from './smtp-mailer';
import { nodeProviderPost } from './node-provider-post';
import { confirmationPath, MSG91_TEST, phoneProviderEnv, startPhoneProviders, startSmtpServer, WHATSAPP_TEST } from '../testing/message-providers';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let phones: Awaited<ReturnType<typeof startPhoneProviders>>;
let t: TestApp;
let seq = 0;
const mobile = () => String(9_100_000_000 + ++seq);

beforeAll(async () => {
  smtp = await startSmtpServer();
  phones = await startPhoneProviders();
  t = await makeTestApp({
    channels: {
      email: smtpChannel({ SMTP_URL: smtp.url, MAIL_FROM: 'EventPro <passes@expo.test>' }),
      // The Node server's channels: provider calls through node:http (node-provider-post.ts).
      ...phoneChannels(phoneProviderEnv(phones.url), nodeProviderPost),
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await phones.close();
});

const rowsOf = (personId: string) => t.db.select().from(notifications).where(eq(notifications.personId, personId));

async function registerVisitor(extra: Record<string, unknown> = {}) {
  const number = mobile();
  const res = await t.request('POST', '/api/visitors/register', {
    json: { fullName: 'Asha Rao', mobileNumber: number, city: 'Hyderabad', email: 'asha@example.in', ...extra },
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { data: { id: string; passCode: string } };
  return { number, ...body.data };
}

/** Opens the confirmation link of the last e-mail sent (a confirmation), and waits for what it releases. */
async function confirmLastMail() {
  const mail = smtp.received.at(-1)!;
  expect(mail.subject).toMatch(/^Confirm your e-mail address/);
  expect((await t.request('POST', confirmationPath(mail.text ?? ''))).status).toBe(200);
  await t.messageLoop.idle();
}

describe('a registration reaches the person', () => {
  it('sends the pass by e-mail with the event, date, time, venue, pass code, link and a calendar file', async () => {
    const before = smtp.received.length;
    const visitor = await registerVisitor();
    // Queued in the registration's own commit: the rows are there as soon as the answer is.
    const queued = await rowsOf(visitor.id);
    expect(queued.map((r) => `${r.channel}:${r.template}`).sort()).toEqual(['email:confirm_email', 'email:pass', 'sms:pass', 'whatsapp:pass']);
    expect(queued.find((r) => r.template === 'pass' && r.channel === 'email')).toMatchObject({ status: 'not_sent', lastError: EMAIL_UNCONFIRMED });
    await t.messageLoop.idle();

    // The typed address gets the question first: no pass, no pass code, only the link that confirms it.
    expect(smtp.received.length).toBe(before + 1);
    const question = smtp.received.at(-1)!;
    expect(question.subject).toBe('Confirm your e-mail address for Hyderabad Property Expo & Builders Awards 2025');
    expect(question.text).not.toContain(visitor.passCode);
    expect(question.text).not.toMatch(/\/p\//);
    expect(question.attachments).toHaveLength(0);
    // A pass link's token confirms nothing (its own key), nor does a forged one.
    expect((await t.request('POST', `/api/public/email-confirmations/${'A'.repeat(52)}`)).status).toBe(404);
    const confirmed = await t.request('POST', confirmationPath(question.text ?? ''));
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).message).toBe(EMAIL_CONFIRMED_MESSAGE);
    await t.messageLoop.idle();
    // Confirming again sends nothing more.
    expect((await t.request('POST', confirmationPath(question.text ?? ''))).status).toBe(200);
    await t.messageLoop.idle();

    const mail = smtp.received.at(-1)!;
    expect(smtp.received.length).toBe(before + 2);
    expect(smtp.envelopes.at(-1)).toEqual({ from: 'passes@expo.test', to: ['asha@example.in'] });
    expect(mail.subject).toBe('Your pass for Hyderabad Property Expo & Builders Awards 2025');
    const text = mail.text ?? '';
    expect(text).toContain('Hello Asha Rao,');
    expect(text).toContain('Date: 18th - 19th October, 2025');
    expect(text).toContain('Time: 9:00 am – 8:00 pm IST');
    expect(text).toContain('Venue: Hyderabad International Convention Centre (HICC), Madhapur, Hyderabad');
    expect(text).toContain(`Pass code: ${visitor.passCode}`);
    const link = /Open your pass: (http:\/\/localhost\/p\/([A-Za-z0-9_-]{52}))/.exec(text);
    expect(link).not.toBeNull();
    expect(mail.html).toContain(`href="${link![1]}"`);

    const ics = mail.attachments.find((a) => a.filename === 'event.ics')!;
    expect(ics.contentType).toBe('text/calendar');
    const calendar = ics.content.toString('utf8');
    expect(calendar.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    const unfolded = calendar.replace(/\r\n /g, '');
    expect(unfolded).toContain('DTSTART:20251018T033000Z\r\n');
    expect(unfolded).toContain('DTEND:20251019T143000Z\r\n');
    expect(unfolded).toContain('SUMMARY:Hyderabad Property Expo & Builders Awards 2025\r\n');
    expect(unfolded).toContain('LOCATION:Hyderabad International Convention Centre (HICC)\\, Madhapur\\, Hyderabad\r\n');
    expect(unfolded).toContain(`DESCRIPTION:Pass code: ${visitor.passCode}\\nYour pass: ${link![1]}\r\n`);
    expect(unfolded).toMatch(/\r\nUID:event-[0-9a-f-]+@localhost\r\n/);
    expect(unfolded).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    for (const line of calendar.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    // The link opens the pass.
    const pass = await t.request('GET', `/api/public/passes/${link![2]}`);
    expect(pass.status).toBe(200);
    expect((await pass.json()).data).toMatchObject({
      name: 'Asha Rao',
      passCode: visitor.passCode,
      typeLabel: 'Visitor Registration',
      eventName: 'Hyderabad Property Expo & Builders Awards 2025',
      startDateTime: '2025-10-18T03:30:00.000Z',
      venue: 'Hyderabad International Convention Centre (HICC), Madhapur, Hyderabad',
    });

    const rows = await rowsOf(visitor.id);
    // One paid message per pass: WhatsApp went, so the SMS stays on standby.
    expect(rows.filter((r) => r.channel !== 'sms').every((r) => r.status === 'sent' && r.attempts === 1 && r.providerMessageId !== '')).toBe(true);
    expect(rows.find((r) => r.channel === 'sms')).toMatchObject({ status: 'not_sent', lastError: SMS_STANDBY });
  });

  it('sends a WhatsApp template message, and the MSG91 SMS only when WhatsApp refuses, each in the shape its API documents', async () => {
    // WhatsApp refuses this number for good (a 4xx): the pass's SMS on standby goes instead.
    phones.control.failNext = 1;
    phones.control.failStatus = 400;
    const visitor = await registerVisitor({ email: '' });
    await t.messageLoop.idle();
    phones.control.failStatus = 503;
    const digits = `91${visitor.number}`;
    const whatsapp = phones.requests.findLast((r) => r.path.endsWith('/messages'))!;
    expect(whatsapp.path).toBe(`/v21.0/${WHATSAPP_TEST.phoneNumberId}/messages`);
    expect(whatsapp.headers.authorization).toBe(`Bearer ${WHATSAPP_TEST.token}`);
    expect(whatsapp.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: digits,
      type: 'template',
      template: { name: 'event_pass', language: { code: 'en' } },
    });
    const params = (whatsapp.body as { template: { components: Array<{ parameters: Array<{ text: string }> }> } }).template.components[0]!.parameters.map(
      (p) => p.text,
    );
    expect(params.slice(0, 5)).toEqual([
      'Asha Rao',
      'Hyderabad Property Expo & Builders Awards 2025',
      '18th - 19th October, 2025, 9:00 am – 8:00 pm IST',
      'Hyderabad International Convention Centre (HICC), Madhapur, Hyderabad',
      visitor.passCode,
    ]);
    expect(params[5]).toMatch(/^http:\/\/localhost\/p\/[A-Za-z0-9_-]{52}$/);
    const token = params[5]!.split('/p/')[1]!;

    const sms = phones.requests.findLast((r) => r.path === '/api/v5/flow')!;
    expect(sms.headers.authkey).toBe(MSG91_TEST.authKey);
    // Every variable within DLT's 30 characters: event and venue split between words, the link's token in halves.
    expect(sms.body).toEqual({
      template_id: MSG91_TEST.templateId,
      short_url: '0',
      recipients: [
        {
          mobiles: digits,
          name: 'Asha Rao',
          event1: 'Hyderabad Property Expo &',
          event2: 'Builders Awards 2025',
          date: '18th - 19th October, 2025',
          time: '9:00 am – 8:00 pm IST',
          venue1: 'Hyderabad International',
          venue2: 'Convention Centre (HICC),',
          venue3: 'Madhapur, Hyderabad',
          code: visitor.passCode,
          link1: token.slice(0, 26),
          link2: token.slice(26),
        },
      ],
    });

    const rows = await rowsOf(visitor.id);
    expect(rows.map((r) => [r.channel, r.status]).sort()).toEqual([
      ['sms', 'sent'],
      ['whatsapp', 'failed'],
    ]);
    expect(rows.find((r) => r.channel === 'whatsapp')!.lastError).toMatch(/^HTTP 400/);
  });

  it('speaks the language of the page the person registered on: the pass link, the e-mail; WhatsApp only in a language its template is approved in (decision 087)', async () => {
    const lastWhatsapp = () => phones.requests.findLast((r) => r.path.endsWith('/messages'))!.body as { template: { language: { code: string } } };
    // No template language but the configured one: a Telugu registrant's WhatsApp goes in English.
    const telugu = await registerVisitor({ language: 'te' });
    await t.messageLoop.idle();
    // The confirmation asks in Telugu too.
    const question = smtp.received.at(-1)!;
    expect(question.subject).toBe('Hyderabad Property Expo & Builders Awards 2025 కోసం మీ ఇ-మెయిల్ చిరునామాను నిర్ధారించండి');
    // Its link's page asks the registrant's language first (decision 092); asking confirms nothing.
    const confirmation = confirmationPath(question.text ?? '');
    expect((await (await t.request('GET', confirmation)).json()).data).toEqual({ language: 'te' });
    expect((await t.request('GET', `/api/public/email-confirmations/${'A'.repeat(52)}`)).status).toBe(404);
    const mailsBefore = smtp.received.length;
    await t.messageLoop.idle();
    expect(smtp.received.length).toBe(mailsBefore);
    expect((await t.request('POST', confirmation)).status).toBe(200);
    await t.messageLoop.idle();
    expect(lastWhatsapp().template.language.code).toBe('en');
    const mail = smtp.received.at(-1)!;
    expect(mail.subject).toBe('Hyderabad Property Expo & Builders Awards 2025 కోసం మీ పాస్');
    const text = mail.text ?? '';
    expect(text).toContain('నమస్కారం Asha Rao,');
    expect(text).toContain('మీరు Hyderabad Property Expo & Builders Awards 2025కు నమోదు అయ్యారు (సందర్శకుల నమోదు).');
    expect(text).toContain(`పాస్ కోడ్: ${telugu.passCode}`);
    expect(text).toContain('తేదీ: 18–19 అక్టోబర్, 2025');
    expect(mail.html).toContain('<html lang="te">');
    const token = /\/p\/([A-Za-z0-9_-]{52})/.exec(text)![1]!;
    expect((await (await t.request('GET', `/api/public/passes/${token}`)).json()).data).toMatchObject({ passCode: telugu.passCode, language: 'te' });
    // A language no page has is refused, with the field's message.
    const refused = await t.request('POST', '/api/visitors/register', {
      json: { fullName: 'Asha', mobileNumber: mobile(), city: 'Hyderabad', language: 'fr' },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({ language: 'language must be one of: en, te, hi' });

    // The template approved in Telugu too: a Telugu registrant's pass goes in it, a Hindi one's still in English.
    const approved = await makeTestApp({ channels: phoneChannels({ ...phoneProviderEnv(phones.url), WHATSAPP_TEMPLATE_LANGUAGES: 'te' }) });
    try {
      for (const [language, code] of [
        ['te', 'te'],
        ['hi', 'en'],
        ['en', 'en'],
      ]) {
        const res = await approved.request('POST', '/api/visitors/register', {
          json: { fullName: 'Asha Rao', mobileNumber: mobile(), city: 'Hyderabad', language },
        });
        expect(res.status).toBe(201);
        await approved.messageLoop.idle();
        expect(lastWhatsapp().template.language.code, language).toBe(code);
      }
    } finally {
      await approved.close();
    }
  });

  it('retries a provider 5xx with back-off until the message is sent', async () => {
    phones.control.failNext = 1;
    const visitor = await registerVisitor({ email: '' });
    await t.messageLoop.idle();
    const whatsappRows = async () => (await rowsOf(visitor.id)).filter((r) => r.channel === 'whatsapp');
    let rows = await whatsappRows();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['queued', 1]]);
    expect(rows[0]!.lastError).toMatch(/^HTTP 503/);
    // Not due before its back-off (30 s after the first attempt).
    t.clock.advance(10_000);
    t.messageLoop.wake();
    await t.messageLoop.idle();
    expect((await whatsappRows()).every((r) => r.status === 'queued' && r.attempts === 1)).toBe(true);
    t.clock.advance(25_000);
    t.messageLoop.wake();
    await t.messageLoop.idle();
    rows = await whatsappRows();
    expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual([['sent', 2, '']]);
  });

  it('a clock stepped back an hour does not hold a retry back for an hour', async () => {
    phones.control.failNext = 1;
    const visitor = await registerVisitor({ email: '' });
    await t.messageLoop.idle();
    const whatsapp = async () => (await rowsOf(visitor.id)).filter((r) => r.channel === 'whatsapp').map((r) => [r.status, r.attempts]);
    expect(await whatsapp()).toEqual([['queued', 1]]);
    t.clock.advance(-60 * 60_000); // its retry, 30 s after the failure, now reads an hour and a half-minute ahead
    t.messageLoop.wake(); // the 15-second beat
    await t.messageLoop.idle();
    expect(await whatsapp()).toEqual([['sent', 2]]);
  });

  it('never sends one message twice when two senders run at once', async () => {
    phones.control.delayMs = 50;
    const visitor = await registerVisitor({ email: '' });
    // Both senders start before the loop woken by the registration does anything.
    const before = phones.requests.length;
    const deps = { db: t.db, writeBatch: t.deps.writeBatch, channels: t.deps.messaging!.channels, now: t.clock.now, linkSecret: t.deps.secrets.jwtSecret };
    await Promise.all([sendDueMessages(deps), sendDueMessages(deps), t.messageLoop.idle()]);
    phones.control.delayMs = 0;
    expect(phones.requests.length - before).toBe(1);
    expect((await rowsOf(visitor.id)).find((r) => r.channel === 'whatsapp')).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('Resend in the panel', () => {
  it('lists a person’s messages for staff, and lets only admins queue one again', async () => {
    const visitor = await registerVisitor();
    await t.messageLoop.idle();
    await confirmLastMail();
    const admin = await t.login();
    const staffUser = await t.createUser('staff');
    const staff = await t.login(staffUser.email, staffUser.password);

    const list = await t.request('GET', `/api/visitors/${visitor.id}/messages`, { token: staff });
    expect(list.status).toBe(200);
    const items = (await list.json()).data.items as Array<{
      id: string;
      channel: string;
      template: string;
      status: string;
      attempts: number;
      lastError: string;
    }>;
    expect(items.map((m) => [m.channel, m.template, m.status]).sort()).toEqual([
      ['email', 'confirm_email', 'sent'],
      ['email', 'pass', 'sent'],
      ['sms', 'pass', 'not_sent'],
      ['whatsapp', 'pass', 'sent'],
    ]);
    const email = items.find((m) => m.channel === 'email' && m.template === 'pass')!;

    // Staff are not told how the server sends; admins are, channel by channel.
    expect((await (await t.request('GET', `/api/visitors/${visitor.id}/messages`, { token: staff })).json()).data.channels).toBeUndefined();
    const adminList = (await (await t.request('GET', `/api/visitors/${visitor.id}/messages`, { token: admin })).json()).data;
    expect(adminList.channels).toEqual({ email: { configured: true }, whatsapp: { configured: true }, sms: { configured: true } });

    const path = `/api/visitors/${visitor.id}/messages/${email.id}/resend`;
    expect((await t.request('POST', path, { token: staff })).status).toBe(403);
    expect((await t.request('POST', path)).status).toBe(401);
    expect((await t.request('POST', `/api/visitors/${visitor.id}/messages/not-a-message/resend`, { token: admin })).status).toBe(404);

    const before = smtp.received.length;
    const resent = await t.request('POST', path, { token: admin });
    expect(resent.status).toBe(200);
    await t.messageLoop.idle();
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.text).toContain(`Pass code: ${visitor.passCode}`);
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, email.id)));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('which channels send, as admins are told', () => {
  it('an unconfigured channel says which variables turn it on, never a secret; without PUBLIC_ORIGIN every channel says messages are off', async () => {
    const mailOnly = await makeTestApp({ channels: { email: smtpChannel({ SMTP_URL: smtp.url, MAIL_FROM: 'EventPro <passes@expo.test>' }) } });
    const noOrigin = await makeTestApp({
      channels: { email: smtpChannel({ SMTP_URL: smtp.url, MAIL_FROM: 'EventPro <passes@expo.test>' }) },
      publicOrigin: null,
    });
    try {
      for (const [app, expected] of [
        [
          mailOnly,
          {
            email: { configured: true },
            whatsapp: { configured: false, why: 'WhatsApp is not configured on the server: set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID.' },
            sms: { configured: false, why: 'SMS is not configured on the server: set MSG91_AUTH_KEY and MSG91_TEMPLATE_ID.' },
          },
        ],
        [
          noOrigin,
          {
            email: { configured: false, why: 'Messages are off on the server: set PUBLIC_ORIGIN (the address pass links point at).' },
            whatsapp: { configured: false, why: 'WhatsApp is not configured on the server: set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID.' },
            sms: { configured: false, why: 'SMS is not configured on the server: set MSG91_AUTH_KEY and MSG91_TEMPLATE_ID.' },
          },
        ],
      ] as const) {
        const admin = await app.login();
        const visitor = (
          await (await app.request('POST', '/api/visitors', { token: admin, json: { fullName: 'Channel Check', mobileNumber: '9848012345' } })).json()
        ).data;
        const answer = await (await app.request('GET', `/api/visitors/${visitor.id}/messages`, { token: admin })).text();
        expect(JSON.parse(answer).data.channels).toEqual(expected);
        // The connection URL (with any password in it) and the sender are never told.
        expect(answer).not.toContain(smtp.url);
        expect(answer).not.toContain('passes@expo.test');
      }
    } finally {
      await mailOnly.close();
      await noOrigin.close();
    }
  });
});

describe('Find my pass', () => {
  it('sends a new link to a registered number, and answers an unknown number the same way', async () => {
    const visitor = await registerVisitor({ email: '' });
    await t.messageLoop.idle();
    const before = phones.requests.length;

    const known = await t.request('POST', '/api/public/passes/find', { json: { contact: `+91 ${visitor.number}` }, address: '10.1.0.1' });
    const unknown = await t.request('POST', '/api/public/passes/find', { json: { contact: '9999999999' }, address: '10.1.0.2' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = await known.json();
    expect(knownBody).toEqual(await unknown.json());
    expect(JSON.stringify(knownBody)).not.toContain('/p/');
    await t.messageLoop.idle();

    // WhatsApp for the known number (its SMS on standby), nothing for the unknown one.
    const sent = phones.requests.slice(before);
    expect(sent.length).toBe(1);
    const whatsapp = sent.find((r) => r.path.endsWith('/messages'))!;
    expect((whatsapp.body as { to: string }).to).toBe(`91${visitor.number}`);
    const link = (whatsapp.body as { template: { components: Array<{ parameters: Array<{ text: string }> }> } }).template.components[0]!.parameters[5]!.text;
    const token = link.split('/p/')[1]!;
    const pass = await t.request('GET', `/api/public/passes/${token}`);
    expect((await pass.json()).data.passCode).toBe(visitor.passCode);
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.personId, visitor.id), eq(notifications.template, 'pass_link')));
    expect(rows.length).toBe(2);
  });

  it('finds by e-mail too, sending the pass link only to a confirmed address', async () => {
    const visitor = await registerVisitor({ email: 'ravi.k@example.in' });
    await t.messageLoop.idle();
    // Not confirmed yet: "Find my pass" sends the question again, never the link.
    const find = () => t.request('POST', '/api/public/passes/find', { json: { contact: 'ravi.k@example.in' }, address: '10.1.0.3' });
    expect((await find()).status).toBe(200);
    await t.messageLoop.idle();
    expect(smtp.received.at(-1)!.text).not.toContain(visitor.passCode);
    await confirmLastMail();
    const before = smtp.received.length;
    expect((await find()).status).toBe(200);
    await t.messageLoop.idle();
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)!.subject).toBe('Your pass link for Hyderabad Property Expo & Builders Awards 2025');
    expect(smtp.received.at(-1)!.text).toContain(`Pass code: ${visitor.passCode}`);
  });

  it('is rate limited per number and per client address, known or not', async () => {
    const number = '9888800001';
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await t.request('POST', '/api/public/passes/find', { json: { contact: number }, address: `10.2.0.${i}` })).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    const fromOne = [];
    for (let i = 0; i < 11; i++)
      fromOne.push((await t.request('POST', '/api/public/passes/find', { json: { contact: `98888${String(10000 + i)}` }, address: '10.3.0.1' })).status);
    expect(fromOne.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(fromOne[10]).toBe(429);
    // A minute later it answers again.
    t.clock.advance(60_000);
    expect((await t.request('POST', '/api/public/passes/find', { json: { contact: number }, address: '10.2.0.9' })).status).toBe(200);
  });

  it('refuses what is neither a number nor an e-mail address with 400', async () => {
    const res = await t.request('POST', '/api/public/passes/find', { json: { contact: 'hello' } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Please enter your mobile number or e-mail address');
    expect((await t.request('GET', '/api/public/passes/short')).status).toBe(400);
    expect((await t.request('GET', `/api/public/passes/${'0'.repeat(12)}${'A'.repeat(22)}`)).status).toBe(404);
  });
});

describe('the pass by link', () => {
  it('opens links sent before links were signed, and refuses a signed link altered by one character', async () => {
    const visitor = await registerVisitor({ email: '' });
    await t.messageLoop.idle();
    const whatsapp = phones.requests.findLast((r) => r.path.endsWith('/messages'))!;
    const link = (whatsapp.body as { template: { components: Array<{ parameters: Array<{ text: string }> }> } }).template.components[0]!.parameters[5]!.text;
    const token = link.split('/p/')[1]!;
    expect((await t.request('GET', `/api/public/passes/${token}`)).status).toBe(200);

    // Every character of a signed token is covered by its signature: the person, the kind and the time.
    for (const at of [0, 5, 25, token.length - 1]) {
      const altered = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
      const res = await t.request('GET', `/api/public/passes/${altered}`);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('Pass not found');
    }

    const stored = `${Date.now().toString(16).padStart(12, '0')}${'k'.repeat(22)}`;
    await t.db.insert(passLinks).values({ token: stored, personKind: 'visitors', personId: visitor.id, createdAt: new Date().toISOString() });
    const old = await t.request('GET', `/api/public/passes/${stored}`);
    expect(old.status).toBe(200);
    expect((await old.json()).data).toMatchObject({ name: 'Asha Rao', passCode: visitor.passCode });

    // A message queued before links were signed goes out with the link it was queued with.
    const at = t.clock.now().toISOString();
    await t.db.insert(notifications).values({
      id: crypto.randomUUID(),
      channel: 'whatsapp',
      recipient: `+91${visitor.number}`,
      template: 'pass_link',
      payload: JSON.stringify({ passUrl: `http://localhost/p/${stored}` }),
      status: 'queued',
      nextAttemptAt: at,
      personKind: 'visitors',
      personId: visitor.id,
      createdAt: at,
      updatedAt: at,
    });
    t.messageLoop.wake();
    await t.messageLoop.idle();
    const resent = phones.requests.findLast((r) => r.path.endsWith('/messages'))!;
    const resentLink = (resent.body as { template: { components: Array<{ parameters: Array<{ text: string }> }> } }).template.components[0]!.parameters[5]!
      .text;
    expect(resentLink).toBe(`http://localhost/p/${stored}`);
  });
});

describe('with no channel configured', () => {
  it('answers 201 and records each message as not sent', async () => {
    const bare = await makeTestApp();
    try {
      const res = await bare.request('POST', '/api/visitors/register', { json: { fullName: 'Meena', mobileNumber: '9000000123', email: 'meena@example.in' } });
      expect(res.status).toBe(201);
      const { data } = await res.json();
      const rows = await bare.db.select().from(notifications).where(eq(notifications.personId, data.id));
      expect(rows.map((r) => [r.channel, r.status, r.lastError]).sort()).toEqual([
        ['email', 'not_sent', 'not sent: no channel configured'],
        ['sms', 'not_sent', 'not sent: no channel configured'],
        ['whatsapp', 'not_sent', 'not sent: no channel configured'],
      ]);
      const admin = await bare.login();
      const list = await bare.request('GET', `/api/visitors/${data.id}/messages`, { token: admin });
      expect((await list.json()).data.items.every((m: { status: string }) => m.status === 'not_sent')).toBe(true);
    } finally {
      await bare.close();
    }
  });
});

describe('GET /api/public/calendar.ics', () => {
  it('answers the featured event as an iCalendar file', async () => {
    const res = await t.request('GET', '/api/public/calendar.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();
    expect(text).toContain('DTSTART:20251018T033000Z\r\n');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect((await t.request('GET', '/api/public/calendar.ics?eventId=nope')).status).toBe(404);
  });
});
