// The door through a real day, on the server: organisers' holds for every kind, devices an organiser
// revokes, an inbox that scales and decides once, and device times that are checked, not trusted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Send, signIn } from '../testing/sessions';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { doorDeviceKey } from '../testing/door-device-key';

let t: TestApp;
let staff: string;
let admin: string;
let eventId: string;
let send: Send;
beforeAll(async () => {
  t = await makeTestApp();
  ({ admin, staff, send } = await signIn(t));
  eventId = (await (await t.request('GET', '/api/events', { token: admin })).json()).data.items[0].id;
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token = staff) => send('POST', path, body, token);
const get = async (path: string, token = admin) => (await send('GET', path, undefined, token)).body.data;
const hours = 3600_000;

let seq = 0;
const opId = () => `0190b000-0000-7000-8000-${String(++seq).padStart(12, '0')}`;
const mobile = () => `9${String(++seq).padStart(9, '0')}`;
const addPerson = async (resource: string, name: string) =>
  (await post(`/api/${resource}`, { fullName: name, mobileNumber: mobile(), ...(resource === 'awardeesvip' ? { city: 'Hyderabad', eventId } : {}) }, admin))
    .body.data;

/** A door device signed in for `token`'s user, with a clock `skewMs` away from the server's. */
async function device(name: string, token = staff, skewMs = 0) {
  const id = `gate-${name.toLowerCase().replace(/\W+/g, '-')}-${++seq}`;
  const secret = `secret-of-${id}-0123456789abcdef0123456789`;
  const signedIn = await post('/api/checkin/device', { id, secret, name, eventId }, token);
  expect(signedIn.status).toBe(200);
  const author: string = signedIn.body.data.ticket;
  const key = await doorDeviceKey(signedIn.body.data.macKey);
  const clock = () => new Date(t.clock.now().getTime() + skewMs).toISOString();
  const signedPost = async (path: string, json: unknown, sender = token) => {
    const { body, headers } = await key.sign(json, t.clock.now().getTime());
    const res = await t.request('POST', path, { body, headers, token: sender });
    return { status: res.status, body: (await res.json()) as any };
  };
  return {
    id,
    secret,
    key,
    author,
    op: (kind: string, recordId: string, toStatus: string, base: string | null, deviceTime = clock()) => ({
      id: opId(),
      kind,
      recordId,
      eventId,
      baseOperationId: base,
      toStatus,
      deviceTime,
    }),
    send: (operations: unknown[], sender = token, sentAt = clock()) =>
      signedPost('/api/checkin/ops', { deviceId: id, deviceName: name, author, sentAt, operations }, sender),
    /** A request MACed with this device's ticket's key at the test server's time, as the PWA sends its batches and walk-ins. */
    signedPost,
    /** A roster pull MACed with this device's ticket's key, as the PWA pulls. */
    roster: async (sender = token, query: Record<string, string> = {}) => {
      const { path, headers } = await key.signGet('/api/checkin/roster', { eventId, deviceId: id, ...query }, author, t.clock.now().getTime());
      const res = await t.request('GET', path, { headers, token: sender });
      return { status: res.status, body: (await res.json()) as any };
    },
  };
}

const statusOf = async (resource: string, id: string) => (await get(`/api/${resource}/${id}`)).status as string;
const decisionInbox = async (query = '') => get(`/api/checkin/conflicts?eventId=${eventId}&view=decision${query}`);

describe('holds for every kind', () => {
  it('a VIP set not attending by an organiser stays so against a late offline scan, which waits in the inbox', async () => {
    const vip = await addPerson('awardeesvip', 'Held VIP');
    const gate = await device('VIP gate');
    // The tablet saw the VIP before the organiser's change (base null), then scanned them offline.
    const scan = gate.op('awardeesvip', vip.id, 'checked_in', null);
    expect((await send('PUT', `/api/awardeesvip/${vip.id}/status`, { status: 'not_attending' }, admin)).status).toBe(200);
    const answer = (await gate.send([scan])).body.data.results[0];
    expect(answer).toMatchObject({ result: 'held', person: { status: 'not_attending' } });
    expect(await statusOf('awardeesvip', vip.id)).toBe('not_attending');
    const held = (await decisionInbox()).items.find((c: { recordId: string }) => c.recordId === vip.id);
    expect(held).toMatchObject({ heldBecause: 'hold', currentStatus: 'not_attending', change: { toStatus: 'checked_in', outcome: 'held' } });
    expect(held.why).toMatch(/^Held: an organiser set the person to not attending/);
  });

  it('only organisers set or lift holds: from the panel staff get 403, from the door their change waits for a decision', async () => {
    const guest = await addPerson('guests', 'Staff Hold Guest');
    const refused = await send('PUT', `/api/guests/${guest.id}/status`, { status: 'not_attending' }, staff);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only organisers (admins) can put a registration on hold or lift a hold');

    // A staff tablet that knows the current state (a causal change) still cannot put a guest on hold …
    const gate = await device('Staff gate');
    const hold = gate.op('guests', guest.id, 'not_attending', null);
    expect((await gate.send([hold])).body.data.results[0]).toMatchObject({ result: 'held', person: { status: guest.status } });
    // … nor lift an organiser's hold it has seen.
    const visitor = await addPerson('visitors', 'Cancelled Visitor');
    const cancel = await send('PUT', `/api/visitors/${visitor.id}/status`, { status: 'cancelled' }, admin);
    const seen = (await get(`/api/visitors/${visitor.id}`)).statusOperationId ?? cancel.body.data.statusOperationId;
    const lift = gate.op('visitors', visitor.id, 'checked_in', seen);
    expect((await gate.send([lift])).body.data.results[0]).toMatchObject({ result: 'held', person: { status: 'cancelled' } });
    const reasons = (await decisionInbox()).items.filter((c: { recordId: string }) => [guest.id, visitor.id].includes(c.recordId));
    expect(reasons.map((c: { heldBecause: string }) => c.heldBecause)).toEqual(['role', 'role']);

    // An organiser's own tablet lifts it.
    const organiserGate = await device('Organiser gate', admin);
    const lifted = organiserGate.op('visitors', visitor.id, 'checked_in', seen);
    expect((await organiserGate.send([lifted], admin)).body.data.results[0]).toMatchObject({ result: 'applied', person: { status: 'checked_in' } });
  });

  it('staff may undo a walk-in their own device just registered (its cancellation applies)', async () => {
    const gate = await device('Walk-in desk');
    const id = '0190b000-0000-7000-8000-00000000abcd';
    const at = t.clock.now().toISOString();
    const walkIn = await gate.signedPost('/api/checkin/walk-ins', {
      id,
      eventId,
      fullName: 'Walk In Mistake',
      mobileNumber: mobile(),
      deviceId: gate.id,
      deviceName: 'Walk-in desk',
      author: gate.author,
      sentAt: at,
      deviceTime: at,
    });
    expect(walkIn.status).toBe(201);
    const undo = gate.op('visitors', id, 'cancelled', id);
    expect((await gate.send([undo])).body.data.results[0]).toMatchObject({ result: 'applied', person: { status: 'cancelled' } });
  });
});

describe('revoking a device', () => {
  it('ends its session and tickets: earlier changes apply, later ones are held, its roster pull tells it to wipe', async () => {
    const visitors = await Promise.all([1, 2, 3].map((n) => addPerson('visitors', `Revoked Gate Visitor ${n}`)));
    const staffLogin = await t.createUser('staff', undefined, 'tablet staff password');
    const tabletToken = await t.login(staffLogin.email, 'tablet staff password');
    const tablet = await device('Lost tablet', tabletToken);
    expect((await tablet.roster()).status).toBe(200);

    const before = tablet.op('visitors', visitors[0].id, 'checked_in', null);
    t.clock.advance(60_000);
    const revoked = await post(`/api/checkin/devices/${tablet.id}/revoke`, {}, admin);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ deviceId: tablet.id, revokedBy: expect.any(String) });
    expect(revoked.body.data.secretHash).toBeUndefined();
    // Its session ended with the revocation.
    expect((await tablet.roster()).status).toBe(401);

    // The thief (or the device's next login) gets 403 with the wipe signal on every device call.
    const afterLogin = await t.login(staffLogin.email, 'tablet staff password');
    const pull = await tablet.roster(afterLogin);
    expect(pull.status).toBe(403);
    expect(pull.body).toMatchObject({ message: 'This device was revoked', errors: { device: 'revoked' } });
    const again = await post('/api/checkin/device', { id: tablet.id, secret: tablet.secret, name: 'Lost tablet', eventId }, afterLogin);
    expect(again.status).toBe(403);

    t.clock.advance(60_000);
    const after = tablet.op('visitors', visitors[1].id, 'checked_in', null);
    const answer = await tablet.send([before, after], afterLogin);
    expect(answer.status).toBe(200);
    expect(answer.body.data.revoked).toBe(true);
    expect(answer.body.data.results.map((r: { result: string }) => r.result)).toEqual(['applied', 'held']);
    expect(await statusOf('visitors', visitors[0].id)).toBe('checked_in');
    expect(await statusOf('visitors', visitors[1].id)).toBe('registered_online');
    const held = (await decisionInbox(`&deviceId=${tablet.id}`)).items;
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ heldBecause: 'revoked', recordId: visitors[1].id });

    const devices = (await get('/api/checkin/devices')).items;
    expect(devices.find((d: { deviceId: string }) => d.deviceId === tablet.id)).toMatchObject({ name: 'Lost tablet', revokedAt: expect.any(String) });
    expect((await send('GET', '/api/checkin/devices', undefined, staff)).status).toBe(403);
  });

  it('a disabled account’s ticket no longer makes changes: they wait for a decision', async () => {
    const visitor = await addPerson('visitors', 'Disabled Author Visitor');
    const leaving = await t.createUser('staff', undefined, 'leaving staff password');
    const leavingToken = await t.login(leaving.email, 'leaving staff password');
    const tablet = await device('Shared tablet', leavingToken);
    const op = tablet.op('visitors', visitor.id, 'checked_in', null);
    await t.disableUser(leaving.id);
    // Sent later under another staff login: not credited as if the account still stood.
    const answer = (await tablet.send([op], staff)).body.data.results[0];
    expect(answer).toMatchObject({ result: 'held' });
    expect(await statusOf('visitors', visitor.id)).toBe('registered_online');
    expect((await decisionInbox(`&recordId=${visitor.id}`)).items[0]).toMatchObject({ heldBecause: 'author' });
  });
});

