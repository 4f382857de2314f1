// The door's device side against the real API (the app over a real libSQL file, edge/testing) on
// fake-indexeddb: what door staff rely on when the Wi-Fi drops, a page reloads, a colleague takes over
// the tablet, or two tabs are open. The engine gets the app's typed client over a network that can drop:
// "offline" is the network failing as it does in a browser (fetch rejects); every answer comes from the
// real server.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@edge/db/tables/system';
import { makeTestApp, type TestApp } from '@edge/testing/test-app';
import { changeStatus, outboxSummary, registerWalkIn } from './checkin-outbox';
import { CheckinSync, type SyncDeps } from './sync-engine';
import { database } from './db';
import { deviceInfo } from './device-record';
import { forgetLoadedIndex, openRosterIndex, wipeRoster } from './roster-repository';

let t: TestApp;
let admin: string;
let eventId: string;
const staff: Array<{ token: string; userId: string; name: string }> = [];
const visitors: Array<{ id: string; fullName: string; mobileNumber: string; passCode: string }> = [];

beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.login();
  for (const name of ['Asha Door', 'Bala Door', 'Chitra Door']) {
    const account = await t.createUser('staff');
    await t.db.update(users).set({ name }).where(eq(users.id, account.id));
    staff.push({ token: await t.login(account.email, account.password), userId: account.id, name });
  }
  eventId = (await (await t.request('GET', '/api/events', { token: admin })).json()).data.items[0].id;
  for (let i = 0; i < 8; i++) {
    const res = await t.request('POST', '/api/visitors', {
      token: admin,
      json: { fullName: `Door Visitor ${i}`, mobileNumber: `98765${String(43210 + i)}`, eventId },
    });
    visitors.push((await res.json()).data);
  }
});
afterAll(() => t.close());

beforeEach(async () => {
  // A fresh device for each test: the same one database, emptied.
  forgetLoadedIndex();
  const db = database();
  await Promise.all(db.tables.map((table) => table.clear()));
  await wipeRoster();
});

/** The network between the device and the real server: it can drop, and it counts what was sent. */
function network() {
  const net = {
    offline: false,
    sent: [] as string[],
    /** Runs before a request reaches the server; may hold it. */
    before: undefined as ((path: string) => Promise<void>) | undefined,
    /** Runs after the server answered, before the device gets the answer; may lose it. */
    after: undefined as ((path: string) => Promise<void>) | undefined,
    fetch: async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
      if (net.offline) throw new TypeError('Failed to fetch');
      const url = new URL(input instanceof Request ? input.url : input, 'http://door.test');
      const path = url.pathname + url.search;
      await net.before?.(path);
      net.sent.push(`${init.method} ${url.pathname}`);
      const { signal: _signal, ...rest } = init;
      const res = await t.app.request(path, rest);
      await net.after?.(path);
      return res;
    },
  };
  return net;
}

/** A door engine for one signed-in member of staff, on the server's clock. */
function door(net: ReturnType<typeof network>, who: (typeof staff)[number]): CheckinSync {
  const deps: SyncDeps = {
    network: { baseUrl: 'http://door.test', fetch: net.fetch },
    token: () => who.token,
    now: t.clock.now,
    online: () => !net.offline,
  };
  return new CheckinSync(deps);
}

const history = async (id: string) =>
  (await (await t.request('GET', `/api/visitors/${id}/history`, { token: admin })).json()).data as Array<Record<string, unknown>>;
const statusOf = async (id: string) => (await (await t.request('GET', `/api/visitors/${id}`, { token: admin })).json()).data.status as string;
const actor = (who: (typeof staff)[number]) => ({ userId: who.userId, name: who.name });
const person = (v: (typeof visitors)[number]) => ({ eventId, kind: 'visitors' as const, id: v.id });

/** The roster of the event downloaded, as the door screen does when it opens. */
async function openDoor(net: ReturnType<typeof network>, who: (typeof staff)[number]) {
  const engine = door(net, who);
  await engine.signInDevice();
  const index = await openRosterIndex(eventId);
  engine.setEvent(eventId);
  await engine.syncNow();
  return { engine, index };
}

const sentOps = (net: ReturnType<typeof network>) => net.sent.filter((s) => s === 'POST /api/checkin/ops').length;

