// The drill of a restore under a working door: the server's database is backed up, the door works on (check-ins,
// a walk-in, each acknowledged), the backup is restored (`npm run db:restore`'s own code: a new generation) and
// the server starts again on it. The tablet notices, sends its delivered journal again and downloads the roster
// anew: nothing it was told was stored is lost, and it ends equal to the server. A second drill restores a copy
// that keeps the old generation (a file copied by hand): the roster cursor beyond the server's sequence tells.
import 'fake-indexeddb/auto';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '@edge/db/backup';
import { users } from '@edge/db/tables/system';
import { doorDeviceKey } from '@edge/testing/door-device-key';
import { makeTestApp, type TestApp } from '@edge/testing/test-app';
import { changeStatus, outboxSummary, registerWalkIn } from './checkin-outbox';
import { CheckinSync } from './sync-engine';
import { database } from './db';
import { forgetLoadedIndex, openRosterIndex, wipeRoster } from './roster-repository';

const MIGRATIONS = resolve(import.meta.dirname, '../../../migrations');

let server: TestApp;
let dataDir: string;
let admin: string;
let staff: { token: string; userId: string; name: string };
let eventId: string;
let visitors: Array<{ id: string; passCode: string }>;

/** The device's network: always to the server running now (the first one, then the one started on the backup). */
const net = {
  fetch: async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://door.test');
    const { signal: _signal, ...rest } = init;
    return server.app.request(url.pathname + url.search, rest);
  },
};

const api = async (method: string, path: string, json?: unknown) => (await server.request(method, path, { token: admin, json })).json();
const person = (id: string) => ({ eventId, kind: 'visitors' as const, id });
const actor = () => ({ userId: staff.userId, name: staff.name });

beforeEach(async () => {
  forgetLoadedIndex();
  await Promise.all(database().tables.map((table) => table.clear()));
  await wipeRoster();
  // A data folder of the test's own: it outlives each server started on it.
  dataDir = mkdtempSync(join(tmpdir(), 'eventpro-restore-'));
  server = await makeTestApp({ dataDir });
  admin = await server.login();
  const account = await server.createUser('staff');
  await server.db.update(users).set({ name: 'Gate Tablet Staff' }).where(eq(users.id, account.id));
  staff = { token: await server.login(account.email, account.password), userId: account.id, name: 'Gate Tablet Staff' };
  eventId = (await api('GET', '/api/events')).data.items[0].id;
  visitors = [];
  for (let i = 0; i < 10; i++) {
    visitors.push((await api('POST', '/api/visitors', { fullName: `Drill Visitor ${i}`, mobileNumber: `98480${String(10_000 + i)}`, eventId })).data);
  }
});

