import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents } from '../db/tables/consents';
import { exhibitorStaff } from '../db/tables/exhibitors';
import { events } from '../db/tables/events';
import { visitors } from '../db/tables/people';
import { CONSENT_NOTICES } from '../../shared/consent';
import { formatMobile } from '../../shared/schemas/mobile-number';
import { newPassCode } from '../lib/pass-code';
import { uuidv7 } from '../lib/uuid-v7';
import { startExhibitorSession } from '../auth/require-exhibitor';
import { doorDeviceKey, type DoorDeviceKey } from '../testing/door-device-key';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { NOT_SHARED } from './exhibitor-leads';

/**
 * Lead capture at the stall (issue 32): exhibitor phones send scans, ratings, notes and follow-ups on the
 * door's operation model; the leads list joins each visitor's current consent at read time.
 */
let t: TestApp;
let admin: string;
let eventId: string;
let otherEventId: string;
let stallId: string;
let otherStallId: string;
let stall: (companyName: string, mobile: string) => Promise<string>;

beforeAll(async () => {
  t = await makeTestApp({ config: { publicRateLimit: 0 } });
  admin = await t.login();
  const [featured] = await t.db.select({ id: events.id }).from(events).where(eq(events.isFeatured, true));
  eventId = featured!.id;
  const other = await t.request('POST', '/api/events', {
    token: admin,
    json: {
      eventName: 'Another expo',
      state: 'Maharashtra',
      city: 'Pune',
      eventTypes: ['Conference'],
      startDateTime: '2026-12-01T04:30:00.000Z',
      endDateTime: '2026-12-01T12:30:00.000Z',
    },
  });
  otherEventId = (await other.json()).data.id;
  stall = async (companyName: string, mobile: string) => {
    const res = await t.request('POST', '/api/stalls', {
      token: admin,
      json: { eventId, companyName, contactPersonName: 'Ravi', email: 'r@x.in', mobileNumber: mobile },
    });
    return (await res.json()).data.id as string;
  };
  stallId = await stall('Aparna Constructions', '9876500001');
  otherStallId = await stall('My Home Group', '9876500002');
}, 60_000);
afterAll(() => t.close());

