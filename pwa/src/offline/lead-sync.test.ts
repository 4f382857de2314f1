// An exhibitor phone's lead lane (issue 32) against the real API on fake-indexeddb: the door's outbox and
// sync engine, sending lead operations to /api/exhibitor. "Offline" is the network failing as in a browser.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consents } from '@edge/db/tables/consents';
import { events } from '@edge/db/tables/events';
import { visitors } from '@edge/db/tables/people';
import { newPassCode } from '@edge/lib/pass-code';
import { uuidv7 } from '@edge/lib/uuid-v7';
import { makeTestApp, type TestApp } from '@edge/testing/test-app';
import { CONSENT_NOTICES } from '@shared/consent';
import { outboxSummary, queueLeadOperation } from './checkin-outbox';
import { database } from './db';
import { forgetDeviceRecord } from './device-record';
import { CheckinSync } from './sync-engine';

let t: TestApp;
let admin: string;
let eventId: string;
let stallId: string;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.login();
  const [featured] = await t.db.select({ id: events.id }).from(events).where(eq(events.isFeatured, true));
  eventId = featured!.id;
  const stall = await t.request('POST', '/api/stalls', {
    token: admin,
    json: { eventId, companyName: 'Aparna Constructions', contactPersonName: 'Ravi', email: 'r@x.in', mobileNumber: '9876500001' },
  });
  stallId = (await stall.json()).data.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  const db = database();
  await Promise.all(db.tables.map((table) => table.clear()));
  // A new phone for each test: a phone signed in for one exhibitor is refused by another.
  forgetDeviceRecord();
});

let n = 0;
async function addVisitors(count: number) {
  const at = new Date().toISOString();
  const rows = Array.from({ length: count }, () => ({
    id: uuidv7(),
    fullName: `Lead Visitor ${++n}`,
    mobileNumber: `+9196${String(10_000_000 + n).padStart(8, '0')}`,
    eventId,
    passCode: newPassCode(),
    status: 'registered_online',
    registrationType: 'visitor_registration',
    createdAt: at,
    updatedAt: at,
  }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(visitors).values(rows.slice(i, i + 500));
  return rows;
}

function phone(token: string) {
  const net = { offline: false };
  const engine = new CheckinSync({
    network: {
      baseUrl: 'http://stall.test',
      fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
        if (net.offline) throw new TypeError('Failed to fetch');
        const url = new URL(input instanceof Request ? input.url : input, 'http://stall.test');
        const { signal: _signal, ...rest } = init;
        return t.app.request(url.pathname + url.search, rest);
      },
    },
    token: () => token,
    now: t.clock.now,
    online: () => !net.offline,
    lane: 'leads',
  });
  return { net, engine };
}

const leadsOf = async (token: string) => (await (await t.request('GET', '/api/exhibitor/leads?limit=500', { token })).json()).data;

describe("an exhibitor phone's lead lane", () => {
  it('queues 20 scans offline, delivers them on reconnect, and a second staff phone sees the same 20', async () => {
    const owner = await t.exhibitorSession({ eventId, stallId }, '+919000000101');
    const people = await addVisitors(20);
    const at = t.clock.now().toISOString();
    await t.db.insert(consents).values(
      people.slice(0, 10).map((p) => ({
        id: uuidv7(),
        personKind: 'visitors',
        personId: p.id,
        purpose: 'exhibitors',
        textVersion: CONSENT_NOTICES.exhibitors.version,
        given: true,
        at,
      })),
    );
    const { net, engine } = phone(owner.token);
    await engine.signInDevice();
    net.offline = true;
    const actor = { userId: owner.staffId, name: 'Owner' };
    for (const p of people) await queueLeadOperation(eventId, { kind: 'scan', passCode: p.passCode }, actor, t.clock.now());
    await queueLeadOperation(eventId, { kind: 'scan', passCode: people[0]!.passCode }, actor, t.clock.now());
    await engine.syncNow();
    expect((await outboxSummary('leads')).waiting).toBe(21);
    // The door's engine on the same device leaves lead operations alone.
    expect((await outboxSummary('door')).waiting).toBe(0);

    net.offline = false;
    await engine.syncNow();
    expect((await outboxSummary('leads')).waiting).toBe(0);
    const seen = await leadsOf(owner.token);
    expect(seen.total).toBe(20);
    expect(seen.items.filter((l: any) => l.shared && l.mobileNumber)).toHaveLength(10);
    await engine.stop();
  });

  it('delivers 1,000 queued scans after a reconnect within 5 s', async () => {
    const stall = await t.request('POST', '/api/stalls', {
      token: admin,
      json: { eventId, companyName: 'Big Stall', contactPersonName: 'B', email: 'b@x.in', mobileNumber: '9876500009' },
    });
    const owner = await t.exhibitorSession({ eventId, stallId: (await stall.json()).data.id }, '+919000000102');
    const people = await addVisitors(1000);
    const { net, engine } = phone(owner.token);
    await engine.signInDevice();
    net.offline = true;
    const actor = { userId: owner.staffId, name: 'Owner' };
    for (const p of people) await queueLeadOperation(eventId, { kind: 'scan', passCode: p.passCode }, actor, t.clock.now());
    net.offline = false;
    const t0 = performance.now();
    await engine.syncNow();
    const ms = performance.now() - t0;
    console.info(`1,000 queued scans delivered in ${Math.round(ms)} ms`);
    expect((await outboxSummary('leads')).waiting).toBe(0);
    expect((await leadsOf(owner.token)).total).toBe(1000);
    expect(ms).toBeLessThan(5000);
    await engine.stop();
  }, 60_000);
});
