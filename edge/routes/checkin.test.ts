import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let staff: string;
let admin: string;
let eventId: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.login();
  const account = await t.createUser('staff');
  staff = await t.login(account.email, account.password);
  eventId = (await (await t.request('GET', '/api/events', { token: admin })).json()).data.items[0].id;
});
afterAll(() => t.close());

const post = async (path: string, body: unknown, token = staff) => {
  const res = await t.request('POST', path, { json: body, token });
  return { status: res.status, body: await res.json() };
};
const roster = async (since = 0, limit = 1000) =>
  (await (await t.request('GET', `/api/checkin/roster?eventId=${eventId}&since=${since}&limit=${limit}`, { token: staff })).json()).data;

let seq = 0;
/** A UUID v7-shaped id whose order follows creation order, as devices make them. */
const opId = () => `0190a000-0000-7000-8000-${String(++seq).padStart(12, '0')}`;
const addVisitor = async (name: string) =>
  (await post('/api/visitors', { fullName: name, mobileNumber: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }, admin)).body.data;

describe('GET /api/checkin/roster', () => {
  it('pages every kind of person in version order with a resumable cursor, then answers only what changed', async () => {
    await addVisitor('Roster Visitor');
    await post('/api/guests', { fullName: 'Roster Guest', mobileNumber: '9000011111' }, admin);
    await post('/api/stalls', { contactPersonName: 'Stall Contact', companyName: 'Acme Homes', email: 'a@acme.in', mobileNumber: '9000022222' }, admin);
    const first = await roster(0, 2);
    expect(first.items).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const rest = await roster(first.cursor, 100);
    const all = [...first.items, ...rest.items];
    expect(all.map((p: { kind: string }) => p.kind).sort()).toEqual(['guests', 'stalls', 'visitors']);
    expect(all.find((p: { kind: string }) => p.kind === 'stalls')).toMatchObject({ name: 'Stall Contact', organisation: 'Acme Homes', status: '' });
    const versions = all.map((p: { version: number }) => p.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));

    expect((await roster(rest.cursor)).items).toEqual([]);
    const visitor = all.find((p: { kind: string }) => p.kind === 'visitors');
    await t.request('PUT', `/api/visitors/${visitor.id}`, { json: { organizationName: 'Changed Ltd' }, token: admin });
    const delta = await roster(rest.cursor);
    expect(delta.items).toHaveLength(1);
    expect(delta.items[0]).toMatchObject({ id: visitor.id, organisation: 'Changed Ltd' });

    await t.request('DELETE', `/api/visitors/${visitor.id}`, { token: admin });
    const removed = await roster(delta.cursor);
    expect(removed.items).toEqual([expect.objectContaining({ id: visitor.id, kind: 'visitors', deleted: 1 })]);
  });
});

