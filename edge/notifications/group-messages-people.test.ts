import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/tables/events';
import { notifications } from '../db/tables/notifications';
import { guests, speakers, vipAwardees } from '../db/tables/people';
import { newPassCode } from '../lib/pass-code';
import { uuidv7 } from '../lib/uuid-v7';
import { MSG91_TEST, phoneProviderEnv, startPhoneProviders, startSmtpServer } from '../testing/message-providers';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { phoneChannels } from './channels';
import { DEFAULT_MESSAGE_GUARD } from './message-guard';
import { breaksWhatsappRule } from './messages';
import { smtpChannel } from './smtp-mailer';

type Phones = Awaited<ReturnType<typeof startPhoneProviders>>;
type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

const GROUP = 5_000;
const CAP = 4_000;

/** Group messages reach every kind that gets messages (MESSAGE_KINDS): guests, speakers and VIP awardees, whose records have no public form. */
describe('group messages to guests, speakers and VIP awardees', () => {
  let phones: Phones;
  let smtp: Smtp;
  let t: TestApp;
  let admin: string;
  let eventId: string;
  const speakerIds: string[] = [];
  const awardeeIds: string[] = [];

  const person = (i: number, prefix: string) => ({
    id: uuidv7(),
    fullName: `${prefix} ${i}`,
    mobileNumber: `+91${prefix === 'Guest' ? 96 : prefix === 'Speaker' ? 95 : 94}${String(10_000_000 + i).padStart(8, '0')}`,
    email: `${prefix.toLowerCase()}${i}@example.in`,
    eventId,
    passCode: newPassCode(),
    registrationType: 'admin_registration',
    status: 'confirmed',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  });

  beforeAll(async () => {
    phones = await startPhoneProviders();
    smtp = await startSmtpServer();
    t = await makeTestApp({
      channels: { email: smtpChannel({ SMTP_URL: smtp.url, MAIL_FROM: 'EventPro <passes@expo.test>' }), ...phoneChannels(phoneProviderEnv(phones.url)) },
      messageRoundGapMs: 0,
    });
    admin = await t.login();
    const [featured] = await t.db.select({ id: events.id }).from(events).where(eq(events.isFeatured, true));
    eventId = featured!.id;
    const rows = Array.from({ length: GROUP }, (_, i) => person(i, 'Guest'));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(guests).values(rows.slice(i, i + 500));
    for (let i = 0; i < 3; i++) {
      const speaker = person(i, 'Speaker');
      speakerIds.push(speaker.id);
      await t.db.insert(speakers).values(speaker);
      const awardee = person(i, 'Awardee');
      awardeeIds.push(awardee.id);
      await t.db.insert(vipAwardees).values(awardee);
    }
    const guard = { ...DEFAULT_MESSAGE_GUARD, paidPerHour: CAP, paidPerDay: 20_000 };
    expect((await t.request('PUT', '/api/settings', { token: admin, json: { messageGuard: guard } })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await phones.close();
    await smtp.close();
  });

  it('sends a WhatsApp message to 5,000 guests within the caps: 4,000 this hour, the rest the next', async () => {
    const group = {
      resource: 'guests',
      filter: { eventId, status: 'confirmed' },
      channel: 'whatsapp',
      template: 'event_update',
      variables: ['{name}', 'Dinner at 8'],
    };
    const preview = await t.request('POST', '/api/messages/groups/preview', { token: admin, json: group });
    expect((await preview.json()).data).toMatchObject({ count: GROUP, sending: GROUP, withinCapsNow: CAP, waitingForCaps: GROUP - CAP });

    const before = phones.requests.length;
    const res = await t.request('POST', '/api/messages/groups', { token: admin, json: group });
    expect((await res.json()).data).toMatchObject({ recipients: GROUP, queued: GROUP });
    const started = Date.now();
    await t.messageLoop.idle();
    const sent = () => phones.requests.slice(before).filter((r) => r.path.endsWith('/messages'));
    console.log(`Group of ${GROUP} guests: ${sent().length} WhatsApp sent in ${Date.now() - started} ms`);
    expect(sent()).toHaveLength(CAP);
    const names = new Set<string>();
    for (const request of sent()) {
      const body = request.body as { template: { name: string; components: Array<{ parameters: Array<{ text: string }> }> } };
      expect(body.template.name).toBe('event_update');
      for (const p of body.template.components[0]!.parameters) expect(breaksWhatsappRule(p.text)).toBe(false);
      names.add(body.template.components[0]!.parameters[0]!.text);
    }
    // Each guest once, by their own name.
    expect(names.size).toBe(CAP);
    const waiting = await t.db
      .select({ lastError: notifications.lastError })
      .from(notifications)
      .where(and(eq(notifications.personKind, 'guests'), eq(notifications.template, 'group'), eq(notifications.status, 'queued')));
    expect(waiting).toHaveLength(GROUP - CAP);

    t.clock.advance(3_600_000);
    t.messageLoop.wake();
    await t.messageLoop.idle();
    expect(sent()).toHaveLength(GROUP);
  }, 180_000);

  it('e-mails speakers with an unsubscribe link that works for them, and texts VIP awardees', async () => {
    const mails = smtp.received.length;
    const email = { resource: 'speakers', ids: speakerIds, channel: 'email', subject: 'Your slot, {name}', body: 'Dear {name},\n\nHall A at 11.' };
    expect((await (await t.request('POST', '/api/messages/groups', { token: admin, json: email })).json()).data).toMatchObject({ recipients: 3, queued: 3 });
    await t.messageLoop.idle();
    const received = smtp.received.slice(mails);
    expect(received.map((m) => m.subject).sort()).toEqual(['Your slot, Speaker 0', 'Your slot, Speaker 1', 'Your slot, Speaker 2']);
    const token = /\/unsubscribe\/([A-Za-z0-9_-]{52})/.exec(received[0]!.text ?? '')?.[1];
    // An unsubscribe link opens no pass.
    expect((await t.request('GET', `/api/public/passes/${token}`)).status).toBe(404);
    expect((await t.request('POST', `/api/public/unsubscribe/${token}`)).status).toBe(200);
    await t.request('POST', '/api/messages/groups', { token: admin, json: email });
    await t.messageLoop.idle();
    expect(smtp.received.length - mails).toBe(3 + 2);

    const before = phones.requests.length;
    const sms = { resource: 'awardeesvip', ids: awardeeIds, channel: 'sms', template: MSG91_TEST.templateId, variables: { name: '{name}', hall: 'Hall C' } };
    expect((await t.request('POST', '/api/messages/groups', { token: admin, json: sms })).status).toBe(201);
    await t.messageLoop.idle();
    expect(phones.requests.slice(before).filter((r) => r.path === '/api/v5/flow')).toHaveLength(3);
    const drawer = await t.request('GET', `/api/awardeesvip/${awardeeIds[0]}/messages`, { token: admin });
    expect((await drawer.json()).data.items).toContainEqual(expect.objectContaining({ template: 'group', channel: 'sms', status: 'sent' }));
  });

  it('refuses a kind that gets no messages', async () => {
    const res = await t.request('POST', '/api/messages/groups/preview', {
      token: admin,
      json: { resource: 'enquiries', ids: ['x'], channel: 'whatsapp', template: 'event_update', variables: ['x'] },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.resource).toMatch(/guests/);
  });
});