describe('a standing remembered from the last batch (decision 094)', () => {
  // A gate's batch is built on the session, author and device standing read for its last one, and checked
  // against what stands inside its own commit: a change in between is never written on the old standing.
  it('a logout, a disabled account or a revocation after a gate’s last batch holds for its very next one', async () => {
    const people = await Promise.all([1, 2, 3, 4].map((n) => addPerson('visitors', `Remembered Standing Visitor ${n}`)));
    const account = await t.createUser('staff', undefined, 'remembered staff password');
    const login = () => t.login(account.email, 'remembered staff password');

    // Logged out: the next batch on that session is refused 401 and changes nothing.
    let token = await login();
    const tablet = await device('Remembering tablet', token);
    expect((await tablet.send([tablet.op('visitors', people[0].id, 'checked_in', null)], token)).body.data.results[0].result).toBe('applied');
    expect((await send('POST', '/api/auth/logout', {}, token)).status).toBe(200);
    const afterLogout = await tablet.send([tablet.op('visitors', people[1].id, 'checked_in', null)], token);
    expect(afterLogout.status).toBe(401);
    expect(await statusOf('visitors', people[1].id)).toBe('registered_online');

    // Revoked (which ends the session it signed in with) while another session of its user sends its queue:
    // the change dated after the revocation waits.
    const colleague = await device('Colleague tablet', await login());
    const sending = await login();
    const queued = colleague.op('visitors', people[1].id, 'checked_in', null);
    expect((await colleague.send([queued], sending)).body.data.results[0].result).toBe('applied');
    t.clock.advance(60_000);
    expect((await post(`/api/checkin/devices/${colleague.id}/revoke`, {}, admin)).status).toBe(200);
    t.clock.advance(60_000);
    const afterRevoke = await colleague.send([colleague.op('visitors', people[2].id, 'checked_in', null)], sending);
    expect(afterRevoke.body.data).toMatchObject({ revoked: true, results: [{ result: 'held' }] });
    expect(await statusOf('visitors', people[2].id)).toBe('registered_online');

    // Disabled: the account's own session is refused 401; nothing is checked in on it.
    token = await login();
    const second = await device('Second tablet', token);
    expect((await second.send([second.op('visitors', people[3].id, 'registered_online', null)], token)).status).toBe(200);
    await t.disableUser(account.id);
    const afterDisable = await second.send([second.op('visitors', people[3].id, 'checked_in', null)], token);
    expect(afterDisable.status).toBe(401);
    expect(await statusOf('visitors', people[3].id)).toBe('registered_online');
  });
});

