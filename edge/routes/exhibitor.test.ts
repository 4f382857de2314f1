import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exhibitorSignInCodes } from '../db/tables/exhibitors';
import { notifications } from '../db/tables/notifications';
import { phoneChannels } from '../notifications/channels';
import { smtpChannel } from '../notifications/smtp-mailer';
import { MSG91_TEST, phoneProviderEnv, startPhoneProviders, startSmtpServer } from '../testing/message-providers';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { CODE_EXPIRED, CODE_ON_ITS_WAY, CODE_WRONG } from './exhibitor';

/**
 * The exhibitor portal's invitation and sign-in through HTTP, the messages through the providers' real
 * protocols (local WhatsApp, MSG91 and SMTP servers): every code a test types is read from the provider's
 * request, as a phone would receive it.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let phones: Awaited<ReturnType<typeof startPhoneProviders>>;
let admin: string;
let eventId: string;
let seq = 0;
const mobile = () => String(9_300_000_000 + ++seq);
const ORIGIN = 'https://expo.example.in';

beforeAll(async () => {
  smtp = await startSmtpServer();
  phones = await startPhoneProviders();
  t = await makeTestApp({
    channels: { email: smtpChannel({ SMTP_URL: smtp.url, MAIL_FROM: 'EventPro <passes@expo.test>' }), ...phoneChannels(phoneProviderEnv(phones.url)) },
    publicOrigin: ORIGIN,
    config: { publicRateLimit: 0 },
    messageRoundGapMs: 0,
  });
  admin = await t.login();
  eventId = (await (await t.request('GET', '/api/events', { token: admin })).json()).data.items[0].id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await phones.close();
});

/** WhatsApp requests to a number (digits without +), of one template, in order. */
const whatsappTo = (number: string, template: string) =>
  phones.requests
    .filter((r) => r.path.endsWith('/messages'))
    .map((r) => r.body as { to: string; template: { name: string; components: Array<{ parameters: Array<{ text: string }> }> } })
    .filter((b) => b.to === `91${number}` && b.template.name === template)
    .map((b) => b.template.components[0]!.parameters.map((p) => p.text));

