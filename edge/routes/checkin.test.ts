import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Send, signIn } from '../testing/sessions';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { doorDeviceKey, type DoorDeviceKey } from '../testing/door-device-key';
import { permutations } from '../../tests/support/permutations';

let t: TestApp;
let staff: string;
let staff2: string;
let admin: string;
let eventId: string;
let send: Send;
beforeAll(async () => {
  t = await makeTestApp();
  ({ admin, staff, send } = await signIn(t));
  const second = await t.createUser('staff', undefined, 'second staff password');
  staff2 = await t.login(second.email, 'second staff password');
  eventId = (await (await t.request('GET', '/api/events', { token: admin })).json()).data.items[0].id;
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token = staff) => send('POST', path, body, token);
/** `post`, signed with a device's key at the test server's time, as the PWA sends its batches and walk-ins. */
const signedPost = async (key: DoorDeviceKey, path: string, json: unknown, token = staff) => {
  const { body, headers } = await key.sign(json, t.clock.now().getTime());
  const res = await t.request('POST', path, { body, headers, token });
  return { status: res.status, body: (await res.json()) as any };
};
const get = async (path: string, token = admin) => (await send('GET', path, undefined, token)).body.data;
/** The door device the roster tests pull with: the roster goes only to a signed-in device, signed with its key. */
let reader: Device | undefined;
const roster = async (since = 0, limit = 1000) => {
  reader ??= await device('Roster reader');
  return (await reader.roster({ since: String(since), limit: String(limit) })).body.data;
};

let seq = 0;
/** A UUID v7-shaped id, as devices make them. */
const opId = () => `0190a000-0000-7000-8000-${String(++seq).padStart(12, '0')}`;
const addVisitor = async (name: string) =>
  (await post('/api/visitors', { fullName: name, mobileNumber: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }, admin)).body.data;
const addGuest = async (name: string) =>
  (await post('/api/guests', { fullName: name, mobileNumber: `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }, admin)).body.data;
const hours = 3600_000;

/**
 * A venue device as the PWA runs one: signed in with its own secret (for `token`'s user), with a clock
 * `skewMs` away from the server's. Its operations state the change they were made on (`base`).
 */
async function device(name: string, token = staff, skewMs = 0) {
  const id = `device-${name.toLowerCase().replace(/\W+/g, '-')}-${++seq}`;
  const secret = `secret-of-${id}-0123456789abcdef0123456789`;
  const signIn = await post('/api/checkin/device', { id, secret, name, eventId }, token);
  expect(signIn.status).toBe(200);
  const key = await doorDeviceKey(signIn.body.data.macKey);
  const clock = () => new Date(t.clock.now().getTime() + skewMs).toISOString();
  let author: string = signIn.body.data.ticket;
  return {
    id,
    secret,
    name,
    key,
    get author() {
      return author;
    },
    set author(ticket: string) {
      author = ticket;
    },
    op: (kind: string, recordId: string, toStatus: string, base: string | null, extra: Record<string, unknown> = {}) => ({
      id: opId(),
      kind,
      recordId,
      eventId,
      baseOperationId: base,
      toStatus,
      deviceTime: clock(),
      ...extra,
    }),
    send: (operations: unknown[], sender = token) =>
      signedPost(key, '/api/checkin/ops', { deviceId: id, deviceName: name, author, sentAt: clock(), operations }, sender),
    walkIn: (fields: Record<string, unknown>, sender = token) =>
      signedPost(key, '/api/checkin/walk-ins', { deviceId: id, deviceName: name, author, sentAt: clock(), deviceTime: clock(), eventId, ...fields }, sender),
    report: (waiting: number, sender = token) => post('/api/checkin/report', { deviceId: id, eventId, waiting, author }, sender),
    /** A roster pull signed with this device's key, as the PWA pulls (`query` beside eventId and deviceId). */
    roster: async (query: Record<string, string> = {}, sender = token) => {
      const { path, headers } = await key.signGet('/api/checkin/roster', { eventId, deviceId: id, ...query }, author, t.clock.now().getTime());
      const res = await t.request('GET', path, { headers, token: sender });
      return { status: res.status, body: (await res.json()) as any };
    },
  };
}
type Device = Awaited<ReturnType<typeof device>>;

const history = (resource: string, id: string) => get(`/api/${resource}/${id}/history`);
const statusOf = async (resource: string, id: string) => (await get(`/api/${resource}/${id}`)).status as string;

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
    expect(all.find((p: { kind: string }) => p.kind === 'stalls')).toMatchObject({
      name: 'Stall Contact',
      organisation: 'Acme Homes',
      status: '',
      statusOperationId: null,
    });
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

describe('devices and authors', () => {
  it('a device id is bound to the secret it was first signed in with; reports come only from its own sessions', async () => {
    const gate = await device('Gate 2 tablet');
    const thief = await post('/api/checkin/device', { id: gate.id, secret: 'another-secret-0123456789abcdef-0123456789', name: 'Fake' }, staff2);
    expect(thief.status).toBe(403);
    // The rightful device signs in again for another user (a new login on the same tablet).
    const again = await post('/api/checkin/device', { id: gate.id, secret: gate.secret, name: 'Gate 2 tablet' }, staff2);
    expect(again.body.data).toMatchObject({ name: 'Gate 2 tablet', author: { name: 'Test staff' } });

    const other = await device('Gate 3 tablet');
    const spoofed = await post('/api/checkin/report', { deviceId: gate.id, eventId, waiting: 99, author: other.author });
    expect(spoofed.status).toBe(403);
    expect((await gate.report(3)).status).toBe(200);
    expect((await post('/api/checkin/device', { id: 'panel', secret: gate.secret }, staff)).status).toBe(400);
  });

  it('changes are credited to the author who queued them, whoever sends them; claims without a genuine ticket are refused', async () => {
    const tablet = await device('Shared tablet', staff);
    const visitor = await addVisitor('Queued By Staff One');
    const queued = tablet.op('visitors', visitor.id, 'checked_in', null);
    // Staff 2 logs in on the same tablet and the queue goes out under Staff 2's session.
    const sent = await tablet.send([queued], staff2);
    expect(sent.body.data.results[0]).toMatchObject({ result: 'applied', person: { statusChangedBy: 'Test staff', statusDeviceId: tablet.id } });
    const [entry] = await history('visitors', visitor.id);
    expect(entry).toMatchObject({ changedByName: 'Test staff', deviceId: tablet.id, deviceName: 'Shared tablet' });

    const other = await device('Other tablet');
    const forged = {
      deviceId: tablet.id,
      deviceName: 'x',
      author: other.author,
      sentAt: t.clock.now().toISOString(),
      operations: [tablet.op('visitors', visitor.id, 'not_visited', null)],
    };
    const refused = await signedPost(tablet.key, '/api/checkin/ops', forged);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.author).toBe('The author ticket was issued to another device');
    expect((await signedPost(tablet.key, '/api/checkin/ops', { ...forged, author: `${tablet.author}x` })).status).toBe(400);
    expect((await post('/api/checkin/ops', { ...forged, deviceId: 'panel', author: tablet.author })).body.errors.deviceId).toBe('This device id is reserved');
    expect(await statusOf('visitors', visitor.id)).toBe('checked_in');
  });
});

describe('POST /api/checkin/ops: ordered by cause, not by clock', () => {
  it('applies each operation once: a resent batch answers duplicate and changes nothing', async () => {
    const tablet = await device('Tablet 1');
    const visitor = await addVisitor('Once Only');
    const op = tablet.op('visitors', visitor.id, 'checked_in', null);
    const first = await tablet.send([op]);
    expect(first.body.data.results[0]).toMatchObject({
      result: 'applied',
      person: { status: 'checked_in', statusDeviceId: tablet.id, statusOperationId: op.id },
    });
    const again = await tablet.send([op, op]);
    expect(again.body.data.results.map((r: { result: string }) => r.result)).toEqual(['duplicate', 'duplicate']);
    expect(await history('visitors', visitor.id)).toHaveLength(1);
  });

  it('a change made on the current change applies whatever the clocks say; a crafted time a year ahead pins nothing', async () => {
    const fast = await device('Fast tablet', staff, 3 * hours);
    const slow = await device('Slow tablet', staff, -24 * hours);
    const guest = await addGuest('Clock Guest');
    const checkin = fast.op('guests', guest.id, 'checked_in', null, { deviceTime: new Date(t.clock.now().getTime() + 365 * 24 * hours).toISOString() });
    expect((await fast.send([checkin])).body.data.results[0].result).toBe('applied');
    // The slow tablet saw that check-in (its base), so its later change applies though its clock says a day earlier.
    const exit = slow.op('guests', guest.id, 'exited_ramp', checkin.id);
    expect((await slow.send([exit])).body.data.results[0]).toMatchObject({ result: 'applied', conflictWith: null });
    expect(await statusOf('guests', guest.id)).toBe('exited_ramp');
    // Times are data: corrected by each device's measured offset, never later than arrival.
    const entries = await history('guests', guest.id);
    const now = t.clock.now().getTime();
    for (const e of entries) expect(Date.parse(e.deviceTime)).toBeLessThanOrEqual(now);
    expect(Math.abs(Date.parse(entries.find((e: { toStatus: string }) => e.toStatus === 'exited_ramp').deviceTime) - now)).toBeLessThan(1000);
    const devices = (await get(`/api/checkin/counts?eventId=${eventId}`)).waiting.devices;
    expect(devices.find((d: { deviceId: string }) => d.deviceId === fast.id)).toMatchObject({ clockSkewed: true, clockOffsetMs: -3 * hours });
    expect(devices.find((d: { deviceId: string }) => d.deviceId === slow.id)).toMatchObject({ clockSkewed: true, clockOffsetMs: 24 * hours });
  });

  it('a full batch with faults far apart is refused whole, each fault named at its operation', async () => {
    const tablet = await device('Checked tablet');
    const visitor = await addVisitor('Checked Batch');
    const operations = Array.from({ length: 500 }, () => tablet.op('visitors', visitor.id, 'checked_in', null));
    operations[3] = { ...operations[3]!, deviceTime: '2026' };
    operations[420] = { ...operations[420]!, kind: 'nobody' };
    const res = await tablet.send(operations);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('deviceTime must be an ISO 8601 date-time with a time zone');
    expect(Object.keys(res.body.errors)).toEqual(['operations.3.deviceTime', 'operations.420.kind']);
    expect((await tablet.send([...operations, tablet.op('visitors', visitor.id, 'checked_in', null)])).body.message).toBe('At most 500 operations per batch');
    expect(await statusOf('visitors', visitor.id)).not.toBe('checked_in');
  });

  it('device times must be full ISO date-times with a zone', async () => {
    const tablet = await device('Strict tablet');
    const visitor = await addVisitor('Strict Time');
    for (const deviceTime of ['1', '2026', '2026-03-02 05:00']) {
      const res = await tablet.send([tablet.op('visitors', visitor.id, 'checked_in', null, { deviceTime })]);
      expect(res.status).toBe(400);
    }
  });

  /**
   * The case table of docs/checkin-sync.md: three tablets — one 3 h fast, one correct, one a day slow —
   * and the panel, each change made on what its maker had seen, in every arrival order.
   */
  it('three tablets with skewed clocks and an admin cancel end as the table says, in every arrival order; every concurrent case is in the inbox', async () => {
    const fast = await device('Fast gate', staff, 3 * hours);
    const right = await device('Main gate', staff, 0);
    const slow = await device('Slow gate', staff, -24 * hours);

    // Case A (guests): the correct tablet walks a guest in, up the ramp and out; the fast tablet had
    // checked the guest in offline; the slow one marked "reached" offline. Final: left_venue.
    let orderA = 0;
    for (const order of permutations(['fast', 'right', 'slow'])) {
      const guest = await addGuest(`Case A ${++orderA}`);
      const rightCheckin = right.op('guests', guest.id, 'checked_in', null);
      const rightExit = right.op('guests', guest.id, 'exited_ramp', rightCheckin.id);
      const rightLeft = right.op('guests', guest.id, 'left_venue', rightExit.id);
      const batches: Record<string, [Device, unknown[]]> = {
        fast: [fast, [fast.op('guests', guest.id, 'checked_in', null)]],
        right: [right, [rightCheckin, rightExit, rightLeft]],
        slow: [slow, [slow.op('guests', guest.id, 'reached', null)]],
      };
      for (const name of order) await batches[name]![0].send(batches[name]![1]);
      expect([order.join(' → '), await statusOf('guests', guest.id)]).toEqual([order.join(' → '), 'left_venue']);
      const log = await history('guests', guest.id);
      expect(log).toHaveLength(5);
      // The first change to arrive met nothing; every other change that had not seen the current one is flagged.
      const concurrent = log.filter((e: { conflictWithOperationId: string | null }) => e.conflictWithOperationId);
      expect(concurrent.length).toBeGreaterThanOrEqual(2);
    }

    // Case B (visitors): the fast and slow tablets each checked a visitor in offline; an organiser
    // cancels the registration in between. Final: cancelled; the door's check-ins are held for a decision.
    for (const order of permutations(['fast', 'panel', 'slow'])) {
      const visitor = await addVisitor(`Case B ${order.join('-')}`);
      for (const name of order) {
        if (name === 'panel')
          expect((await t.request('PUT', `/api/visitors/${visitor.id}/status`, { json: { status: 'cancelled' }, token: admin })).status).toBe(200);
        else {
          const tablet = name === 'fast' ? fast : slow;
          await tablet.send([tablet.op('visitors', visitor.id, 'checked_in', null)]);
        }
      }
      expect([order.join(' → '), await statusOf('visitors', visitor.id)]).toEqual([order.join(' → '), 'cancelled']);
      const log = await history('visitors', visitor.id);
      const held = log.filter((e: { outcome: string }) => e.outcome === 'held');
      const doorAfterCancel = order.slice(order.indexOf('panel') + 1).length;
      expect(held).toHaveLength(doorAfterCancel);
    }

    const inbox = [
      ...(await get(`/api/checkin/conflicts?eventId=${eventId}&limit=100`)).items,
      ...(await get(`/api/checkin/conflicts?eventId=${eventId}&view=settled&limit=100`)).items,
    ];
    const caseB = inbox.filter((c: { personName: string }) => c.personName?.startsWith('Case B'));
    expect(caseB.length).toBeGreaterThanOrEqual(6);
    const held = caseB.find((c: { change: { outcome: string } }) => c.change.outcome === 'held');
    expect(held).toMatchObject({ kind: 'visitors', currentStatus: 'cancelled', other: { deviceName: 'Admin panel', toStatus: 'cancelled' } });
    expect(held.why).toMatch(/^Held: an organiser set the person to cancelled/);
    expect(held.change.deviceName).toMatch(/^(Fast|Slow) gate$/);
  });

  it('two gates admitting one person is a double admission: reported, not applied twice', async () => {
    const a = await device('Gate A');
    const b = await device('Gate B');
    const visitor = await addVisitor('Double Admission');
    await a.send([a.op('visitors', visitor.id, 'checked_in', null)]);
    const second = await b.send([b.op('visitors', visitor.id, 'checked_in', null)]);
    expect(second.body.data.results[0]).toMatchObject({ result: 'superseded', person: { status: 'checked_in', statusDeviceId: a.id } });
    const conflict = (await get(`/api/checkin/conflicts?eventId=${eventId}&view=settled`)).items.find((c: { recordId: string }) => c.recordId === visitor.id);
    expect(conflict).toMatchObject({ personName: 'Double Admission', change: { deviceName: 'Gate B' }, other: { deviceName: 'Gate A' } });
    expect(conflict.why).toMatch(/^Double admission/);
  });

  it('an organiser resolves a held change: the decision is applied as a change of its own and recorded', async () => {
    const gate = await device('Resolve gate');
    const visitor = await addVisitor('Held Then Admitted');
    await t.request('PUT', `/api/visitors/${visitor.id}/status`, { json: { status: 'cancelled' }, token: admin });
    const op = gate.op('visitors', visitor.id, 'checked_in', null);
    expect((await gate.send([op])).body.data.results[0]).toMatchObject({ result: 'held', person: { status: 'cancelled' } });
    const conflict = (await get(`/api/checkin/conflicts?eventId=${eventId}`)).items.find((c: { recordId: string }) => c.recordId === visitor.id);
    const decision = { decision: 'apply', operationId: op.id, personOperationId: conflict.currentOperationId };
    expect((await post(`/api/checkin/conflicts/${conflict.id}/resolve`, decision, staff)).status).toBe(403);
    const resolved = await post(`/api/checkin/conflicts/${conflict.id}/resolve`, { ...decision, note: 'Paid at the desk' }, admin);
    expect(resolved.body.data).toMatchObject({ resolution: 'applied checked_in', person: { status: 'checked_in' } });
    expect(await statusOf('visitors', visitor.id)).toBe('checked_in');
    const after = (await get(`/api/checkin/conflicts?eventId=${eventId}&view=decided`)).items.find((c: { id: string }) => c.id === conflict.id);
    expect(after).toMatchObject({ resolvedBy: (await get('/api/auth/me')).name, resolution: 'applied checked_in: Paid at the desk' });
  });

  it('a panel status change from a stale row is refused; stall contacts keep their door status apart from the booking', async () => {
    const visitor = await addVisitor('Stale Row');
    const gate = await device('Panel gate');
    t.clock.advance(1000);
    await gate.send([gate.op('visitors', visitor.id, 'checked_in', null)]);
    const stale = await t.request('PUT', `/api/visitors/${visitor.id}/status`, {
      json: { status: 'not_visited' },
      token: admin,
      headers: { 'If-Match': visitor.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(await statusOf('visitors', visitor.id)).toBe('checked_in');

    const stall = (await post('/api/stalls', { contactPersonName: 'Door Contact', email: 'd@x.in', mobileNumber: '9000033333' }, admin)).body.data;
    expect((await gate.send([gate.op('stalls', stall.id, 'checked_in', null)])).body.data.results[0].result).toBe('applied');
    const booking = await get(`/api/stalls/${stall.id}`);
    expect(booking).toMatchObject({ status: 'pending', attendanceStatus: 'checked_in' });
  });

  it('rejects per operation what it cannot apply — gone, moved to another event, a status of another kind — and refuses a malformed batch whole', async () => {
    const gate = await device('Reject gate');
    const visitor = await addVisitor('Rejects');
    const moved = await addGuest('Moved Away');
    const other = (
      await post(
        '/api/events',
        {
          eventName: 'Another Expo',
          state: 'Telangana',
          city: 'Hyderabad',
          eventTypes: ['Exhibition'],
          startDateTime: '2026-12-01T04:30:00.000Z',
          endDateTime: '2026-12-02T12:30:00.000Z',
        },
        admin,
      )
    ).body.data;
    expect((await t.request('PUT', `/api/guests/${moved.id}`, { json: { eventId: other.id }, token: admin })).status).toBe(200);
    const results = (
      await gate.send([
        gate.op('visitors', 'gone', 'checked_in', null),
        gate.op('visitors', visitor.id, 'reached', null),
        gate.op('guests', moved.id, 'checked_in', null),
      ])
    ).body.data.results;
    expect(results.map((r: { result: string; reason: string }) => [r.result, r.reason])).toEqual([
      ['rejected', 'This person is no longer on the roster'],
      ['rejected', expect.stringMatching(/^Status must be one of: /)],
      ['rejected', 'This person was moved to another event'],
    ]);
    expect(await statusOf('guests', moved.id)).toBe('confirmed');
    expect((await gate.send([])).status).toBe(400);
    const tooMany = Array.from({ length: 501 }, () => gate.op('visitors', visitor.id, 'checked_in', null));
    expect((await gate.send(tooMany)).body.message).toBe('At most 500 operations per batch');
  });
});

describe('POST /api/checkin/walk-ins', () => {
  it('registers a visitor at the venue once, however often the device resends it', async () => {
    const desk = await device('Desk 1');
    // Typed at the desk in any spelling, stored in the canonical form.
    const walkIn = { id: crypto.randomUUID(), fullName: 'Walk In', mobileNumber: '0 91234 00000' };
    const first = await desk.walkIn(walkIn);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      mobileNumber: '+919123400000',
      status: 'registered_at_venue',
      registrationType: 'venue_registration',
      statusDeviceId: desk.id,
      statusOperationId: walkIn.id,
    });
    const again = await desk.walkIn(walkIn);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(walkIn.id);
    expect((await get('/api/visitors?q=Walk%20In')).total).toBe(1);
  });

  it('a walk-in registered offline and then checked in on the same device ends checked in, one log entry each', async () => {
    const desk = await device('Desk 2', staff, 3 * hours); // a fast clock changes nothing
    const walkIn = { id: crypto.randomUUID(), fullName: 'Offline Walk In', mobileNumber: '9123400001' };
    const checkin = desk.op('visitors', walkIn.id, 'checked_in', walkIn.id);
    t.clock.advance(60_000); // both arrive a minute later, when the network returns
    await desk.walkIn(walkIn);
    const answer = (await desk.send([checkin])).body.data.results[0];
    expect(answer).toMatchObject({ result: 'applied', person: { status: 'checked_in' } });
    const log = await history('visitors', walkIn.id);
    expect(log.map((e: { toStatus: string; outcome: string }) => [e.toStatus, e.outcome])).toEqual([
      ['checked_in', 'applied'],
      ['registered_at_venue', 'applied'],
    ]);
  });
});

describe('walk-ins through the status engine', () => {
  it("a walk-in's registration is its first status change: from no status, stamped by the engine, logged once however often it is resent", async () => {
    const desk = await device('Desk 3');
    const walkIn = { id: crypto.randomUUID(), fullName: 'Engine Walk In', mobileNumber: '9123400077' };
    expect((await desk.walkIn(walkIn)).status).toBe(201);
    expect((await desk.walkIn(walkIn)).status).toBe(200);
    const log = await history('visitors', walkIn.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      fromStatus: null,
      toStatus: 'registered_at_venue',
      outcome: 'applied',
      operationId: walkIn.id,
      deviceId: desk.id,
      changedByName: 'Test staff',
      notes: 'Registered at the venue',
    });
    const record = await get(`/api/visitors/${walkIn.id}`);
    expect(record).toMatchObject({ status: 'registered_at_venue', statusOperationId: walkIn.id, statusDeviceId: desk.id, statusChangedBy: 'Test staff' });
  });
});

describe('walk-ins sent again after a restore', () => {
  it('keep the pass code the server first gave them, unless another registration holds it now', async () => {
    const desk = await device('Desk 4');
    const first = { id: crypto.randomUUID(), fullName: 'Restored Walk In', mobileNumber: '9123400078', passCode: '7K2M9QXR4T6V' };
    expect((await desk.walkIn(first)).body.data.passCode).toBe('7K2M9QXR4T6V');
    const taken = { id: crypto.randomUUID(), fullName: 'Other Walk In', mobileNumber: '9123400079', passCode: '7K2M9QXR4T6V' };
    const second = (await desk.walkIn(taken)).body.data;
    expect(second.passCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(second.passCode).not.toBe('7K2M9QXR4T6V');
    expect((await desk.walkIn({ ...taken, id: crypto.randomUUID(), passCode: 'not-a-code' })).status).toBe(400);
  });
});

describe('live counts', () => {
  it('counts people checked in now by type and per hour, with what devices still hold apart (devices silent for hours listed, not counted)', async () => {
    const before = await get(`/api/checkin/counts?eventId=${eventId}`, staff);
    const gate = await device('Count gate');
    const a = await addVisitor('Count A');
    const b = await addVisitor('Count B');
    const checkA = gate.op('visitors', a.id, 'checked_in', null);
    await gate.send([checkA, gate.op('visitors', b.id, 'checked_in', null), gate.op('visitors', a.id, 'not_visited', checkA.id)]);
    await gate.report(7);
    const counts = await get(`/api/checkin/counts?eventId=${eventId}`, staff);
    expect(counts.checkedIn.visitors).toBe(before.checkedIn.visitors + 1); // a was checked in, then marked not_visited
    const hour = `${new Date(t.clock.now().getTime() + 5.5 * hours).toISOString().slice(0, 13)}:00+05:30`;
    const inHour = (data: { perHour: Array<{ hour: string; people: number }> }) => data.perHour.find((h) => h.hour === hour)?.people ?? 0;
    expect(inHour(counts)).toBe(inHour(before) + 2);
    const mine = counts.waiting.devices.find((d: { deviceId: string }) => d.deviceId === gate.id);
    expect(mine).toMatchObject({ waiting: 7, reportedBy: 'Test staff', name: 'Count gate', stale: false });
    expect(counts.waiting.operations).toBeGreaterThanOrEqual(7);

    t.clock.advance(3 * hours);
    const later = await get(`/api/checkin/counts?eventId=${eventId}`, staff);
    expect(later.waiting.devices.find((d: { deviceId: string }) => d.deviceId === gate.id)).toMatchObject({ waiting: 7, stale: true });
    expect(later.waiting.operations).toBe(0);
  });
});