describe('tickets bound to the device key', () => {
  it('a ticket and secret read off a device and sent from another client without its key: the changes are held, the walk-in refused', async () => {
    const tablet = await device('Copied tablet');
    const [a, b] = [await addPerson('visitors', 'Replay One'), await addPerson('visitors', 'Replay Two')];
    const batch = (recordId: string) => ({
      deviceId: tablet.id,
      deviceName: 'Copied tablet',
      author: tablet.author,
      sentAt: t.clock.now().toISOString(),
      operations: [tablet.op('visitors', recordId, 'cancelled', null)],
    });
    // Another staff login on another client, with the copied ticket and no signature.
    const thief = await t.createUser('staff', undefined, 'thief staff password');
    const thiefLogin = await t.login(thief.email, 'thief staff password');
    const unsigned = await post('/api/checkin/ops', batch(a.id), thiefLogin);
    expect(unsigned.status).toBe(200);
    expect(unsigned.body.data.results[0]).toMatchObject({ result: 'held', person: { status: 'registered_online' } });
    // Or MACed with a key of its own (issued with the thief's own ticket): not the key issued with this ticket.
    const { body, headers } = await (await device('Thief tablet', thiefLogin)).key.sign(batch(b.id), t.clock.now().getTime());
    const forged = await t.request('POST', '/api/checkin/ops', { body, headers, token: thiefLogin });
    expect((await forged.json()).data.results[0]).toMatchObject({ result: 'held' });
    expect(await statusOf('visitors', a.id)).toBe('registered_online');
    expect(await statusOf('visitors', b.id)).toBe('registered_online');
    const held = (await decisionInbox(`&deviceId=${tablet.id}`)).items;
    expect(held.map((c: { heldBecause: string }) => c.heldBecause)).toEqual(['signature', 'signature']);
    expect(held[0].why).toContain("without this device's signature");

    const walkIn = await post(
      '/api/checkin/walk-ins',
      {
        ...batch(a.id),
        operations: undefined,
        id: crypto.randomUUID(),
        eventId,
        fullName: 'Copied Walk In',
        mobileNumber: mobile(),
        deviceTime: t.clock.now().toISOString(),
      },
      thiefLogin,
    );
    expect(walkIn.status).toBe(403);

    // The device itself, with its key, still works.
    expect((await tablet.send([tablet.op('visitors', a.id, 'checked_in', null)])).body.data.results[0].result).toBe('applied');
  });

  it('a signature from another time is answered stale with the server time; signed again on it, the batch applies', async () => {
    const tablet = await device('Clock-reset tablet');
    const visitor = await addPerson('visitors', 'Stale Signature');
    const json = {
      deviceId: tablet.id,
      deviceName: 'x',
      author: tablet.author,
      sentAt: t.clock.now().toISOString(),
      operations: [tablet.op('visitors', visitor.id, 'checked_in', null)],
    };
    const old = await tablet.key.sign(json, Date.parse('2000-01-01T00:00:00Z'));
    const stale = await t.request('POST', '/api/checkin/ops', { ...old, token: staff });
    expect(stale.status).toBe(400);
    const answer = await stale.json();
    expect(answer.errors).toMatchObject({ signature: 'stale', serverTime: t.clock.now().toISOString() });
    expect(await statusOf('visitors', visitor.id)).toBe('registered_online');
    const again = await tablet.key.sign(json, Date.parse(answer.errors.serverTime));
    expect((await (await t.request('POST', '/api/checkin/ops', { ...again, token: staff })).json()).data.results[0].result).toBe('applied');
  });

  it('the roster goes only to a pull signed by the device its ticket names, for the user logged in', async () => {
    const tablet = await device('Pulling tablet');
    const other = await device('Another tablet');
    const query = { eventId, deviceId: tablet.id, since: '0', limit: '5' };
    const pull = async (path: string, headers: Record<string, string> = {}, token = staff) => {
      const res = await t.request('GET', path, { headers, token });
      return { status: res.status, body: (await res.json()) as any };
    };
    const signed = await tablet.key.signGet('/api/checkin/roster', query, tablet.author, t.clock.now().getTime());
    const ok = await pull(signed.path, signed.headers);
    expect(ok.status).toBe(200);
    expect(ok.body.data.items.length).toBeGreaterThan(0);

    // A staff session alone (the address as the device sends it, no ticket, no signature) gets no names.
    const bare = await pull(signed.path);
    expect(bare.status).toBe(403);
    expect(bare.body).toMatchObject({
      message: 'The roster goes only to a signed-in door device: send the author ticket of the user logged in and sign the request with the device key',
      errors: { signature: 'missing' },
    });
    expect(bare.body.data).toBeUndefined();
    // The ticket read off the device, without its key; signed with another device's key; another query under the signature.
    expect((await pull(signed.path, { 'X-Author-Ticket': tablet.author })).body.errors).toEqual({ signature: 'missing' });
    const foreign = await other.key.signGet('/api/checkin/roster', query, tablet.author, t.clock.now().getTime());
    expect(await pull(foreign.path, foreign.headers)).toMatchObject({ status: 403, body: { errors: { signature: 'invalid' } } });
    const moved = await pull(signed.path.replace('since=0', 'since=1'), signed.headers);
    expect(moved).toMatchObject({ status: 403, body: { errors: { signature: 'invalid' } } });
    // The right MAC written with a character base64url does not have (a lenient decoder skips it and reads the same bytes).
    const [at, mac] = signed.headers['X-Device-Signature']!.split('.') as [string, string];
    const padded = await pull(signed.path, { ...signed.headers, 'X-Device-Signature': `${at}.${mac.slice(0, 20)}!${mac.slice(20)}` });
    expect(padded).toMatchObject({ status: 403, body: { errors: { signature: 'invalid' } } });
    // Another device's ticket for this device id, and this device's ticket under another user's session.
    const borrowed = await tablet.key.signGet('/api/checkin/roster', query, other.author, t.clock.now().getTime());
    expect(await pull(borrowed.path, borrowed.headers)).toMatchObject({
      status: 403,
      body: { errors: { author: 'The author ticket was issued to another device' } },
    });
    const admins = await pull(signed.path, signed.headers, admin);
    expect(admins).toMatchObject({ status: 403, body: { errors: { author: 'The author ticket is not the logged-in user’s: sign this device in again' } } });
    // No device named at all: a clear 400.
    const nameless = await pull(`/api/checkin/roster?eventId=${eventId}`);
    expect(nameless.status).toBe(400);
    expect(nameless.body.errors.deviceId).toBeTruthy();

    // A device clock from 2000: stale, with the server's time; signed again on it, the pull answers.
    const old = await tablet.key.signGet('/api/checkin/roster', query, tablet.author, Date.parse('2000-01-01T00:00:00Z'));
    const stale = await pull(old.path, old.headers);
    expect(stale).toMatchObject({ status: 400, body: { errors: { signature: 'stale', serverTime: t.clock.now().toISOString() } } });
    const again = await tablet.key.signGet('/api/checkin/roster', query, tablet.author, Date.parse(stale.body.errors.serverTime));
    expect((await pull(again.path, again.headers)).status).toBe(200);
  });

  it("the MAC key comes with the ticket it belongs to: another of the device's own tickets' keys, or a signature of 053's length, is held", async () => {
    const tablet = await device('Re-signed tablet');
    // The same device signed in again (another sign-in, a second later): a new ticket with its own key.
    t.clock.advance(1000);
    const again = await post('/api/checkin/device', { id: tablet.id, secret: tablet.secret, name: 'Re-signed tablet', eventId });
    expect(again.body.data.macKey).not.toBe(tablet.key.raw);
    const newKey = await doorDeviceKey(again.body.data.macKey);
    const visitor = await addPerson('visitors', 'Crossed Keys');
    const json = {
      deviceId: tablet.id,
      deviceName: 'x',
      author: tablet.author,
      sentAt: t.clock.now().toISOString(),
      operations: [tablet.op('visitors', visitor.id, 'checked_in', null)],
    };
    const crossed = await newKey.sign(json, t.clock.now().getTime());
    expect((await (await t.request('POST', '/api/checkin/ops', { ...crossed, token: staff })).json()).data.results[0].result).toBe('held');
    const ecdsaLength = { ...crossed, headers: { ...crossed.headers, 'X-Device-Signature': `${t.clock.now().getTime()}.${'A'.repeat(86)}` } };
    const second = { ...json, operations: [tablet.op('visitors', (await addPerson('visitors', 'Old Signature')).id, 'checked_in', null)] };
    const res = await t.request('POST', '/api/checkin/ops', { ...ecdsaLength, body: JSON.stringify(second), token: staff });
    expect((await res.json()).data.results[0].result).toBe('held');
  });
});

