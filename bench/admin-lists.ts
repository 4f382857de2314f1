/**
 * List latency of the admin API at 100,000 visitors in 13 events: the first page, a search, a status
 * filter, and the panel's default list (one event's first page) with and without a search, each with its
 * total — through HTTP against the built server. Then one bulk status change of a whole event's visitors.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { ensureFeaturedEvent } from '../edge/db/initial-data';
import { events } from '../edge/db/tables/events';
import { openDatabase } from '../edge/db/local-database';
import { visitors } from '../edge/db/tables/people';
import { newPassCode } from '../edge/lib/pass-code';
import { REPO_ROOT, startBuiltServer } from '../scripts/built-server';
import { apiLogin } from '../tests/e2e/panel-helpers';

const FIRST_NAMES = ['Ravi', 'Sita', 'Anil', 'Lakshmi', 'Venkat', 'Padma', 'Srinivas', 'Kavya', 'Rahul', 'Divya', 'Suresh', 'Anjali'];
const LAST_NAMES = ['Reddy', 'Rao', 'Sharma', 'Naidu', 'Gupta', 'Varma', 'Iyer', 'Khan', 'Das', 'Patel'];
const STATUSES = ['pending', 'registered_online', 'registered_at_venue', 'checked_in', 'not_visited'];

export interface ListLatency {
  name: string;
  p50: number;
  p99: number;
  rps: number;
}

export interface BulkTiming {
  records: number;
  ms: number;
}

const EVENT_COUNT = 13;

export async function benchAdminLists(rows = 100_000): Promise<{ lists: ListLatency[]; bulk: BulkTiming }> {
  const dir = mkdtempSync(join(tmpdir(), 'eventpro-lists-'));
  const url = `file:${join(dir, 'expo.db')}`;
  const { db, close } = await openDatabase({ url, migrationsFolder: join(REPO_ROOT, 'migrations') });
  await ensureFeaturedEvent(db, new Date());
  const [featured] = await db.select().from(events).where(eq(events.isFeatured, true)).limit(1);
  const eventIds = [featured!.id];
  for (let n = 1; n < EVENT_COUNT; n++) {
    const id = crypto.randomUUID();
    const { id: _id, isFeatured: _featured, ...rest } = featured!;
    await db.insert(events).values({ ...rest, id, eventName: `${featured!.eventName} ${n}`, isFeatured: false });
    eventIds.push(id);
  }
  const started = Date.now() - rows * 1000;
  for (let offset = 0; offset < rows; offset += 500) {
    const batch = Array.from({ length: Math.min(500, rows - offset) }, (_, i) => {
      const n = offset + i;
      const at = new Date(started + n * 1000).toISOString();
      return {
        id: crypto.randomUUID(),
        fullName: `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[(n * 7) % LAST_NAMES.length]} ${n}`,
        mobileNumber: `+91${7_000_000_000 + n}`, // stored E.164, as every write path stores it
        email: `visitor${n}@example.in`,
        eventId: eventIds[n % EVENT_COUNT]!,
        registrationType: 'visitor_registration',
        status: STATUSES[n % STATUSES.length]!,
        passCode: newPassCode(),
        createdAt: at,
        updatedAt: at,
      };
    });
    await db.insert(visitors).values(batch);
  }
  await close();

  const server = await startBuiltServer({ DATABASE_URL: url });
  const results: ListLatency[] = [];
  let bulk: BulkTiming = { records: 0, ms: 0 };
  try {
    const token = await apiLogin(server.url, server.adminEmail, server.adminPassword);
    // One organiser at a time (1 connection), and the default list under 10 at once.
    const cases: Array<[string, string, number]> = [
      ['first page', '/api/visitors?page=1&limit=20', 1],
      ['search "reddy 4"', '/api/visitors?q=reddy%204&limit=20', 1],
      ['status filter', '/api/visitors?status=checked_in&limit=20', 1],
      ['first page, 10 connections', '/api/visitors?page=1&limit=20', 10],
      ['one event, first page (the panel default)', `/api/visitors?eventId=${eventIds[0]}&page=1&limit=25`, 1],
      ['one event, search "reddy 4"', `/api/visitors?eventId=${eventIds[0]}&q=reddy%204&limit=25`, 1],
    ];
    for (const [name, path, connections] of cases) {
      const result = await autocannon({ url: `${server.url}${path}`, connections, duration: 5, headers: { Authorization: `Bearer ${token}` } });
      if (result.non2xx) throw new Error(`${name}: ${result.non2xx} non-2xx answers`);
      results.push({ name, p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average) });
    }
    // One organiser checks in a whole event's visitors at once (POST /bulk with the event as the filter).
    const began = performance.now();
    const answer = await fetch(`${server.url}/api/visitors/bulk`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ action: 'status', status: 'registered_at_venue', filter: { eventId: eventIds[1] } }),
    });
    const ms = Math.round(performance.now() - began);
    const body = (await answer.json()) as { success: boolean; message: string; data: { changed: number } };
    if (!body.success) throw new Error(`bulk: ${body.message}`);
    bulk = { records: body.data.changed, ms };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { lists: results, bulk };
}
