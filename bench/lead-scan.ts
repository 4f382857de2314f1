/**
 * Lead capture at the stall (issue 32): an exhibitor's phone that scanned 1,000 passes offline reconnects;
 * the figure is the time until its outbox is empty, every scan a lead on the server. The phone is the PWA's
 * own code (the door's outbox and sync engine on the lead lane) over fake-indexeddb in this process,
 * against the built server and its 50,000-person roster. Budget: the door's, 1,000 queued ≤ 5 s.
 */
import 'fake-indexeddb/auto';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { startExhibitorSession } from '../edge/auth/require-exhibitor';
import { openDatabase } from '../edge/db/local-database';
import { events } from '../edge/db/tables/events';
import { exhibitors, exhibitorStaff } from '../edge/db/tables/exhibitors';
import { visitors } from '../edge/db/tables/people';
import { REPO_ROOT } from '../scripts/built-server';
import { outboxSummary, queueLeadOperation } from '../pwa/src/offline/checkin-outbox';
import { CheckinSync } from '../pwa/src/offline/sync-engine';

/**
 * An exhibitor of the featured event with its owner signed in, written into the database before the server
 * starts over it; the token is signed with `jwtSecret`, which the server must be started with.
 */
export async function seedExhibitor(databaseUrl: string, jwtSecret: string, scans = 1000) {
  const { db, close } = await openDatabase({ url: databaseUrl, migrationsFolder: join(REPO_ROOT, 'migrations') });
  try {
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.isFeatured, true)).limit(1);
    if (!event) throw new Error('no event to seed');
    const at = new Date().toISOString();
    const exhibitorId = crypto.randomUUID();
    const staffId = crypto.randomUUID();
    await db.insert(exhibitors).values({ id: exhibitorId, eventId: event.id, stallId: crypto.randomUUID(), invitedBy: 'bench', createdAt: at, updatedAt: at });
    await db
      .insert(exhibitorStaff)
      .values({ id: staffId, exhibitorId, role: 'owner', name: 'Bench stall', mobileNumber: '+919000009999', createdAt: at, updatedAt: at });
    const { token } = await startExhibitorSession(db, staffId, { secret: jwtSecret, now: new Date(), ttlSeconds: 12 * 3600 });
    const passes = await db.select({ passCode: visitors.passCode }).from(visitors).where(eq(visitors.eventId, event.id)).limit(scans);
    return { token, staffId, eventId: event.id, passCodes: passes.map((p) => p.passCode!).filter(Boolean) };
  } finally {
    await close();
  }
}

export async function benchLeadScan(url: string, seeded: Awaited<ReturnType<typeof seedExhibitor>>) {
  let online = false;
  const engine = new CheckinSync({ network: { baseUrl: url }, token: () => seeded.token, now: () => new Date(), online: () => online, lane: 'leads' });
  online = true;
  await engine.signInDevice();
  online = false;
  const actor = { userId: seeded.staffId, name: 'Bench stall' };
  for (const passCode of seeded.passCodes) await queueLeadOperation(seeded.eventId, { kind: 'scan', passCode }, actor);
  const queued = (await outboxSummary('leads')).waiting;
  online = true;
  const t0 = performance.now();
  await engine.syncNow();
  const ms = performance.now() - t0;
  const left = (await outboxSummary('leads')).waiting;
  const res = await fetch(`${url}/api/exhibitor/leads?limit=1`, { headers: { Authorization: `Bearer ${seeded.token}` } });
  const leads = ((await res.json()) as { data: { total: number } }).data.total;
  await engine.stop();
  return { queued, ms: Math.round(ms), left, leads };
}