describe('merged people at the door', () => {
  it('a check-in made offline on a merged-away pass checks the survivor in, and the survivor’s roster entry admits that pass', async () => {
    const survivor = await addPerson('visitors', 'Merge Survivor');
    const other = await addPerson('visitors', 'Merge Other Registration');
    const gate = await device('Merge gate');
    // The tablet saw the other registration before the organiser merged it away.
    const scan = gate.op('visitors', other.id, 'checked_in', null);
    expect((await send('POST', '/api/visitors/duplicates/merge', { survivorId: survivor.id, mergedId: other.id }, admin)).status).toBe(200);
    const answer = (await gate.send([scan])).body.data.results[0];
    expect(answer).toMatchObject({ result: 'applied', recordId: survivor.id, person: { status: 'checked_in' } });
    expect(await statusOf('visitors', survivor.id)).toBe('checked_in');
    const history = (await get(`/api/visitors/${survivor.id}/history`)).filter((h: { kind: string }) => h.kind === 'status');
    expect(history.find((h: { operationId: string }) => h.operationId === scan.id)).toMatchObject({ notes: 'Made on a pass merged into this record' });
    const roster = (await gate.roster(staff, { limit: '2000' })).body.data.items;
    expect(roster.find((p: { id: string }) => p.id === survivor.id)).toMatchObject({ aliases: other.passCode });
    expect(roster.find((p: { id: string }) => p.id === other.id)).toMatchObject({ deleted: 1 });
  });
});