async function confirmedStall(extra: Record<string, unknown> = {}) {
  const number = mobile();
  const res = await t.request('POST', '/api/stalls', {
    token: admin,
    json: {
      eventId,
      companyName: 'Aparna Constructions',
      contactPersonName: 'Ravi Kumar',
      email: `ravi${seq}@aparna.in`,
      mobileNumber: number,
      status: 'confirmed',
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return { number, id: (await res.json()).data.id as string };
}

/** Asks for a code for `number` and answers the six digits the WhatsApp provider received. */
async function codeFor(number: string, address = '10.0.0.1') {
  const before = whatsappTo(number, 'exhibitor_code').length;
  const res = await t.request('POST', '/api/exhibitor/sign-in/code', { json: { mobileNumber: number }, address });
  expect(res.status).toBe(200);
  expect((await res.json()).message).toBe(CODE_ON_ITS_WAY);
  await t.messageLoop.idle();
  const codes = whatsappTo(number, 'exhibitor_code');
  expect(codes.length).toBe(before + 1);
  // The authentication template's copy-code button carries the same code (the fake provider refuses it otherwise).
  const [sent] = phones.requests.filter((r) => r.path.endsWith('/messages') && (r.body as { to: string }).to === `91${number}`).slice(-1);
  expect((sent!.body as { template: { components: unknown[] } }).template.components[1]).toEqual({
    type: 'button',
    sub_type: 'url',
    index: '0',
    parameters: [{ type: 'text', text: codes.at(-1)![0] }],
  });
  return codes.at(-1)![0]!;
}

const signIn = (number: string, code: string, address = '10.0.0.1') =>
  t.request('POST', '/api/exhibitor/sign-in', { json: { mobileNumber: number, code }, address });

let phones_ = 0;
/** The phone signed in with `token` signs in as a device, as the portal's lead lane does once signed in (decision 088). */
async function signPhoneIn(token: string) {
  const id = `team-phone-${++phones_}`;
  const res = await t.request('POST', '/api/exhibitor/device', {
    token,
    headers: { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36' },
    json: { id, secret: `secret-of-${id}-0123456789abcdef0123456789`, name: '' },
  });
  expect(res.status).toBe(200);
  return id;
}

describe('invitation', () => {
  it('refuses a booking that is not confirmed, with a clear 409, and a staff user with 403', async () => {
    const { id } = await confirmedStall({ status: 'pending' });
    const res = await t.request('POST', '/api/exhibitors', { token: admin, json: { stallId: id } });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/^Only a confirmed stall booking can be invited .* \(this one is pending\)/);
    expect((await t.request('POST', '/api/exhibitors', { token: admin, json: {} })).status).toBe(400);
    expect((await t.request('POST', '/api/exhibitors', { token: admin, json: { stallId: crypto.randomUUID() } })).status).toBe(404);
    const door = await t.createUser('staff');
    const staff = await t.login(door.email, 'staff password 1');
    expect((await t.request('POST', '/api/exhibitors', { token: staff, json: { stallId: id } })).status).toBe(403);
  });

  it('sends the invitation by WhatsApp and to the organiser-entered e-mail, its link from PUBLIC_ORIGIN, never the Host', async () => {
    const { number, id } = await confirmedStall();
    const res = await t.request('POST', '/api/exhibitors', { token: admin, json: { stallId: id }, headers: { Host: 'evil.example' } });
    expect(res.status).toBe(201);
    await t.messageLoop.idle();
    const [params] = whatsappTo(number, 'exhibitor_invite');
    expect(params).toEqual(['Ravi Kumar', 'Aparna Constructions', expect.any(String), `${ORIGIN}/exhibitor/sign-in?m=${number}`]);
    const mail = smtp.received.find((m) => m.subject?.startsWith('Your exhibitor portal for'));
    expect(mail?.text).toContain(`${ORIGIN}/exhibitor/sign-in?m=${number}`);
    expect(mail?.text).not.toContain('evil.example');
    // Asked again: the same exhibitor, the invitation sent again.
    const again = await t.request('POST', '/api/exhibitors', { token: admin, json: { stallId: id } });
    expect(again.status).toBe(200);
    expect((await again.json()).data.id).toBe((await res.json()).data.id);
    const shown = await (await t.request('GET', `/api/exhibitors?stallId=${id}`, { token: admin })).json();
    expect(shown.data.people).toEqual([expect.objectContaining({ role: 'owner', name: 'Ravi Kumar', mobileNumber: `+91${number}` })]);
  });

  it('sends no e-mail to an address typed into the public form and not confirmed (decision 056)', async () => {
    const number = mobile();
    const reg = await t.request('POST', '/api/stalls/register', {
      json: { companyName: 'Public Builders', contactPersonName: 'Meena', mobileNumber: number, email: 'meena@public.in' },
    });
    expect(reg.status).toBe(201);
    const id = (await reg.json()).data.id;
    expect((await t.request('PUT', `/api/stalls/${id}`, { token: admin, json: { status: 'confirmed' } })).status).toBe(200);
    const res = await t.request('POST', '/api/exhibitors', { token: admin, json: { stallId: id } });
    expect(res.status).toBe(201);
    const ownerId = (await res.json()).data.owner.id;
    const rows = await t.db.select().from(notifications).where(eq(notifications.personId, ownerId));
    expect(rows.map((r) => r.channel).sort()).toEqual(['sms', 'whatsapp']);
  });
});

describe('sign-in by one-time code', () => {
  it('signs the invited contact in with the code WhatsApp delivered: once, within 10 minutes, stored only as an HMAC', async () => {
    const { number, id } = await confirmedStall();
    expect((await t.request('POST', '/api/exhibitors', { token: admin, json: { stallId: id } })).status).toBe(201);
    const code = await codeFor(number);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.db
      .select()
      .from(exhibitorSignInCodes)
      .where(eq(exhibitorSignInCodes.mobileNumber, `+91${number}`));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);

    const wrong = await signIn(number, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.code).toBe(CODE_WRONG);
    const good = await signIn(number, code);
    expect(good.status).toBe(200);
    const body = await good.json();
    expect(body.person).toMatchObject({ role: 'owner', name: 'Ravi Kumar' });
    const booking = await t.request('GET', '/api/exhibitor/booking', { token: body.token });
    expect(booking.status).toBe(200);
    expect((await booking.json()).data).toMatchObject({
      kind: 'stall',
      company: 'Aparna Constructions',
      status: 'confirmed',
      paymentStatus: 'unpaid',
      balance: null,
    });
    // Single use.
    expect((await (await signIn(number, code)).json()).message).toBe(CODE_EXPIRED);

    // Ten minutes.
    const later = await codeFor(number);
    t.clock.advance(10 * 60_000 + 1);
    expect((await (await signIn(number, later)).json()).message).toBe(CODE_EXPIRED);
  });

  it('answers an unknown number exactly like a known one and sends it nothing', async () => {
    const number = mobile();
    const before = phones.requests.length;
    const res = await t.request('POST', '/api/exhibitor/sign-in/code', { json: { mobileNumber: number } });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(CODE_ON_ITS_WAY);
    await t.messageLoop.idle();
    expect(phones.requests.length).toBe(before);
    expect((await t.request('POST', '/api/exhibitor/sign-in/code', { json: { mobileNumber: 'abc' } })).status).toBe(400);
    expect((await t.request('POST', '/api/exhibitor/sign-in', { json: { mobileNumber: number, code: '12ab' } })).status).toBe(400);
  });

  it('throttles guesses per number (429 after five, from any address) and codes asked per number', async () => {
    const { number, id } = await confirmedStall();
    expect((await t.request('POST', '/api/exhibitors', { token: admin, json: { stallId: id } })).status).toBe(201);
    const code = await codeFor(number, '10.0.1.1');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(number, code === '999999' ? '999998' : '999999', `10.0.2.${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right code waits now: the number's window is spent.
    expect((await signIn(number, code, '10.0.3.1')).status).toBe(429);

    const asked: number[] = [];
    for (let i = 0; i < 5; i++)
      asked.push((await t.request('POST', '/api/exhibitor/sign-in/code', { json: { mobileNumber: number }, address: `10.0.4.${i}` })).status);
    expect(asked).toEqual([200, 200, 200, 200, 429]);
  });

  it('sends the code by SMS through its own DLT template when WhatsApp fails', async () => {
    const { number, id } = await confirmedStall();
    expect((await t.request('POST', '/api/exhibitors', { token: admin, json: { stallId: id } })).status).toBe(201);
    await t.messageLoop.idle();
    phones.control.failNext = 6;
    phones.control.failStatus = 400;
    await t.request('POST', '/api/exhibitor/sign-in/code', { json: { mobileNumber: number } });
    await t.messageLoop.idle();
    phones.control.failNext = 0;
    phones.control.failStatus = 503;
    await t.messageLoop.idle();
    const sms = phones.requests
      .filter((r) => r.path === '/api/v5/flow')
      .map((r) => r.body as { template_id: string; recipients: Array<Record<string, string>> })
      .filter((b) => b.template_id === MSG91_TEST.codeTemplateId && b.recipients[0]!.mobiles === `91${number}`);
    expect(sms.length).toBe(1);
    const code = sms[0]!.recipients[0]!.code!;
    expect((await signIn(number, code)).status).toBe(200);
  });
});

describe('the team', () => {
  it('lets the owner add a staff phone that signs in with its own code, and removing it ends its session at once', async () => {
    const { number, id } = await confirmedStall();
    expect((await t.request('POST', '/api/exhibitors', { token: admin, json: { stallId: id } })).status).toBe(201);
    const owner = (await (await signIn(number, await codeFor(number))).json()).token as string;
    const staffNumber = mobile();
    const added = await t.request('POST', '/api/exhibitor/staff', { token: owner, json: { name: 'Sita', mobileNumber: staffNumber } });
    expect(added.status).toBe(201);
    const staffId = (await added.json()).data.id;
    expect((await t.request('POST', '/api/exhibitor/staff', { token: owner, json: { name: 'Sita again', mobileNumber: staffNumber } })).status).toBe(409);

    const staff = (await (await signIn(staffNumber, await codeFor(staffNumber))).json()).token as string;
    expect((await t.request('GET', '/api/exhibitor/booking', { token: staff })).status).toBe(200);
    // Staff cannot manage the team.
    expect((await t.request('POST', '/api/exhibitor/staff', { token: staff, json: { name: 'X', mobileNumber: mobile() } })).status).toBe(403);

    // A phone is on the team list once it signed in as a device: its one record.
    expect((await (await t.request('GET', '/api/exhibitor/staff', { token: owner })).json()).data.items[1].devices).toEqual([]);
    await signPhoneIn(owner);
    await signPhoneIn(staff);
    const team = (await (await t.request('GET', '/api/exhibitor/staff', { token: owner })).json()).data.items;
    expect(team).toEqual([
      expect.objectContaining({ role: 'owner', you: true, devices: [expect.objectContaining({ name: 'Android phone' })] }),
      expect.objectContaining({ id: staffId, role: 'staff', name: 'Sita', devices: [expect.objectContaining({ name: 'Android phone' })] }),
    ]);

    const removed = await t.request('DELETE', `/api/exhibitor/staff/${staffId}`, { token: owner });
    expect(removed.status).toBe(200);
    expect((await removed.json()).data.endedSessions).toBe(1);
    expect((await t.request('GET', '/api/exhibitor/booking', { token: staff })).status).toBe(401);
    const ownerRow = team[0].id;
    expect((await t.request('DELETE', `/api/exhibitor/staff/${ownerRow}`, { token: owner })).status).toBe(409);
  });
});
