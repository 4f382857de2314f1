import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/tables/events';
import { messageOptOuts, notifications } from '../../db/tables/notifications';
import { visitors } from '../../db/tables/people';
import { newPassCode } from '../../lib/pass-code';
import { uuidv7 } from '../../lib/uuid-v7';
import { phoneChannels } from '../../notifications/channels';
import { OPTED_OUT } from '../../notifications/group-messages';
import { MSG91_INBOUND_TEST, MSG91_TEST, msg91InboundForward, phoneProviderEnv, startPhoneProviders } from '../../testing/message-providers';
import { makeTestApp, type TestApp } from '../../testing/test-app';

type Phones = Awaited<ReturnType<typeof startPhoneProviders>>;

/** MSG91's inbound SMS (decision 073): "STOP" texted to the virtual number opts that number out of group messages. */
describe('SMS "STOP" through MSG91 inbound', () => {
  let phones: Phones;
  let t: TestApp;
  let admin: string;
  const ids: string[] = [];
  const mobile = (i: number) => `+9197${String(30_000_000 + i).padStart(8, '0')}`;
  const path = `/api/public/sms-inbound/${MSG91_INBOUND_TEST.token}`;
  const form = (fields: Record<string, string>) => ({
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

  beforeAll(async () => {
    phones = await startPhoneProviders();
    t = await makeTestApp({
      channels: phoneChannels({ ...phoneProviderEnv(phones.url), MSG91_INBOUND_TOKEN: MSG91_INBOUND_TEST.token }),
      messageRoundGapMs: 0,
    });
    admin = await t.login();
    const [featured] = await t.db.select({ id: events.id }).from(events).where(eq(events.isFeatured, true));
    const at = new Date().toISOString();
    for (let i = 0; i < 4; i++) {
      const id = uuidv7();
      ids.push(id);
      await t.db.insert(visitors).values({
        id,
        fullName: `Visitor ${i}`,
        mobileNumber: mobile(i),
        eventId: featured!.id,
        passCode: newPassCode(),
        registrationType: 'admin_registration',
        status: 'confirmed',
        createdAt: at,
        updatedAt: at,
      });
    }
  });
  afterAll(async () => {
    await t.close();
    await phones.close();
  });

  const smsGroup = (sendAt: string) => ({
    resource: 'visitors',
    ids,
    channel: 'sms',
    template: MSG91_TEST.templateId,
    variables: { name: '{name}', news: 'Hall B opens at 10' },
    sendAt,
  });
  const waitingOf = async (personId: string) => {
    const [row] = await t.db
      .select({ status: notifications.status, lastError: notifications.lastError })
      .from(notifications)
      .where(and(eq(notifications.personId, personId), eq(notifications.template, 'group'), eq(notifications.channel, 'sms')));
    return row;
  };

  it('refuses a wrong or missing token as if the callback did not exist, and a request without sender or message with 400', async () => {
    expect((await t.request('POST', '/api/public/sms-inbound/not-the-token', form(msg91InboundForward('919730000000', 'STOP')))).status).toBe(404);
    expect((await t.request('GET', `/api/public/sms-inbound/${MSG91_INBOUND_TEST.token.slice(0, -1)}x?sender=919730000000&message=STOP`)).status).toBe(404);
    expect((await t.request('POST', path, form({ sender: '919730000000' }))).status).toBe(400);
    expect((await t.request('POST', path, { body: 'STOP', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    expect((await t.request('POST', '/api/visitors/register', form({ fullName: 'A' }))).status).toBe(415);
    expect(await t.db.select().from(messageOptOuts)).toHaveLength(0);
  });

  it('opts out the number that texts the keyword and STOP (form POST, query GET, JSON); other replies change nothing', async () => {
    const sendAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    expect((await t.request('POST', '/api/messages/groups', { token: admin, json: smsGroup(sendAt) })).status).toBe(201);

    // A reply that is not STOP is acknowledged (MSG91 need not retry) and opts nobody out.
    const chat = await t.request('POST', path, form(msg91InboundForward(mobile(3).slice(1), `${MSG91_INBOUND_TEST.keyword} what time is it`)));
    expect(chat.status).toBe(200);
    expect((await chat.json()).data).toEqual({ optedOut: 0 });

    // The sender in international digits without +, the text after the keyword.
    const posted = await t.request('POST', path, form(msg91InboundForward(mobile(0).slice(1), `${MSG91_INBOUND_TEST.keyword} stop`)));
    expect((await posted.json()).data).toEqual({ optedOut: 1 });
    // As a query string, the sender written nationally (ten digits).
    const query = new URLSearchParams(msg91InboundForward(mobile(1).slice(3), 'STOP')).toString();
    expect((await (await t.request('GET', `${path}?${query}`)).json()).data).toEqual({ optedOut: 1 });
    // As JSON.
    expect((await (await t.request('POST', path, { json: msg91InboundForward(mobile(2).slice(1), 'Expostop Unsubscribe') })).json()).data).toEqual({
      optedOut: 1,
    });

    for (const i of [0, 1, 2]) expect(await waitingOf(ids[i]!)).toEqual({ status: 'not_sent', lastError: OPTED_OUT });
    expect((await waitingOf(ids[3]!))?.status).toBe('queued');
    const stored = await t.db.select({ recipient: messageOptOuts.recipient }).from(messageOptOuts);
    expect(stored.map((row) => row.recipient).sort()).toEqual([mobile(0), mobile(1), mobile(2)]);

    // The hour comes: only the one who did not reply gets the SMS.
    const before = phones.requests.length;
    t.clock.advance(3_600_000);
    t.messageLoop.wake();
    await t.messageLoop.idle();
    const sent = phones.requests.slice(before).filter((r) => r.path === '/api/v5/flow');
    expect(sent.map((r) => (r.body as { recipients: Array<{ mobiles: string }> }).recipients[0]!.mobiles)).toEqual([mobile(3).slice(1)]);

    // A later group leaves those numbers out from the start, on WhatsApp too (an opt-out is the number's).
    const preview = await t.request('POST', '/api/messages/groups/preview', {
      token: admin,
      json: { resource: 'visitors', ids, channel: 'whatsapp', template: 'event_update', variables: ['{name}'] },
    });
    expect((await preview.json()).data.notSent).toEqual({ [OPTED_OUT]: 3 });
  });

  it('is off unless MSG91_INBOUND_TOKEN is set, and a short token stops the start', () => {
    expect(phoneChannels(phoneProviderEnv('http://127.0.0.1:1')).sms?.inboundToken).toBeUndefined();
    expect(() => phoneChannels({ ...phoneProviderEnv('http://127.0.0.1:1'), MSG91_INBOUND_TOKEN: 'stop' })).toThrow(/MSG91_INBOUND_TOKEN/);
  });
});