describe('devices on the dashboard', () => {
  it('a device silent for over an hour with changes waiting is flagged on the Devices list and in the live counts', async () => {
    const tablet = await device('Silent tablet');
    expect((await post('/api/checkin/report', { deviceId: tablet.id, eventId, waiting: 3000, author: tablet.author })).status).toBe(200);
    const listed = async () => (await get('/api/checkin/devices')).items.find((d: { deviceId: string }) => d.deviceId === tablet.id);
    expect(await listed()).toMatchObject({ waiting: 3000, silent: false });
    t.clock.advance(61 * 60_000);
    expect(await listed()).toMatchObject({ waiting: 3000, silent: true, appVersion: null });
    const counts = await get(`/api/checkin/counts?eventId=${eventId}`, staff);
    expect(counts.waiting.devices.find((d: { deviceId: string }) => d.deviceId === tablet.id)).toMatchObject({ silent: true, stale: false });
  });

  it('a revoked device, and one replaced on its browser by a new device, leave the live devices and their waiting count', async () => {
    const live = async () =>
      (await get(`/api/checkin/counts?eventId=${eventId}`, staff)).waiting as { operations: number; devices: Array<{ deviceId: string }> };
    const listed = async (id: string) => (await get('/api/checkin/devices')).items.find((d: { deviceId: string }) => d.deviceId === id);
    // The lost phone signs in with a login of its own: revoking it ends that session.
    const phoneStaff = await t.createUser('staff', undefined, 'phone staff password');
    const phoneToken = await t.login(phoneStaff.email, 'phone staff password');
    const [cleared, lost, other] = [await device('Cleared tablet'), await device('Lost phone', phoneToken), await device('Other tablet')];
    for (const [d, waiting] of [
      [cleared, 5],
      [lost, 2],
      [other, 7],
    ] as const) {
      expect((await post('/api/checkin/report', { deviceId: d.id, eventId, waiting, author: d.author }, d === lost ? phoneToken : staff)).status).toBe(200);
    }
    const before = await live();
    const ids = (w: Awaited<ReturnType<typeof live>>) => w.devices.map((d) => d.deviceId);
    expect(ids(before)).toEqual(expect.arrayContaining([cleared.id, lost.id, other.id]));

    // Revoked: off the live list at once.
    expect((await post(`/api/checkin/devices/${lost.id}/revoke`, {}, admin)).status).toBe(200);
    const afterRevoke = await live();
    expect(ids(afterRevoke)).not.toContain(lost.id);
    expect(afterRevoke.operations).toBe(before.operations - 2);

    // The cleared tablet's page says so with a ticket of the old device it still held; a ticket of another device is refused.
    const forged = await post('/api/checkin/report', { deviceId: cleared.id, eventId, waiting: 0, author: other.author, replaced: true });
    expect(forged.status).toBe(403);
    expect(ids(await live())).toContain(cleared.id);
    expect((await post('/api/checkin/report', { deviceId: cleared.id, eventId, waiting: 0, author: cleared.author, replaced: 'yes' })).status).toBe(400);
    expect((await post('/api/checkin/report', { deviceId: cleared.id, eventId, waiting: 0, author: cleared.author, replaced: true })).status).toBe(200);
    const afterReplace = await live();
    expect(ids(afterReplace)).not.toContain(cleared.id);
    expect(ids(afterReplace)).toContain(other.id);
    expect(afterReplace.operations).toBe(before.operations - 2 - 5);
    // The Devices screen keeps it, marked replaced; it is not flagged silent.
    t.clock.advance(61 * 60_000);
    expect(await listed(cleared.id)).toMatchObject({ replacedAt: expect.any(String), waiting: 0, silent: false });
    expect(await listed(other.id)).toMatchObject({ silent: true });
  });

  it('a tablet wiped with no page open: the new device names the old one at its sign-in and retires it, for the same user only', async () => {
    const live = async () => (await get(`/api/checkin/counts?eventId=${eventId}`, staff)).waiting.devices.map((d: { deviceId: string }) => d.deviceId);
    const listed = async (id: string) => (await get('/api/checkin/devices')).items.find((d: { deviceId: string }) => d.deviceId === id);
    const wiped = await device('Wiped tablet');
    expect((await post('/api/checkin/report', { deviceId: wiped.id, eventId, waiting: 4, author: wiped.author })).status).toBe(200);
    const signInAs = (id: string, replaces: unknown, token = staff) =>
      post('/api/checkin/device', { id, secret: `secret-of-${id}-0123456789abcdef0123456789`, name: '', eventId, replaces }, token);

    // Malformed: a clear 400. A claim that does not hold signs the device in and retires nothing.
    expect((await signInAs(`gate-successor-${++seq}`, { deviceId: wiped.id })).body.errors['replaces.author']).toBe('replaces.author is required');
    const colleague = await t.createUser('staff', undefined, 'colleague staff password');
    const colleagueToken = await t.login(colleague.email, 'colleague staff password');
    const notTheirs = await signInAs(`gate-successor-${++seq}`, { deviceId: wiped.id, author: wiped.author }, colleagueToken);
    expect(notTheirs.status).toBe(200);
    expect(notTheirs.body.data.replaced).toBeNull();
    // Signed in with a login of its own: revoking it below ends that session, not the suite's.
    const other = await device('Neighbour tablet', await t.login(colleague.email, 'colleague staff password'));
    const anotherDevicesTicket = await signInAs(`gate-successor-${++seq}`, { deviceId: wiped.id, author: (await device('My other tablet')).author });
    expect(anotherDevicesTicket.body.data.replaced).toBeNull();
    expect((await signInAs(`gate-successor-${++seq}`, { deviceId: wiped.id, author: 'not-a-ticket' })).body.data.replaced).toBeNull();
    expect(await live()).toContain(wiped.id);

    // The same user signs the new device in, naming the old one with the ticket the browser kept: linked at once.
    const successor = `gate-successor-${++seq}`;
    const linked = await signInAs(successor, { deviceId: wiped.id, author: wiped.author });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({ deviceId: successor, replaced: wiped.id, ticket: expect.any(String), macKey: expect.any(String) });
    expect(await listed(wiped.id)).toMatchObject({ replacedAt: t.clock.now().toISOString(), replacedBy: successor, waiting: 4 });
    expect(await live()).not.toContain(wiped.id);
    // Replacement is not revocation: what the old device made before still applies under its ticket.
    const visitor = await addPerson('visitors', 'Made Before The Wipe');
    expect((await wiped.send([wiped.op('visitors', visitor.id, 'checked_in', null)])).body.data.results[0].result).toBe('applied');
    // Once replaced, it stays replaced by the first: a second claim changes nothing; a revoked device is never "replaced".
    expect((await signInAs(`gate-successor-${++seq}`, { deviceId: wiped.id, author: wiped.author })).body.data.replaced).toBeNull();
    expect(await listed(wiped.id)).toMatchObject({ replacedBy: successor });
    expect((await post(`/api/checkin/devices/${other.id}/revoke`, {}, admin)).status).toBe(200);
    expect((await signInAs(`gate-successor-${++seq}`, { deviceId: other.id, author: other.author })).body.data.replaced).toBeNull();
    expect(await listed(other.id)).toMatchObject({ replacedAt: null, revokedAt: expect.any(String) });
  });
});

