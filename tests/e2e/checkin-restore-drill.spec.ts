// Issue 26's restore drill on three Chromium tablets: the server's database is backed up, the three tablets
// work on (check-ins, a walk-in, every change acknowledged), the backup is restored (db:restore's own code:
// a new generation) and the server starts again on it, on the same address. Every tablet notices, sends its
// delivered changes again and downloads the roster anew: no acknowledged change is lost, every tablet ends
// equal to the server, and the walk-in of the lost hour is admitted at another gate.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../../edge/db/backup';
import { freePort, type RunningServer, startBuiltServer } from '../../scripts/built-server';
import { type Device, openDevice } from './browser';
import { checkIn, featuredEventId, localStates, openCheckin, type Seeded, seedVisitors, staffLogin, waitForEmptyOutbox } from './checkin-helpers';
import { api, apiLogin, useToken } from './panel-helpers';

const MIGRATIONS = resolve(import.meta.dirname, '../../migrations');
const tag = `drill${Date.now().toString(36)}`;
let dataDir: string;
let port: number;
let server: RunningServer;
let admin: string;
let eventId: string;
let people: Seeded[];
const tablets: Device[] = [];

const statuses = async () => {
  const { body } = await api<{ data: { items: Array<{ id: string; status: string; fullName: string; passCode: string }> } }>(
    server.url,
    admin,
    'GET',
    `/visitors?eventId=${eventId}&limit=100`,
  );
  return body.data.items;
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'eventpro-drill-'));
  port = await freePort();
  server = await startBuiltServer({}, { port, dataDir });
  admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);
  eventId = await featuredEventId(server.url, admin);
  people = await seedVisitors(server.url, admin, eventId, tag, 12);
  for (let i = 0; i < 3; i++) {
    const staff = await staffLogin(server.url, admin, `${tag}-${i}`);
    const tablet = await openDevice({ viewport: { width: 820, height: 1180 } });
    await useToken(tablet.page, server.url, staff.token);
    await openCheckin(tablet.page, server.url, people.length);
    tablets.push(tablet);
  }
}, 240_000);

afterAll(async () => {
  for (const tablet of tablets) await tablet.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a restore from backup under three working tablets', () => {
  it('backup, an hour of work on three tablets, restore: nothing acknowledged is lost, every tablet equals the server, the walk-in is admitted elsewhere', async () => {
    const storage = { databasePath: join(dataDir, 'expo.db'), dataDir, port };
    // Before the backup: one check-in per tablet.
    for (const [i, tablet] of tablets.entries()) await checkIn(tablet.page, people[i]!);
    for (const tablet of tablets) await waitForEmptyOutbox(tablet.page);
    const backup = await backupDatabase(storage, new Date());

    // The hour after it: three check-ins per tablet and a walk-in at the first, each acknowledged.
    for (const [i, tablet] of tablets.entries()) for (const person of people.slice(3 + 3 * i, 6 + 3 * i)) await checkIn(tablet.page, person);
    const desk = tablets[0]!.page;
    const walkInName = `Lost Hour Walk-in ${tag}`;
    await desk.getByRole('button', { name: 'Walk-in', exact: true }).click();
    await desk.getByLabel('Full name').fill(walkInName);
    await desk.getByLabel('Mobile number').fill('9123400042');
    await desk.getByRole('button', { name: 'Register at venue' }).click();
    await desk.getByTestId('person-card').getByRole('heading', { name: walkInName }).waitFor();
    for (const tablet of tablets) await waitForEmptyOutbox(tablet.page);
    const acknowledged = await statuses();
    const walkIn = acknowledged.find((v) => v.fullName === walkInName)!;
    expect(walkIn).toMatchObject({ status: 'registered_at_venue' });
    const checkedIn = people; // 3 before the backup, 9 in the hour after it
    for (const person of checkedIn) expect(acknowledged.find((v) => v.id === person.id)?.status).toBe('checked_in');

    // The restore: the server stops, the backup is put in place with a new generation, the server starts again.
    await server.stop();
    await restoreDatabase(storage, backup, { migrationsFolder: MIGRATIONS, now: new Date() });
    // The hour is gone from the restored file. Read before the server starts: once it answers, a tablet may
    // send its journal again before any request of this test, which is what the next steps check.
    const restoredFile = createClient({ url: `file:${storage.databasePath}` });
    const [restoredRow] = (await restoredFile.execute({ sql: 'SELECT status FROM visitors WHERE id = ?', args: [people[3]!.id] })).rows;
    restoredFile.close();
    expect(restoredRow?.status).toBe('registered_online');
    server = await startBuiltServer({}, { port, dataDir });
    admin = await apiLogin(server.url, server.adminEmail, server.adminPassword);

    // Every tablet notices, sends its journal again and downloads the roster anew.
    for (const tablet of tablets) {
      await tablet.page.getByRole('button', { name: 'Sync now' }).click();
      await tablet.page.getByTestId('server-restored').waitFor({ timeout: 60_000 });
    }
    for (const tablet of tablets) await waitForEmptyOutbox(tablet.page, 60_000);
    const restored = await statuses();
    for (const person of checkedIn) expect([person.name, restored.find((v) => v.id === person.id)?.status]).toEqual([person.name, 'checked_in']);
    expect(restored.find((v) => v.id === walkIn.id)).toMatchObject({ status: 'registered_at_venue', passCode: walkIn.passCode });

    // Every tablet equals the server, person by person.
    const ids = restored.map((v) => v.id);
    for (const tablet of tablets) {
      await expect
        .poll(
          async () => {
            const onDevice = await localStates(tablet.page, ids);
            return restored.filter((v) => onDevice[v.id]?.status !== v.status).map((v) => v.fullName);
          },
          { timeout: 60_000 },
        )
        .toEqual([]);
    }

    // The lost hour's walk-in is admitted at another gate: its pass, read there, checks them in.
    const gate = tablets[2]!.page;
    await gate.getByTestId('checkin-search').fill(walkIn.passCode);
    await gate.keyboard.press('Enter');
    await gate.locator('[data-testid="person-card"][data-status="checked_in"]').getByRole('heading', { name: walkInName }).waitFor();
    await waitForEmptyOutbox(gate);
    expect((await statuses()).find((v) => v.id === walkIn.id)?.status).toBe('checked_in');
  }, 420_000);
});