afterEach(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The tablet: an engine for the staff member, on the clock of whichever server answers. */
async function tablet() {
  const engine = new CheckinSync({
    network: { baseUrl: 'http://door.test', fetch: net.fetch },
    token: () => staff.token,
    now: () => server.clock.now(),
    online: () => true,
  });
  await engine.signInDevice();
  const index = await openRosterIndex(eventId);
  engine.setEvent(eventId);
  await engine.syncNow();
  return { engine, index };
}

/** The roster as another gate pulls it: a device of its own, signed in, its pull MACed with its ticket's key. */
async function otherGatesRoster() {
  const id = `other-gate-${crypto.randomUUID()}`;
  const device = { id, secret: `${crypto.randomUUID()}${crypto.randomUUID()}`, name: 'Other gate', eventId };
  const { ticket, macKey } = (await (await server.request('POST', '/api/checkin/device', { json: device, token: staff.token })).json()).data;
  const key = await doorDeviceKey(macKey);
  const { path, headers } = await key.signGet('/api/checkin/roster', { eventId, deviceId: id, limit: '2000' }, ticket, server.clock.now().getTime());
  return (await (await server.request('GET', path, { headers, token: staff.token })).json()).data;
}

/** Starts the server again on the same data folder, its clock where the old one stopped. */
async function restart(prepare: () => Promise<void>) {
  const at = server.clock.now();
  await server.close();
  await prepare();
  server = await makeTestApp({ dataDir });
  server.clock.advance(at.getTime() - server.clock.now().getTime());
}

/** What the server says of every visitor of the event: id → status. */
async function serverStatuses(): Promise<Map<string, string>> {
  const items = (await api('GET', `/api/visitors?eventId=${eventId}&limit=100`)).data.items as Array<{ id: string; status: string }>;
  return new Map(items.map((v) => [v.id, v.status]));
}

/** An hour of door work after the backup: five check-ins, a walk-in and its check-in, each acknowledged. */
async function hourOfWork(engine: CheckinSync) {
  const walkInPerson = await registerWalkIn({ eventId, fullName: 'Lost Hour Walk-in', mobileNumber: '9123400001' }, actor(), server.clock.now());
  for (const v of visitors.slice(2, 7)) {
    server.clock.advance(10 * 60_000);
    await changeStatus(person(v.id), 'checked_in', actor(), undefined, server.clock.now());
  }
  await engine.syncNow();
  await changeStatus(person(walkInPerson.id), 'checked_in', actor(), undefined, server.clock.now());
  await engine.syncNow();
  expect((await outboxSummary()).waiting).toBe(0); // every change acknowledged
  const acknowledged = await serverStatuses();
  for (const v of visitors.slice(2, 7)) expect(acknowledged.get(v.id)).toBe('checked_in');
  expect(acknowledged.get(walkInPerson.id)).toBe('checked_in');
  return walkInPerson;
}

/** The tablet's roster equals the server's, person by person. */
async function expectEqualToServer(index: Awaited<ReturnType<typeof openRosterIndex>>) {
  const onServer = await serverStatuses();
  const onDevice = new Map(index.search('Drill Visitor', 100).items.map((p) => [p.id, p.status]));
  for (const [id, status] of onServer) if (onDevice.has(id)) expect([id, onDevice.get(id)]).toEqual([id, status]);
  expect(onDevice.size).toBe(visitors.length);
}

describe('a restore of the server under a working door', () => {
  it('npm run db:restore of an hour-old backup: every acknowledged change is back, the walk-in too, and the tablet equals the server', async () => {
    const { engine, index } = await tablet();
    for (const v of visitors.slice(0, 2)) await changeStatus(person(v.id), 'checked_in', actor(), undefined, server.clock.now());
    await engine.syncNow();
    const storage = { databasePath: join(dataDir, 'test.db'), dataDir, port: 9 };
    const backup = await backupDatabase(storage, server.clock.now());
    const walkIn = await hourOfWork(engine);

    await restart(async () => {
      await restoreDatabase(storage, backup, { migrationsFolder: MIGRATIONS, now: new Date() });
    });
    // The restored server lost the hour.
    expect((await serverStatuses()).get(visitors[3]!.id)).toBe('registered_online');
    expect((await serverStatuses()).has(walkIn.id)).toBe(false);

    await engine.syncNow();
    const state = engine.getState();
    // The journal holds the last 48 hours: the two check-ins from before the backup (answered `duplicate`), and
    // the hour's five check-ins, the walk-in and its check-in.
    expect(state.restored?.resent).toBe(9);
    expect(state.waiting).toBe(0);
    const restored = await serverStatuses();
    for (const v of visitors.slice(0, 7)) expect([v.id, restored.get(v.id)]).toEqual([v.id, 'checked_in']);
    expect(restored.get(walkIn.id)).toBe('checked_in');
    // Every other gate gets the walk-in with a pass code: it is admitted there.
    const roster = await otherGatesRoster();
    expect(roster.items.find((p: { id: string }) => p.id === walkIn.id)).toMatchObject({ status: 'checked_in', passCode: expect.stringMatching(/^\w{12}$/) });
    // Each change is in the history once: what the server still had was answered `duplicate`.
    const history = (await api('GET', `/api/visitors/${visitors[0]!.id}/history`)).data as unknown[];
    expect(history).toHaveLength(1);
    await expectEqualToServer(index);
    await engine.stop();
  });

  it('a copy restored by hand (same generation): the cursor beyond the server’s sequence tells, and the same recovery runs', async () => {
    const { engine, index } = await tablet();
    const backup = await backupDatabase({ databasePath: join(dataDir, 'test.db'), dataDir }, server.clock.now());
    await hourOfWork(engine);

    await restart(async () => {
      // As an operator would by hand: the old files moved aside, the copy put in their place.
      const path = join(dataDir, 'test.db');
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${path}${suffix}`)) renameSync(`${path}${suffix}`, `${path}${suffix}.replaced`);
      copyFileSync(backup, path);
    });
    await engine.syncNow();
    expect(engine.getState().restored?.resent).toBe(7); // the hour's changes: nothing was delivered before the copy
    const restored = await serverStatuses();
    for (const v of visitors.slice(2, 7)) expect([v.id, restored.get(v.id)]).toEqual([v.id, 'checked_in']);
    await expectEqualToServer(index);
    await engine.stop();
  });
});