describe('an inbox that scales and decides once', () => {
  it('5,000 double admissions and 30 held cases: the held 30 are the first page of "needs a decision", counts are the event’s', async () => {
    const a = await device('Double A');
    const b = await device('Double B');
    const rows = Array.from({ length: 5000 }, (_, i) => [crypto.randomUUID(), i] as const);
    // 5,000 visitors at once through SQL (imports of this size are tested with the import route): what matters here is the door.
    const at = t.clock.now().toISOString();
    await t.client.batch(
      rows.map(([id, i]) => ({
        sql: `INSERT INTO visitors (id, event_id, full_name, mobile_number, status, registration_type, pass_code, created_at, updated_at)
              VALUES (?, ?, ?, ?, 'registered_online', 'visitor_registration', ?, ?, ?)`,
        args: [id, eventId, `Double ${i}`, `+9170${String(i).padStart(8, '0')}`, `DBL${String(i).padStart(9, '0')}`, at, at],
      })),
      'write',
    );
    for (let i = 0; i < 5000; i += 500) {
      const slice = rows.slice(i, i + 500);
      await a.send(slice.map(([id]) => a.op('visitors', id, 'checked_in', null)));
      await b.send(slice.map(([id]) => b.op('visitors', id, 'checked_in', null)));
    }
    const heldPeople = await Promise.all(Array.from({ length: 30 }, (_, i) => addPerson('guests', `Held Guest ${i}`)));
    for (const guest of heldPeople) await send('PUT', `/api/guests/${guest.id}/status`, { status: 'not_attending' }, admin);
    await a.send(heldPeople.map((g) => a.op('guests', g.id, 'checked_in', null)));
    // More double admissions after the held cases: newest first must not bury the held ones.
    const late = rows.slice(0, 100);
    const c = await device('Double C');
    await c.send(late.map(([id]) => c.op('visitors', id, 'checked_in', null)));

    const first = await get(`/api/checkin/conflicts?eventId=${eventId}&view=decision&limit=50`);
    const heldIds = new Set(heldPeople.map((g) => g.id));
    expect(first.items.filter((i: { recordId: string }) => heldIds.has(i.recordId))).toHaveLength(30);
    expect(first.counts.settled).toBeGreaterThanOrEqual(5100);
    expect(first.counts.decision).toBe(first.total);
    const settled = await get(`/api/checkin/conflicts?eventId=${eventId}&view=settled&page=3&limit=100`);
    expect(settled.items).toHaveLength(100);
    expect(settled.totalPages).toBe(Math.ceil(first.counts.settled / 100));
  }, 120_000);

  it('two organisers resolve one conflict at once: one 200, one 409; a double submit is idempotent; a stale screen is refused', async () => {
    const second = await t.createUser('admin', undefined, 'second admin password');
    const admin2 = await t.login(second.email, 'second admin password');
    const gate = await device('Race gate');
    const cases = await Promise.all([1, 2].map((n) => addPerson('visitors', `Race Visitor ${n}`)));
    for (const v of cases) await send('PUT', `/api/visitors/${v.id}/status`, { status: 'cancelled' }, admin);
    const ops = cases.map((v) => gate.op('visitors', v.id, 'checked_in', null));
    await gate.send(ops);
    const inbox = (await decisionInbox(`&recordId=${cases[0].id}`)).items[0];
    const apply = { decision: 'apply', operationId: ops[0]!.id, personOperationId: inbox.currentOperationId };
    const keep = { decision: 'keep', personOperationId: inbox.currentOperationId };
    const [one, two] = await Promise.all([
      post(`/api/checkin/conflicts/${inbox.id}/resolve`, apply, admin),
      post(`/api/checkin/conflicts/${inbox.id}/resolve`, keep, admin2),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const winner = one.status === 200 ? 'applied checked_in' : 'kept';
    expect(await statusOf('visitors', cases[0].id)).toBe(winner === 'kept' ? 'cancelled' : 'checked_in');
    const decided = (await get(`/api/checkin/conflicts?eventId=${eventId}&view=decided&recordId=${cases[0].id}`)).items[0];
    expect(decided.resolution).toBe(winner);
    // The loser's answer carries the state now.
    const loser = one.status === 409 ? one : two;
    expect(loser.body.data).toMatchObject({ resolution: winner });
    // The winner's double submit answers the recorded decision again, and logs nothing more.
    const repeat = await post(`/api/checkin/conflicts/${inbox.id}/resolve`, one.status === 200 ? apply : keep, one.status === 200 ? admin : admin2);
    expect(repeat.status).toBe(200);
    const history = (await get(`/api/visitors/${cases[0].id}/history`)).filter((h: { kind: string }) => h.kind === 'status');
    expect(history.filter((h: { notes: string }) => h.notes.startsWith('Conflict resolved'))).toHaveLength(winner === 'kept' ? 0 : 1);

    // A decision made on a screen from before the person changed is refused with the state now.
    const other = (await decisionInbox(`&recordId=${cases[1].id}`)).items[0];
    await send('PUT', `/api/visitors/${cases[1].id}/status`, { status: 'inactive' }, admin);
    const stale = await post(
      `/api/checkin/conflicts/${other.id}/resolve`,
      { decision: 'apply', operationId: ops[1]!.id, personOperationId: other.currentOperationId },
      admin,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.data.person).toMatchObject({ status: 'inactive' });
    expect(await statusOf('visitors', cases[1].id)).toBe('inactive');
  });
});

describe('device times are checked, not trusted', () => {
  it('a clock reset to 2000 and corrected before sending is dated at the arrival and flagged', async () => {
    const visitor = await addPerson('visitors', 'Clock Reset Visitor');
    const gate = await device('Reset gate');
    t.clock.advance(hours);
    const op = gate.op('visitors', visitor.id, 'checked_in', null, '2000-01-01T00:05:00.000Z');
    await gate.send([op]);
    const change = (await get(`/api/visitors/${visitor.id}/history`)).find((h: { operationId: string }) => h.operationId === op.id);
    expect(change).toMatchObject({ deviceTime: t.clock.now().toISOString(), claimedDeviceTime: '2000-01-01T00:05:00.000Z', deviceTimeDoubtful: true });
  });

  it('a batch whose sentAt is a year ahead does not move an honest check-in a year back', async () => {
    const visitor = await addPerson('visitors', 'Year Ahead Visitor');
    const gate = await device('Year gate');
    t.clock.advance(10 * 60_000);
    const madeAt = new Date(t.clock.now().getTime() - 5 * 60_000).toISOString();
    const op = gate.op('visitors', visitor.id, 'checked_in', null, madeAt);
    const yearAhead = new Date(t.clock.now().getTime() + 365 * 24 * hours).toISOString();
    await gate.send([op], staff, yearAhead);
    const change = (await get(`/api/visitors/${visitor.id}/history`)).find((h: { operationId: string }) => h.operationId === op.id);
    expect(change).toMatchObject({ deviceTime: madeAt, deviceTimeDoubtful: false });
  });

  it('a tablet a day slow still has its times corrected by its measured offset', async () => {
    const visitor = await addPerson('visitors', 'Day Slow Visitor');
    const gate = await device('Slow gate', staff, -24 * hours);
    t.clock.advance(10 * 60_000);
    const op = gate.op('visitors', visitor.id, 'checked_in', null);
    await gate.send([op]);
    const change = (await get(`/api/visitors/${visitor.id}/history`)).find((h: { operationId: string }) => h.operationId === op.id);
    expect(change).toMatchObject({ deviceTime: t.clock.now().toISOString(), deviceTimeDoubtful: false });
  });
});