let seq = 0;
/** Visitors straight in the database (`count` of them) of `event`, with their pass codes. */
async function addVisitors(count: number, event = eventId) {
  const at = new Date().toISOString();
  const rows = Array.from({ length: count }, () => {
    const n = ++seq;
    return {
      id: uuidv7(),
      fullName: `Visitor ${n}`,
      mobileNumber: `+9197${String(10_000_000 + n).padStart(8, '0')}`,
      eventId: event,
      passCode: newPassCode(),
      status: 'registered_online',
      registrationType: 'visitor_registration',
      createdAt: at,
      updatedAt: at,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(visitors).values(rows.slice(i, i + 500));
  return rows;
}

/** A visitor's `exhibitors` consent, given or withdrawn: one row per act, as the public form and pass link record it. */
async function consent(visitorIds: string[], given: boolean, at = t.clock.now()) {
  const rows = visitorIds.map((personId) => ({
    id: uuidv7(),
    personKind: 'visitors',
    personId,
    purpose: 'exhibitors',
    textVersion: CONSENT_NOTICES.exhibitors.version,
    given,
    at: at.toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(consents).values(rows.slice(i, i + 500));
}

/** An exhibitor's phone as the PWA runs one: signed in with its own secret and key for the portal token's person. */
async function phone(token: string, name: string) {
  const id = `phone-${++seq}`;
  const res = await t.request('POST', '/api/exhibitor/device', {
    token,
    json: { id, secret: `secret-of-${id}-0123456789abcdef0123456789`, name },
  });
  const signIn = (await res.json()) as any;
  expect(res.status, JSON.stringify(signIn)).toBe(200);
  const key = await doorDeviceKey(signIn.data.macKey);
  const clock = () => t.clock.now().toISOString();
  return {
    id,
    key,
    author: signIn.data.ticket as string,
    scan: (passCode: string) => ({ id: uuidv7(), kind: 'scan', passCode, deviceTime: clock() }),
    change: (kind: string, leadId: string, base: string | null, fields: Record<string, unknown>) => ({
      id: uuidv7(),
      kind,
      leadId,
      baseOperationId: base,
      deviceTime: clock(),
      ...fields,
    }),
    async send(operations: unknown[], sender = token, author?: string) {
      const json = { deviceId: id, deviceName: name, author: author ?? this.author, sentAt: clock(), operations };
      return signed(key, '/api/exhibitor/ops', json, sender);
    },
  };
}

async function signed(key: DoorDeviceKey, path: string, json: unknown, token: string) {
  const { body, headers } = await key.sign(json, t.clock.now().getTime());
  const res = await t.request('POST', path, { body, headers, token });
  return { status: res.status, body: (await res.json()) as any };
}

const list = async (token: string, query = 'limit=500') => {
  const res = await t.request('GET', `/api/exhibitor/leads?${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()).data;
};

describe('lead capture', () => {
  it('makes one lead per visitor whoever scans it, names only consented visitors, and follows a withdrawal', async () => {
    const owner = await t.exhibitorSession({ eventId, stallId }, '+919000000011');
    const people = await addVisitors(20);
    await consent(
      people.slice(0, 10).map((p) => p.id),
      true,
    );
    const a = await phone(owner.token, 'Stall phone A');
    // A second staff member of the stall on a phone of their own.
    const staffId = uuidv7();
    const at = t.clock.now().toISOString();
    await t.db
      .insert(exhibitorStaff)
      .values({ id: staffId, exhibitorId: owner.exhibitorId, role: 'staff', name: 'Sita', mobileNumber: '+919000000012', createdAt: at, updatedAt: at });
    const { startExhibitorSession } = await import('../auth/require-exhibitor');
    const second = await startExhibitorSession(t.db, staffId, { secret: t.deps.secrets.jwtSecret, now: t.clock.now(), ttlSeconds: 3600 });
    const b = await phone(second.token, 'Stall phone B');

    // 20 scans queued on phone A, one of them twice; phone B scans a pass A scanned too.
    const scans = people.map((p) => a.scan(p.passCode));
    const again = a.scan(people[3]!.passCode.toLowerCase());
    const sent = await a.send([...scans, again]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.results.filter((r: any) => r.result === 'applied')).toHaveLength(20);
    expect(sent.body.data.results.at(-1)).toMatchObject({ result: 'merged', leadId: scans[3]!.id });
    const fromB = b.scan(people[5]!.passCode);
    expect((await b.send([fromB], second.token)).body.data.results[0]).toMatchObject({ result: 'merged', leadId: scans[5]!.id });
    // A batch sent again (its answer lost) applies nothing twice.
    const resent = await a.send([scans[0]]);
    expect(resent.body.data.results[0]).toMatchObject({ result: 'duplicate', firstResult: 'applied', leadId: scans[0]!.id });

    for (const token of [owner.token, second.token]) {
      const data = await list(token);
      expect(data.total).toBe(20);
      const named = data.items.filter((l: any) => l.shared);
      expect(named).toHaveLength(10);
      expect(named.every((l: any) => l.name.startsWith('Visitor ') && l.mobileNumber.startsWith('+91 '))).toBe(true);
      const hidden = data.items.filter((l: any) => !l.shared);
      expect(hidden.every((l: any) => l.name === NOT_SHARED && l.mobileNumber === null)).toBe(true);
      // The pass code never comes back.
      expect(JSON.stringify(data)).not.toContain(people[0]!.passCode);
    }

    // Phone B rates and notes the lead it knows by its own scan's id; phone A, not having seen that, rates it cold.
    const ratedB = b.change('rate', fromB.id, null, { rating: 'hot' });
    const noteB = b.change('note', fromB.id, null, { note: 'Wants a 3 BHK' });
    expect((await b.send([ratedB, noteB], second.token)).body.data.results.map((r: any) => r.result)).toEqual(['applied', 'applied']);
    const ratedA = a.change('rate', scans[5]!.id, null, { rating: 'cold' });
    const noteA = a.change('note', scans[5]!.id, null, { note: 'Call after Diwali' });
    expect((await a.send([ratedA, noteA])).body.data.results.map((r: any) => r.result)).toEqual(['superseded', 'merged']);
    let lead = (await list(owner.token)).items.find((l: any) => l.id === scans[5]!.id);
    expect(lead).toMatchObject({ rating: 'hot', note: 'Wants a 3 BHK\nCall after Diwali' });
    // Causally later (its base is the current rating's operation): applies, whatever it says.
    const cooled = a.change('rate', scans[5]!.id, lead.bases.rating, { rating: 'warm' });
    expect((await a.send([cooled])).body.data.results[0].result).toBe('applied');

    // Follow-up questions of the exhibitor's own; a tick of an unknown question is refused.
    const saved = await t.request('PUT', '/api/exhibitor/questions', {
      token: owner.token,
      json: { questions: [{ label: 'Site visit' }, { label: 'Send brochure' }] },
    });
    const questions = (await saved.json()).data.items;
    const ticks = a.change('follow_up', scans[5]!.id, null, { followUps: [questions[0].id] });
    const unknown = a.change('follow_up', scans[5]!.id, null, { followUps: ['not-a-question'] });
    const answered = (await a.send([ticks, unknown])).body.data.results;
    expect(answered[0].result).toBe('applied');
    expect(answered[1]).toMatchObject({ result: 'rejected', reason: 'A ticked follow-up is not one of your questions' });
    lead = (await list(owner.token)).items.find((l: any) => l.id === scans[5]!.id);
    expect(lead).toMatchObject({ rating: 'warm', followUps: [questions[0].id] });

    // Exports: the same rows; then a visitor withdraws, and their details leave the list and the next export.
    const exportCsv = async () => (await t.request('GET', '/api/exhibitor/leads/export.csv', { token: owner.token })).text();
    const before = await exportCsv();
    expect(before.split('\r\n').filter(Boolean)).toHaveLength(21);
    expect(before).toContain('Site visit');
    expect(before).toContain('+91 97');
    const leaving = people[0]!;
    t.clock.advance(60_000);
    await consent([leaving.id], false);
    const after = await exportCsv();
    expect(after).not.toContain(`${leaving.fullName},`);
    expect(after).not.toContain(formatMobile(leaving.mobileNumber));
    expect(before).toContain(formatMobile(leaving.mobileNumber));
    const gone = (await list(owner.token)).items.find((l: any) => l.id === scans[0]!.id);
    expect(gone).toMatchObject({ shared: false, name: NOT_SHARED, mobileNumber: null });

    // The organiser's report: the stall's leads and consent rate now, per day and hour, beside its payment status.
    const report = (await (await t.request('GET', `/api/reports?eventId=${eventId}`, { token: admin })).json()).data;
    const row = report.exhibitorLeads.find((r: any) => r.exhibitorId === owner.exhibitorId);
    expect(row).toMatchObject({ name: 'Aparna Constructions', booking: 'stall', paymentStatus: 'unpaid', leads: 20, shared: 9, consentRate: 0.45 });
    expect(row.perDay.reduce((n: number, d: any) => n + d.leads, 0)).toBe(20);
    expect(row.perHour.reduce((n: number, h: any) => n + h.leads, 0)).toBe(20);
    expect((await t.request('GET', `/api/reports?eventId=${eventId}`, { token: owner.token })).status).toBe(401);
  });

  it('refuses unknown passes, passes of another event, and authors of another exhibitor', async () => {
    const mine = await t.exhibitorSession({ eventId, stallId: await stall('Rajapushpa Properties', '9876500003') }, '+919000000021');
    const theirs = await t.exhibitorSession({ eventId, stallId: otherStallId }, '+919000000022');
    const elsewhere = (await addVisitors(1, otherEventId))[0]!;
    const p = await phone(mine.token, 'Phone');
    const answer = await p.send([p.scan(newPassCode()), p.scan(elsewhere.passCode)]);
    expect(answer.body.data.results.map((r: any) => r.reason)).toEqual([
      'This pass is not a visitor pass of this event',
      'This pass is not a visitor pass of this event',
    ]);
    // Their phone's ticket sent with my session: refused; my phone's lead ids are 404 to them.
    const q = await phone(theirs.token, 'Their phone');
    expect((await p.send([p.scan(newPassCode())], mine.token, q.author)).status).toBe(400);
    const visitor = (await addVisitors(1))[0]!;
    const scan = p.scan(visitor.passCode);
    await p.send([scan]);
    const cross = await q.send([q.change('rate', scan.id, null, { rating: 'hot' })], theirs.token);
    expect(cross.body.data.results[0]).toMatchObject({ result: 'rejected', reason: 'Lead not found' });
    const ask = await t.request('POST', `/api/exhibitor/leads/${scan.id}/message-requests`, { token: theirs.token, json: { message: 'Hello' } });
    expect(ask.status).toBe(404);
    expect((await list(theirs.token)).total).toBe(0);
    // A bad body is a 400 with the reason, never a 500.
    const bad = await p.send([{ id: uuidv7(), kind: 'scan', deviceTime: t.clock.now().toISOString() }]);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('A scan carries the scanned passCode');
  });

  it("shows each lead's answers to the event's questions in their words, shared or not, and exports them", async () => {
    const admin = await t.login();
    const registrationQuestions = [
      {
        id: 'looking-for',
        label: 'Looking for',
        kind: 'multi',
        required: false,
        choices: [
          { id: 'villa', label: 'Villa' },
          { id: 'plot', label: 'Plot' },
        ],
      },
      {
        id: 'budget',
        label: 'Budget',
        kind: 'single',
        required: false,
        choices: [
          { id: 'under-1cr', label: 'Under ₹1 crore' },
          { id: 'over-1cr', label: '₹1 crore or more' },
        ],
      },
    ];
    expect((await t.request('PUT', `/api/events/${eventId}`, { token: admin, json: { registrationQuestions } })).status).toBe(200);
    const mine = await t.exhibitorSession({ eventId, stallId: await stall('Vasavi Group', '9876500006') }, '+919000000026');
    const [sharing, keeping] = await addVisitors(2);
    const answered: Array<[typeof sharing, Record<string, string[]>]> = [
      [sharing!, { 'looking-for': ['villa', 'plot'], budget: ['under-1cr'] }],
      [keeping!, { 'looking-for': ['plot'] }],
    ];
    for (const [visitor, answers] of answered) {
      await t.db.update(visitors).set({ answers }).where(eq(visitors.id, visitor!.id));
    }
    await consent([sharing!.id], true);
    const p = await phone(mine.token, 'Phone');
    await p.send([p.scan(sharing!.passCode), p.scan(keeping!.passCode)]);
    const items = (await list(mine.token)).items as any[];
    expect(items.find((l) => l.shared).answers).toEqual([
      { question: 'Looking for', answer: 'Villa, Plot' },
      { question: 'Budget', answer: 'Under ₹1 crore' },
    ]);
    expect(items.find((l) => !l.shared)).toMatchObject({ name: NOT_SHARED, mobileNumber: null, answers: [{ question: 'Looking for', answer: 'Plot' }] });
    const csv = await (await t.request('GET', '/api/exhibitor/leads/export.csv', { token: mine.token })).text();
    const [header, ...rows] = csv.split('\r\n').filter(Boolean);
    expect(header).toContain('Looking for,Budget');
    expect(rows.find((row) => row.includes(NOT_SHARED))).toContain(',Plot,');
    expect((await t.request('PUT', `/api/events/${eventId}`, { token: admin, json: { registrationQuestions: [] } })).status).toBe(200);
  });

  it('passes a message on to a visitor who has not shared their details, through the organiser', async () => {
    const ex = await t.exhibitorSession({ eventId, stallId: await stall('Aparna Sarovar', '9876500004') }, '+919000000031');
    const visitor = (await addVisitors(1))[0]!;
    const p = await phone(ex.token, 'Phone');
    const scan = p.scan(visitor.passCode);
    await p.send([scan]);
    const ask = await t.request('POST', `/api/exhibitor/leads/${scan.id}/message-requests`, {
      token: ex.token,
      json: { message: 'Our show flat is open on Sunday' },
    });
    expect(ask.status).toBe(201);
    const waiting = (await (await t.request('GET', `/api/lead-messages?eventId=${eventId}`, { token: admin })).json()).data.items;
    const request = waiting.find((r: any) => r.leadId === scan.id);
    expect(request).toMatchObject({ message: 'Our show flat is open on Sunday', exhibitor: 'Aparna Sarovar' });
    // A portal token opens no organiser route.
    expect((await t.request('GET', '/api/lead-messages', { token: ex.token })).status).toBe(401);
    const sent = await t.request('POST', `/api/lead-messages/${request.id}/send`, {
      token: admin,
      json: { channel: 'email', subject: 'A message from Aparna Constructions', body: 'Our show flat is open on Sunday' },
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect((await sent.json()).data.state).toBe('sent');
    const again = await t.request('POST', `/api/lead-messages/${request.id}/send`, { token: admin, json: { channel: 'email', subject: 'x', body: 'y' } });
    expect(again.status).toBe(409);
    const lead = (await list(ex.token)).items.find((l: any) => l.id === scan.id);
    expect(lead.messageRequest).toBe('sent');
  });

  it('takes 10,000 scans in batches of 500 and lists and exports 10,000 leads', async () => {
    const ex = await t.exhibitorSession({ eventId, stallId: await stall('Prestige Estates', '9876500005') }, '+919000000041');
    const people = await addVisitors(10_000);
    await consent(
      people.filter((_, i) => i % 2 === 0).map((p) => p.id),
      true,
    );
    const p = await phone(ex.token, 'Busy stall');
    const t0 = performance.now();
    for (let i = 0; i < people.length; i += 500) {
      const answer = await p.send(people.slice(i, i + 500).map((v) => p.scan(v.passCode)));
      expect(answer.status).toBe(200);
      expect(answer.body.data.results.every((r: any) => r.result === 'applied')).toBe(true);
    }
    const scanMs = performance.now() - t0;

    const t1 = performance.now();
    const page = await list(ex.token, 'limit=500&page=3');
    const listMs = performance.now() - t1;
    expect(page.total).toBe(10_000);
    expect(page.items).toHaveLength(500);
    const t2 = performance.now();
    const csv = await (await t.request('GET', '/api/exhibitor/leads/export.csv', { token: ex.token })).text();
    const exportMs = performance.now() - t2;
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(10_001);
    expect(lines.filter((l) => l.includes(NOT_SHARED))).toHaveLength(5_000);
    console.info(`10,000 scans: ${Math.round(scanMs)} ms; a page of 500: ${Math.round(listMs)} ms; export of 10,000: ${Math.round(exportMs)} ms`);
    expect(listMs).toBeLessThan(2_000);
    expect(exportMs).toBeLessThan(5_000);
  }, 180_000);
});

describe('exhibitor phones are devices (decision 088)', () => {
  /** A staff person of `exhibitorId` signed in on a phone of their own (as the sign-in by code ends). */
  async function staffSession(exhibitorId: string, mobileNumber: string) {
    const at = t.clock.now().toISOString();
    const staffId = uuidv7();
    await t.db.insert(exhibitorStaff).values({ id: staffId, exhibitorId, role: 'staff', name: 'Counter staff', mobileNumber, createdAt: at, updatedAt: at });
    const { token } = await startExhibitorSession(t.db, staffId, { secret: t.deps.secrets.jwtSecret, now: t.clock.now(), ttlSeconds: 3600 });
    return { staffId, token };
  }
  const team = async (token: string) => {
    const res = await t.request('GET', '/api/exhibitor/staff', { token });
    expect(res.status).toBe(200);
    return (await res.json()).data.items as Array<{ id: string; devices: Array<{ id: string; name: string; thisPhone: boolean }> }>;
  };

  it('lists each phone once, from its device record, named by its platform when nobody named it', async () => {
    const owner = await t.exhibitorSession({ eventId, stallId: await stall('Vasavi Homes', '9876500011') }, '+919000000031');
    const res = await t.request('POST', '/api/exhibitor/device', {
      token: owner.token,
      headers: { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36' },
      json: { id: 'phone-unnamed', secret: 'secret-of-phone-unnamed-0123456789abcdef', name: '' },
    });
    expect(res.status).toBe(200);
    const [me] = await team(owner.token);
    expect(me!.devices).toEqual([{ id: 'phone-unnamed', name: 'Android phone', signedInAt: expect.any(String), thisPhone: true }]);
  });

  it("lets the owner revoke a staff phone: its every request and lead batch answers 403 'revoked', the organiser sees whose it was", async () => {
    const booking = await stall('Ramky Estates', '9876500012');
    const owner = await t.exhibitorSession({ eventId, stallId: booking }, '+919000000032');
    const staff = await staffSession(owner.exhibitorId, '+919000000033');
    const counter = await phone(staff.token, 'Counter phone');
    const [visitor] = await addVisitors(2);
    expect((await counter.send([counter.scan(visitor!.passCode)])).body.data.results[0].result).toBe('applied');
    const staffPerson = (await team(owner.token)).find((p) => p.id === staff.staffId)!;
    expect(staffPerson.devices.map((d) => d.id)).toEqual([counter.id]);

    // Only the owner, and only the exhibitor's own phones.
    const other = await t.exhibitorSession({ eventId, stallId: await stall('Aliens Space Station', '9876500014') }, '+919000000034');
    expect((await t.request('POST', `/api/exhibitor/devices/${counter.id}/revoke`, { token: other.token })).status).toBe(404);
    expect((await t.request('POST', `/api/exhibitor/devices/${counter.id}/revoke`, { token: staff.token })).status).toBe(403);
    const revoke = await t.request('POST', `/api/exhibitor/devices/${counter.id}/revoke`, { token: owner.token });
    expect(revoke.status).toBe(200);

    for (const res of [
      await t.request('GET', '/api/exhibitor/leads', { token: staff.token }),
      await t.request('GET', '/api/exhibitor/me', { token: staff.token }),
    ]) {
      expect(res.status).toBe(403);
      expect((await res.json()).errors).toEqual({ device: 'revoked' });
    }
    // Its key still signs, from any session of the exhibitor: the batch is refused whole.
    const batch = await counter.send([counter.scan(visitor!.passCode)], owner.token);
    expect(batch.status).toBe(403);
    expect(batch.body.errors).toEqual({ device: 'revoked' });
    expect(await list(owner.token, 'limit=5')).toMatchObject({ leads: 1 });
    expect((await team(owner.token)).find((p) => p.id === staff.staffId)!.devices).toEqual([]);

    const devices = (await (await t.request('GET', '/api/checkin/devices', { token: admin })).json()).data.items;
    expect(devices.find((d: any) => d.deviceId === counter.id)).toMatchObject({
      exhibitor: { name: 'Ramky Estates', stallNumber: '' },
      revokedBy: 'Test exhibitor',
      revokedAt: expect.any(String),
    });
    expect(devices.filter((d: any) => d.exhibitorId === null).every((d: any) => d.exhibitor === null)).toBe(true);
  });

  it("lets the organiser revoke an exhibitor's phone from the Devices screen, with the same effect", async () => {
    const owner = await t.exhibitorSession({ eventId, stallId: await stall('Honer Homes', '9876500013') }, '+919000000035');
    const own = await phone(owner.token, 'Owner phone');
    expect((await t.request('POST', `/api/checkin/devices/${own.id}/revoke`, { token: admin })).status).toBe(200);
    const res = await t.request('GET', '/api/exhibitor/leads', { token: owner.token });
    expect(res.status).toBe(403);
    expect((await res.json()).errors).toEqual({ device: 'revoked' });
    // Signed in again (a new session) on a new phone, the person works again; the revoked phone stays revoked.
    const again = await startExhibitorSession(t.db, owner.staffId, { secret: t.deps.secrets.jwtSecret, now: t.clock.now(), ttlSeconds: 3600 });
    expect((await t.request('GET', '/api/exhibitor/leads', { token: again.token })).status).toBe(200);
    const [visitor] = await addVisitors(1);
    expect((await own.send([own.scan(visitor!.passCode)], again.token)).status).toBe(403);
  });
});