describe('the door outbox and its sync, against the real server', () => {
  it('a check-in queued offline is sent once when the network returns, and leaves the outbox only after the answer', async () => {
    const net = network();
    const { engine, index } = await openDoor(net, staff[0]!);
    expect(index.size).toBeGreaterThanOrEqual(visitors.length);
    const v = visitors[0]!;

    net.offline = true;
    await changeStatus(person(v), 'checked_in', actor(staff[0]!), undefined, t.clock.now());
    await engine.syncNow();
    expect(index.byPassCode(v.passCode)?.status).toBe('checked_in'); // on the device at once
    expect((await outboxSummary()).waiting).toBe(1);
    expect(await statusOf(v.id)).toBe('registered_online');

    // Back online: while the request is on its way, the change is still in the outbox (marked sending).
    net.offline = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let whileSending: Awaited<ReturnType<typeof outboxSummary>> | undefined;
    net.after = async (path) => {
      if (!path.startsWith('/api/checkin/ops')) return;
      whileSending = await outboxSummary();
      await held;
    };
    const syncing = engine.syncNow();
    await expect.poll(() => whileSending?.unsent.map((e) => e.state)).toEqual(['sending']);
    release();
    await syncing;
    net.after = undefined;

    expect((await outboxSummary()).waiting).toBe(0);
    expect(engine.getState()).toMatchObject({ waiting: 0, lastError: null, needsLogin: false });
    expect(await statusOf(v.id)).toBe('checked_in');
    expect(await history(v.id)).toHaveLength(1);
    await engine.syncNow();
    expect(sentOps(net)).toBe(1);
    await engine.stop();
  });

  it('a page reloaded while its batch was on the way sends it again, and the server applies it once', async () => {
    const net = network();
    const { engine: before } = await openDoor(net, staff[0]!);
    const v = visitors[1]!;
    await changeStatus(person(v), 'checked_in', actor(staff[0]!), undefined, t.clock.now());
    // The server gets the batch, but the page is gone before the answer arrives.
    net.after = (path) => (path.startsWith('/api/checkin/ops') ? new Promise<void>(() => {}) : Promise.resolve());
    void before.syncNow();
    await expect.poll(() => statusOf(v.id)).toBe('checked_in');
    expect(sentOps(net)).toBe(1);
    expect((await outboxSummary()).unsent.map((e) => e.state)).toEqual(['sending']);

    // The reloaded page: a new engine over the same database.
    net.after = undefined;
    forgetLoadedIndex();
    const { engine: after } = await openDoor(net, staff[0]!);
    expect(sentOps(net)).toBe(2);
    expect((await outboxSummary()).waiting).toBe(0);
    expect(await history(v.id)).toHaveLength(1);
    await after.stop();
  });

  it('a logout with changes still waiting keeps them, credited to their author, and the next user sends them', async () => {
    const net = network();
    const [first, second] = [staff[0]!, staff[1]!];
    const { engine } = await openDoor(net, first);
    const v = visitors[2]!;
    net.offline = true;
    await changeStatus(person(v), 'checked_in', actor(first), undefined, t.clock.now());
    await registerWalkIn({ eventId, fullName: 'Walk-in Logout', mobileNumber: '9123456780' }, actor(first), t.clock.now());

    // Logout as the panel does it: try to send, stop this session's engine, forget the roster.
    expect(await engine.sendBeforeLogout(100)).toBe(2);
    await engine.stop();
    await wipeRoster();
    const db = database();
    expect(await db.rosterChunks.count()).toBe(0);
    expect(await db.rosterPeople.count()).toBe(0);
    expect((await outboxSummary()).unsent.map((e) => e.author?.name)).toEqual([first.name, first.name]);
    expect(Object.keys((await deviceInfo()).tickets ?? {})).toEqual([first.userId]);

    // The second user logs in on the tablet when the network is back.
    net.offline = false;
    const { engine: next, index } = await openDoor(net, second);
    expect((await outboxSummary()).waiting).toBe(0);
    expect(await history(v.id)).toMatchObject([{ toStatus: 'checked_in', changedByName: first.name }]);
    const walkIn = index.search('Walk-in Logout').items[0];
    expect(walkIn?.passCode).not.toBe('');
    expect(await history(walkIn!.id)).toMatchObject([{ changedByName: first.name }]);
    await next.stop();
  });

  it('changes of a user who never got a ticket here wait for them, and do not keep the roster from the user signed in now', async () => {
    const net = network();
    const [absent, present] = [staff[2]!, staff[1]!];
    // A change queued by a user whose device sign-in never reached the server (the network dropped first).
    const { engine: earlier } = await openDoor(net, present);
    await earlier.stop();
    const v = visitors[4]!;
    await changeStatus(person(v), 'checked_in', actor(absent), undefined, t.clock.now());
    await wipeRoster();

    const { engine: door2, index: fresh } = await openDoor(net, present);
    expect(fresh.size).toBeGreaterThanOrEqual(visitors.length); // the roster downloaded all the same
    expect(door2.getState()).toMatchObject({
      waiting: 1,
      needsLogin: true,
      lastError: `Changes made by ${absent.name} wait until they log in on this device again`,
    });
    expect(await statusOf(v.id)).toBe('registered_online');
    expect(fresh.byPassCode(v.passCode)?.status).toBe('checked_in'); // still shown as changed here
    await door2.stop();

    // They log in here again: sent, under their name.
    const { engine: theirs } = await openDoor(net, absent);
    expect((await outboxSummary()).waiting).toBe(0);
    expect(await history(v.id)).toMatchObject([{ changedByName: absent.name }]);
    await theirs.stop();
  });

  it('two tabs syncing at once apply each change once', async () => {
    const net = network();
    const { engine: tabA, index } = await openDoor(net, staff[0]!);
    const tabB = door(net, staff[0]!);
    tabB.setEvent(eventId);
    const three = visitors.slice(5, 8);
    net.offline = true;
    for (const v of three) await changeStatus(person(v), 'checked_in', actor(staff[0]!), undefined, t.clock.now());
    net.offline = false;
    await Promise.all([tabA.syncNow(), tabB.syncNow(), tabA.syncNow(), tabB.syncNow()]);
    expect((await outboxSummary()).waiting).toBe(0);
    for (const v of three) {
      expect(await history(v.id)).toHaveLength(1);
      expect(index.byPassCode(v.passCode)?.status).toBe('checked_in');
    }
    await Promise.all([tabA.stop(), tabB.stop()]);
  });

  it('a logout while a roster download is on its way leaves no roster behind', async () => {
    const net = network();
    const engine = door(net, staff[0]!);
    await engine.signInDevice();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    net.after = (path) => (path.startsWith('/api/checkin/roster') ? held : Promise.resolve());
    engine.setEvent(eventId);
    await expect.poll(() => net.sent.includes('GET /api/checkin/roster')).toBe(true);
    const stopping = engine.stop();
    await wipeRoster();
    release();
    await stopping;
    const db = database();
    expect(await db.rosterChunks.count()).toBe(0);
    expect(await db.rosterCursors.count()).toBe(0);
  });

  it('the roster search finds a person by their number in any spelling and by a pass code read with Crockford confusions', async () => {
    const net = network();
    const { engine, index } = await openDoor(net, staff[0]!);
    const v = visitors[6]!;
    expect(v.mobileNumber).toBe('+919876543216');
    const digits = `98765${43210 + 6}`; // as registered; the server keeps it as +919876543216
    for (const spelling of [
      digits,
      `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`,
      `0${digits}`,
      `0091 ${digits}`,
      `${digits.slice(0, 5)}-${digits.slice(5)}`,
    ]) {
      expect(
        index.search(spelling).items.map((p) => p.id),
        spelling,
      ).toEqual([v.id]);
    }
    const confused = v.passCode.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    const grouped = confused.match(/.{1,4}/g)!.join('-');
    expect(index.byPassCode(grouped)?.id).toBe(v.id);
    expect(index.search(grouped).items[0]?.id).toBe(v.id);
    await engine.stop();
  });

  it('keeps queued changes when the database is upgraded from the version before the panel cache and the delivered journal', async () => {
    const { Dexie } = await import('dexie');
    const name = `upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(3).stores({
      publicOutbox: '&id, createdAt',
      passes: '&passCode, savedAt',
      rosterPeople: '[eventId+kind+id]',
      rosterCursors: '&eventId',
      checkinOutbox: '++seq, &id, eventId, state',
      deviceInfo: '&key',
      rosterChunks: '[eventId+cursor]',
    });
    await old
      .table('checkinOutbox')
      .add({ id: 'op-1', eventId, type: 'op', label: 'Queued before the upgrade', state: 'waiting', attempts: 0, createdAt: '2026-03-02T04:30:00.000Z' });
    await old
      .table('publicOutbox')
      .add({ id: 'sub-1', endpoint: '/api/enquiries', body: {}, name: 'Someone', typeLabel: 'Enquiry', createdAt: '2026-03-02T04:30:00.000Z', attempts: 0 });
    old.close();
    const { EventProDatabase } = await import('./db');
    const upgraded = new EventProDatabase(name);
    await upgraded.open();
    expect(upgraded.verno).toBe(5);
    expect((await upgraded.checkinOutbox.toArray()).map((e) => e.label)).toEqual(['Queued before the upgrade']);
    expect(await upgraded.publicOutbox.count()).toBe(1);
    await upgraded.panelCache.put({ key: 'queries', savedAt: 1, state: {} });
    expect(await upgraded.panelCache.count()).toBe(1);
    expect(await upgraded.checkinDelivered.count()).toBe(0);
    await upgraded.delete();
  });
});

describe("the door's signing key", () => {
  /** A visitor no other test touched. */
  let made = 0;
  const fresh = async () => {
    const json = { fullName: `Signed Visitor ${++made}`, mobileNumber: `98700${String(10_000 + made)}`, eventId };
    return (await (await t.request('POST', '/api/visitors', { token: admin, json })).json()).data as (typeof visitors)[number];
  };

  it('a ticket and secret read off IndexedDB speak for nobody from another client: without the key they are held', async () => {
    const [mine, theirs] = [await fresh(), await fresh()];
    const net = network();
    const { engine } = await openDoor(net, staff[0]!);
    await changeStatus(person(mine), 'checked_in', actor(staff[0]!), undefined, t.clock.now());
    await engine.syncNow();
    expect(await statusOf(mine.id)).toBe('checked_in'); // the device's own batch, signed, applies

    // What another client can read off the device: its record, with the ticket and the secret, and the ticket's MAC key as an object.
    const stored = (await database().deviceInfo.get('device'))!;
    const { ticket, macKey } = stored.tickets![staff[0]!.userId]!;
    expect(stored.secret).toBeTruthy();
    expect(macKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', macKey)).rejects.toThrow();

    // Replayed from another client under another staff login: the change waits for an organiser.
    const replay = await t.request('POST', '/api/checkin/ops', {
      token: staff[1]!.token,
      json: {
        deviceId: stored.id,
        deviceName: stored.name,
        author: ticket,
        sentAt: t.clock.now().toISOString(),
        operations: [
          {
            id: crypto.randomUUID(),
            kind: 'visitors',
            recordId: theirs.id,
            eventId,
            baseOperationId: null,
            toStatus: 'cancelled',
            deviceTime: t.clock.now().toISOString(),
          },
        ],
      },
    });
    expect((await replay.json()).data.results[0]).toMatchObject({ result: 'held', person: { status: 'registered_online' } });
    expect(await statusOf(theirs.id)).toBe('registered_online');
    await engine.stop();
  });

  it('a device whose clock is hours off signs again on the server time its first answer gives, and its batch applies', async () => {
    const net = network();
    const skewed: SyncDeps = {
      network: { baseUrl: 'http://door.test', fetch: net.fetch },
      token: () => staff[2]!.token,
      now: () => new Date(t.clock.now().getTime() - 5 * 3600_000),
      online: () => !net.offline,
    };
    const v = await fresh();
    const engine = new CheckinSync(skewed);
    await engine.signInDevice();
    await openRosterIndex(eventId);
    engine.setEvent(eventId);
    await engine.syncNow();
    await changeStatus(person(v), 'checked_in', actor(staff[2]!), undefined, skewed.now());
    await engine.syncNow();
    expect((await outboxSummary()).waiting).toBe(0);
    expect(await statusOf(v.id)).toBe('checked_in');
    await engine.stop();
  });

  it('a revoked device with nothing waiting: its signed roster pull is refused, and it wipes its roster on that answer', async () => {
    const account = await t.createUser('staff');
    const who = { token: await t.login(account.email, account.password), userId: account.id, name: 'Lost Tablet Staff' };
    const net = network();
    const { engine, index } = await openDoor(net, who);
    expect(index.size).toBeGreaterThanOrEqual(visitors.length);
    const { id } = await deviceInfo();
    expect((await t.request('POST', `/api/checkin/devices/${id}/revoke`, { token: admin, json: {} })).status).toBe(200);

    // The revocation ended the tablet's session; the next login on it syncs: nothing to send, so it pulls.
    who.token = await t.login(account.email, account.password);
    net.sent.length = 0;
    await engine.syncNow();
    expect(net.sent).toEqual(['GET /api/checkin/roster', 'POST /api/checkin/report']);
    expect(engine.getState()).toMatchObject({ revoked: true, lastError: 'This device was revoked' });
    expect(await database().rosterPeople.count()).toBe(0);
    expect(await database().rosterChunks.count()).toBe(0);
    await engine.stop();
  });
});