describe('POST /api/checkin/ops', () => {
  it('applies each operation once: a resent batch answers duplicate and changes nothing', async () => {
    const visitor = await addVisitor('Once Only');
    const op = { id: opId(), deviceId: 'tablet-1', kind: 'visitors', recordId: visitor.id, fromStatus: 'registered_online', toStatus: 'checked_in', deviceTime: '2026-03-02T05:00:00.000Z' };
    const first = await post('/api/checkin/ops', { operations: [op] });
    expect(first.body.data.results[0]).toMatchObject({ result: 'applied', person: { status: 'checked_in', statusDeviceId: 'tablet-1', statusChangedBy: 'Test staff' } });
    const again = await post('/api/checkin/ops', { operations: [op, op] });
    expect(again.body.data.results.map((r: { result: string }) => r.result)).toEqual(['duplicate', 'duplicate']);
    const history = (await (await t.request('GET', `/api/visitors/${visitor.id}/history`, { token: admin })).json()).data;
    expect(history).toHaveLength(1);
  });

  it('the later device time wins whatever order batches arrive in; both stay in the log; the late-comer is flagged as a conflict', async () => {
    const outcomes: string[] = [];
    for (const order of [[0, 1], [1, 0]]) {
      const visitor = await addVisitor(`Race ${order.join('')}`);
      const ops = [
        { id: opId(), deviceId: 'tablet-A', kind: 'visitors', recordId: visitor.id, fromStatus: 'registered_online', toStatus: 'checked_in', deviceTime: '2026-03-02T05:00:00.000Z' },
        { id: opId(), deviceId: 'tablet-B', kind: 'visitors', recordId: visitor.id, fromStatus: 'registered_online', toStatus: 'not_visited', deviceTime: '2026-03-02T05:00:05.000Z' },
      ];
      for (const i of order) await post('/api/checkin/ops', { operations: [ops[i]] });
      const final = (await (await t.request('GET', `/api/visitors/${visitor.id}`, { token: admin })).json()).data;
      outcomes.push(final.status);
      const history = (await (await t.request('GET', `/api/visitors/${visitor.id}/history`, { token: admin })).json()).data;
      expect(history).toHaveLength(2);
      expect(history.map((h: { outcome: string }) => h.outcome).sort()).toEqual(order[0] === 0 ? ['applied', 'applied'] : ['applied', 'superseded']);
    }
    expect(outcomes).toEqual(['not_visited', 'not_visited']);

    const conflicts = (await (await t.request('GET', `/api/checkin/conflicts?eventId=${eventId}`, { token: admin })).json()).data.items;
    expect(conflicts.length).toBe(2);
    expect(conflicts[0]).toMatchObject({ deviceId: expect.stringMatching(/tablet-/), otherDeviceId: expect.stringMatching(/tablet-/) });
    expect((await t.request('GET', '/api/checkin/conflicts', { token: staff })).status).toBe(403);
  });

  it('a panel status change takes part in the ordering; stall contacts keep their door status apart from the booking', async () => {
    const visitor = await addVisitor('Panel Then Door');
    t.clock.advance(60_000);
    await t.request('PUT', `/api/visitors/${visitor.id}/status`, { json: { status: 'cancelled' }, token: admin });
    const stale = { id: opId(), deviceId: 'tablet-C', kind: 'visitors', recordId: visitor.id, fromStatus: 'registered_online', toStatus: 'checked_in', deviceTime: new Date(t.clock.now().getTime() - 30_000).toISOString() };
    expect((await post('/api/checkin/ops', { operations: [stale] })).body.data.results[0]).toMatchObject({ result: 'superseded', person: { status: 'cancelled', statusDeviceId: 'panel' } });

    const stall = (await post('/api/stalls', { contactPersonName: 'Door Contact', email: 'd@x.in', mobileNumber: '9000033333' }, admin)).body.data;
    const op = { id: opId(), deviceId: 'tablet-C', kind: 'stalls', recordId: stall.id, fromStatus: '', toStatus: 'checked_in', deviceTime: t.clock.now().toISOString() };
    expect((await post('/api/checkin/ops', { operations: [op] })).body.data.results[0].result).toBe('applied');
    const booking = (await (await t.request('GET', `/api/stalls/${stall.id}`, { token: admin })).json()).data;
    expect(booking).toMatchObject({ status: 'pending', attendanceStatus: 'checked_in' });
  });

  it('rejects per operation what it cannot apply, and refuses a malformed batch whole', async () => {
    const visitor = await addVisitor('Rejects');
    const results = (await post('/api/checkin/ops', {
      operations: [
        { id: opId(), deviceId: 'd', kind: 'visitors', recordId: 'gone', toStatus: 'checked_in', deviceTime: '2026-03-02T05:00:00Z' },
        { id: opId(), deviceId: 'd', kind: 'visitors', recordId: visitor.id, toStatus: 'reached', deviceTime: '2026-03-02T05:00:00Z' },
      ],
    })).body.data.results;
    expect(results.map((r: { result: string; reason: string }) => [r.result, r.reason])).toEqual([
      ['rejected', 'This person is no longer on the roster'],
      ['rejected', expect.stringMatching(/^Status must be one of: /)],
    ]);
    expect((await post('/api/checkin/ops', { operations: [] })).status).toBe(400);
    const tooMany = Array.from({ length: 501 }, () => ({ id: opId(), deviceId: 'd', kind: 'visitors', recordId: visitor.id, toStatus: 'checked_in', deviceTime: '2026-03-02T05:00:00Z' }));
    expect((await post('/api/checkin/ops', { operations: tooMany })).body.message).toBe('At most 500 operations per batch');
  });
});

describe('POST /api/checkin/walk-ins', () => {
  it('registers a visitor at the venue once, however often the device resends it', async () => {
    const walkIn = { id: crypto.randomUUID(), eventId, fullName: 'Walk In', mobileNumber: '9123400000', deviceId: 'desk-1' };
    const first = await post('/api/checkin/walk-ins', walkIn);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'registered_at_venue', registrationType: 'venue_registration', statusDeviceId: 'desk-1' });
    const again = await post('/api/checkin/walk-ins', walkIn);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(walkIn.id);
    const found = (await (await t.request('GET', '/api/visitors?q=Walk%20In', { token: admin })).json()).data;
    expect(found.total).toBe(1);
  });
});

describe('live counts', () => {
  it('counts people checked in now by type and per hour, with what devices still hold apart', async () => {
    const before = (await (await t.request('GET', `/api/checkin/counts?eventId=${eventId}`, { token: staff })).json()).data;
    const a = await addVisitor('Count A');
    const b = await addVisitor('Count B');
    const at = '2026-03-02T05:10:00.000Z'; // 10:40 IST
    await post('/api/checkin/ops', {
      operations: [a, b, a].map((v, i) => ({ id: opId(), deviceId: 'tablet-9', kind: 'visitors', recordId: v.id, fromStatus: i === 2 ? 'checked_in' : 'registered_online', toStatus: i === 2 ? 'not_visited' : 'checked_in', deviceTime: new Date(Date.parse(at) + i * 1000).toISOString() })),
    });
    await post('/api/checkin/report', { deviceId: 'tablet-9', eventId, waiting: 7 });
    const counts = (await (await t.request('GET', `/api/checkin/counts?eventId=${eventId}`, { token: staff })).json()).data;
    expect(counts.checkedIn.visitors).toBe(before.checkedIn.visitors + 1); // a was checked in, then marked not_visited
    expect(counts.checkedIn.total).toBe(before.checkedIn.total + 1);
    const inHour = (data: { perHour: Array<{ hour: string; people: number }> }) => data.perHour.find((h) => h.hour === '2026-03-02T10:00+05:30')?.people ?? 0;
    expect(inHour(counts)).toBe(inHour(before) + 2);
    expect(counts.waiting).toMatchObject({ operations: 7, devices: [expect.objectContaining({ deviceId: 'tablet-9', waiting: 7, reportedBy: 'Test staff' })] });
  });
});
