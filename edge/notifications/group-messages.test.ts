import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/tables/events';
import { notifications } from '../db/tables/notifications';
import { visitors } from '../db/tables/people';
import { newPassCode } from '../lib/pass-code';
import { uuidv7 } from '../lib/uuid-v7';
import { phoneProviderEnv, startPhoneProviders, startSmtpServer } from '../testing/message-providers';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { phoneChannels } from './channels';
import { NOT_CONFIRMED, OPTED_OUT } from './group-messages';
import { DEFAULT_MESSAGE_GUARD } from './message-guard';
import { breaksWhatsappRule } from './messages';
import { smtpChannel } from './smtp-mailer';

type Phones = Awaited<ReturnType<typeof startPhoneProviders>>;
type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
type Params = { template: { name: string; components: Array<{ parameters: Array<{ text: string }> }> } };

const GROUP = 5_000;
const APP_SECRET = 'meta-app-secret';
const WITH_EMAIL = 10;

describe('messages to a group of 5,000 visitors', () => {
  let phones: Phones;
  let smtp: Smtp;
  let t: TestApp;
  let admin: string;
  let eventId: string;
  const ids: string[] = [];

  beforeAll(async () => {
    phones = await startPhoneProviders();
    smtp = await startSmtpServer();
    t = await makeTestApp({
      channels: {
        email: smtpChannel({ SMTP_URL: smtp.url, MAIL_FROM: 'EventPro <passes@expo.test>' }),
        ...phoneChannels({ ...phoneProviderEnv(phones.url), WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_VERIFY_TOKEN: 'verify-me' }),
      },
      config: { publicRateLimit: 0 },
      messageRoundGapMs: 0,
    });
    admin = await t.login();
    const [featured] = await t.db.select({ id: events.id }).from(events).where(eq(events.isFeatured, true));
    eventId = featured!.id;
    // 5,000 confirmed visitors of the featured event (and 50 pending ones the filter leaves out).
    const at = new Date().toISOString();
    const rows = Array.from({ length: GROUP + 50 }, (_, i) => {
      const id = uuidv7();
      if (i < GROUP) ids.push(id);
      return {
        id,
        fullName: i === 0 ? 'Asha      Rao http://pay.example/kyc' : `Visitor ${i}`,
        mobileNumber: `+9198${String(20_000_000 + i).padStart(8, '0')}`,
        email: i < WITH_EMAIL ? `visitor${i}@example.in` : '',
        eventId,
        passCode: newPassCode(),
        // The ones with an e-mail were entered by an organiser (their addresses go without a confirmation), but one.
        registrationType: i < WITH_EMAIL - 1 ? 'admin_registration' : 'visitor_registration',
        status: i < GROUP ? 'confirmed' : 'pending',
        createdAt: at,
        updatedAt: at,
      };
    });
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(visitors).values(rows.slice(i, i + 500));
    const guard = { ...DEFAULT_MESSAGE_GUARD, paidPerHour: 4_000, paidPerDay: 20_000 };
    expect((await t.request('PUT', '/api/settings', { token: admin, json: { messageGuard: guard } })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await phones.close();
    await smtp.close();
  });

  /** Counts the sender's reads of the people and of the opt-outs (statements on the database's connection). */
  const countReads = () => {
    const counts = { people: 0, optOuts: 0 };
    const execute = t.client.execute;
    t.client.execute = ((statement: unknown, ...rest: unknown[]) => {
      const text = typeof statement === 'string' ? statement : String((statement as { sql?: unknown }).sql);
      if (/^select\b[\s\S]*\bfrom "visitors"/i.test(text)) counts.people++;
      if (/^select\b[\s\S]*\bfrom "message_opt_outs"/i.test(text)) counts.optOuts++;
      return (execute as (...args: unknown[]) => ReturnType<typeof execute>).call(t.client, statement, ...rest);
    }) as typeof execute;
    return Object.assign(counts, { stop: () => (t.client.execute = execute) });
  };

  const whatsappGroup = (extra: Record<string, unknown> = {}) => ({
    resource: 'visitors',
    filter: { eventId, status: 'confirmed' },
    channel: 'whatsapp',
    template: 'event_update',
    variables: ['{name}', 'Hall B opens at 10:00 tomorrow'],
    ...extra,
  });

  it('previews the message for one recipient, with the count, the cost and the room under the caps', async () => {
    const res = await t.request('POST', '/api/messages/groups/preview', { token: admin, json: whatsappGroup() });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({
      count: GROUP,
      sending: GROUP,
      paid: true,
      estimatedCostInr: 575,
      withinCapsNow: 4_000,
      waitingForCaps: 1_000,
      tooMany: false,
    });
    // The sample is the first recipient: their name cleaned for messages, one line per value.
    expect(data.sample.message).toEqual({ channel: 'whatsapp', template: 'event_update', parameters: ['Asha Rao', 'Hall B opens at 10:00 tomorrow'] });
  });

  it('refuses what cannot be sent, with a 400 and the field', async () => {
    const bad = [
      { ...whatsappGroup(), template: undefined },
      { resource: 'visitors', ids: ids.slice(0, 2), channel: 'email', subject: 'News' },
      { ...whatsappGroup(), filter: { q: 'Asha' } },
      { ...whatsappGroup(), resource: 'enquiries' },
      { ...whatsappGroup(), sendAt: 'tomorrow' },
      { ...whatsappGroup(), ids: ids.slice(0, 2) },
    ];
    for (const json of bad) expect((await t.request('POST', '/api/messages/groups', { token: admin, json })).status).toBe(400);
    const staffUser = await t.createUser('staff');
    const staff = await t.login(staffUser.email, staffUser.password);
    expect((await t.request('POST', '/api/messages/groups', { token: staff, json: whatsappGroup() })).status).toBe(403);
  });

  it('schedules it, sends it within the caps when its time comes, and each visitor sees it among their messages', async () => {
    const before = phones.requests.length;
    const sendAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const res = await t.request('POST', '/api/messages/groups', { token: admin, json: whatsappGroup({ sendAt }) });
    expect(res.status).toBe(201);
    expect((await res.json()).data).toMatchObject({ recipients: GROUP, queued: GROUP, sendAt });
    t.messageLoop.wake();
    await t.messageLoop.idle();
    expect(phones.requests.length).toBe(before);

    t.clock.advance(3_600_000);
    const reads = countReads();
    const started = Date.now();
    const cpu = process.cpuUsage();
    t.messageLoop.wake();
    await t.messageLoop.idle();
    const sent = phones.requests.slice(before).filter((r) => r.path.endsWith('/messages'));
    const elapsed = Date.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    reads.stop();
    console.log(
      `Group of ${GROUP}: ${sent.length} WhatsApp sent in ${elapsed} ms (CPU ${Math.round((user + system) / 1000)} ms, the fake provider's included), the rest waiting for the next hour; reads of recipients ${reads.people}, of opt-outs ${reads.optOuts}`,
    );
    expect(sent.length).toBe(4_000);
    // One read of the people and one of the opt-outs per round of 20 (two per message before).
    expect(reads.people).toBeLessThanOrEqual(Math.ceil(sent.length / 20) + 2);
    expect(reads.optOuts).toBeLessThanOrEqual(Math.ceil(sent.length / 20) + 2);
    for (const request of sent) {
      const body = request.body as Params;
      expect(body.template.name).toBe('event_update');
      for (const p of body.template.components[0]!.parameters) expect(breaksWhatsappRule(p.text)).toBe(false);
    }
    const waiting = await t.db
      .select({ lastError: notifications.lastError })
      .from(notifications)
      .where(and(eq(notifications.template, 'group'), eq(notifications.status, 'queued')));
    expect(waiting.length).toBe(1_000);
    expect(waiting.every((row) => row.lastError === 'waiting: the cap of 4000 paid messages an hour is reached')).toBe(true);

    // The next hour, the rest.
    t.clock.advance(3_600_000);
    t.messageLoop.wake();
    await t.messageLoop.idle();
    expect(phones.requests.slice(before).filter((r) => r.path.endsWith('/messages')).length).toBe(GROUP);

    const drawer = await t.request('GET', `/api/visitors/${ids[GROUP - 1]}/messages`, { token: admin });
    const items = (await drawer.json()).data.items as Array<{ template: string; channel: string; status: string }>;
    expect(items).toContainEqual(expect.objectContaining({ template: 'group', channel: 'whatsapp', status: 'sent' }));
  }, 120_000);

  it('sends a group e-mail with an unsubscribe link, and honours it', async () => {
    const email = {
      resource: 'visitors',
      ids: ids.slice(0, WITH_EMAIL + 5),
      channel: 'email',
      subject: 'Parking for {name}',
      body: 'Dear {name},\n\nUse gate 3.',
    };
    const before = smtp.received.length;
    const res = await t.request('POST', '/api/messages/groups', { token: admin, json: email });
    // The one address typed into a public form and never confirmed gets nothing.
    expect((await res.json()).data).toMatchObject({ recipients: WITH_EMAIL + 5, queued: WITH_EMAIL - 1 });
    await t.messageLoop.idle();
    const mails = smtp.received.slice(before);
    expect(mails.length).toBe(WITH_EMAIL - 1);
    const [unconfirmed] = await t.db
      .select({ lastError: notifications.lastError })
      .from(notifications)
      .where(and(eq(notifications.personId, ids[WITH_EMAIL - 1]!), eq(notifications.template, 'group'), eq(notifications.channel, 'email')));
    expect(unconfirmed?.lastError).toBe(NOT_CONFIRMED);
    const first = mails.find((m) => m.to && JSON.stringify(m.to).includes('visitor0@'))!;
    expect(first.subject).toBe('Parking for Asha Rao');
    expect(first.text).toContain('Dear Asha Rao,');
    const token = /\/unsubscribe\/([A-Za-z0-9_-]{52})/.exec(first.text ?? '')?.[1];
    expect(token).toBeDefined();
    // A pass link's token unsubscribes nobody.
    expect((await t.request('POST', `/api/public/unsubscribe/${'B'.repeat(52)}`)).status).toBe(404);
    // The link's page asks its holder's language first (decision 092): an imported visitor's is English; asking stops nothing.
    expect((await (await t.request('GET', `/api/public/unsubscribe/${token}`)).json()).data).toEqual({ language: 'en' });
    expect((await t.request('GET', `/api/public/unsubscribe/${'B'.repeat(52)}`)).status).toBe(404);
    expect((await t.request('POST', `/api/public/unsubscribe/${token}`)).status).toBe(200);

    const again = smtp.received.length;
    await t.request('POST', '/api/messages/groups', { token: admin, json: email });
    await t.messageLoop.idle();
    expect(smtp.received.length - again).toBe(WITH_EMAIL - 2);
    const [optedOut] = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.personId, ids[0]!),
          eq(notifications.template, 'group'),
          eq(notifications.channel, 'email'),
          eq(notifications.lastError, OPTED_OUT),
        ),
      );
    expect(optedOut).toBeDefined();
  }, 60_000);

  it('honours "STOP" sent back on WhatsApp (a signed webhook): that number gets no more group messages', async () => {
    const from = `9198${String(20_000_000 + 7).padStart(8, '0')}`;
    const sendAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    await t.request('POST', '/api/messages/groups', { token: admin, json: whatsappGroup({ filter: undefined, ids: ids.slice(6, 9), sendAt }) });
    // Meta's set-up handshake.
    expect(await (await t.request('GET', '/api/public/whatsapp-webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444')).text()).toBe(
      '1158201444',
    );
    expect((await t.request('GET', '/api/public/whatsapp-webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1')).status).toBe(403);

    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            { field: 'messages', value: { messaging_product: 'whatsapp', messages: [{ from, id: 'wamid.IN1', type: 'text', text: { body: ' Stop ' } }] } },
          ],
        },
      ],
    });
    const { createHmac } = await import('node:crypto');
    const signature = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
    const post = (sig: string) =>
      t.request('POST', '/api/public/whatsapp-webhook', { body, headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': sig } });
    expect((await post(`sha256=${'0'.repeat(64)}`)).status).toBe(401);
    const answer = await post(signature);
    expect(answer.status).toBe(200);
    expect((await answer.json()).data).toEqual({ optedOut: 1 });

    const rows = await t.db
      .select({ personId: notifications.personId, status: notifications.status, lastError: notifications.lastError })
      .from(notifications)
      .where(and(eq(notifications.template, 'group'), eq(notifications.channel, 'whatsapp'), eq(notifications.createdAt, t.clock.now().toISOString())));
    expect(rows.find((r) => r.personId === ids[7])).toMatchObject({ status: 'not_sent', lastError: OPTED_OUT });
    expect(rows.filter((r) => r.status === 'queued')).toHaveLength(2);
    // A later group leaves that number out from the start.
    const preview = await t.request('POST', '/api/messages/groups/preview', { token: admin, json: whatsappGroup({ filter: undefined, ids: ids.slice(6, 9) }) });
    expect((await preview.json()).data.notSent).toEqual({ [OPTED_OUT]: 1 });
  });
});
