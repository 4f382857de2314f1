import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { toStatement } from '../db/sql-statement';
import { healthProbe } from '../db/tables/system';
import type { AppEnv } from '../env';
import { ok, unavailable } from '../http/envelope';
import { describeError } from '../lib/log';
import { groupCommit } from '../perf/group-commit';

/** A write probe that succeeded stands for this long; a failed one is tried again on the next request. */
export const WRITE_PROBE_EVERY_MS = 1_000;
/** The probe row's blob: larger than a page (SQLite's default 4 KiB), so the insert needs pages it has no room for on a full disk. */
const PROBE_ROOM_BYTES = 8_192;
const probes = new WeakMap<object, { at: number; result: Promise<unknown> }>();

/** The next probe writes, whatever the last one said: a request has just failed to write (app.ts). */
export function forgetWriteProbe(deps: object): void {
  probes.delete(deps);
}

/**
 * Inserts a probe row and removes it, in one transaction, through both paths the API writes by (the
 * routes' connection and the write lane of group commits); resolves to the error, or undefined. An insert,
 * not an update of one row: on a full disk an update fits in its page where a registration's insert does
 * not. Concurrent health checks share one probe, and a success stands for `WRITE_PROBE_EVERY_MS` (unless a
 * request fails to write meanwhile), so a load balancer polling hard does not turn into writes.
 */
function writeProbe(deps: AppEnv['Variables']['deps']): Promise<unknown> {
  const at = deps.now();
  const last = probes.get(deps);
  if (last && Math.abs(at.getTime() - last.at) < WRITE_PROBE_EVERY_MS) return last.result;
  const id = 2 + Math.floor(Math.random() * 2 ** 48); // row 1 was the probe of earlier versions
  const insert = deps.db.insert(healthProbe).values({ id, checkedAt: at.toISOString(), room: sql`zeroblob(${PROBE_ROOM_BYTES})` });
  const remove = deps.db.delete(healthProbe).where(eq(healthProbe.id, id));
  const result = (async () => {
    try {
      await deps.db.batch([insert, remove]);
      await groupCommit(deps.writeBatch, [toStatement(insert), toStatement(remove)]);
      return undefined;
    } catch (error) {
      probes.delete(deps);
      return error ?? new Error('write probe failed');
    }
  })();
  probes.set(deps, { at: at.getTime(), result });
  return result;
}

/**
 * `GET /api/health`: 200 only when the database file is the one the server opened, the database answers a
 * query AND takes an insert (above). A deleted database file, a full disk or a read-only database answers
 * 503 with `Retry-After`, so a load balancer or an uptime check sees it.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const deps = c.get('deps');
  const { db, now, logger } = deps;
  c.header('Cache-Control', 'no-store');
  const fields = { requestId: c.get('requestId'), route: '/api/health' };
  const fileProblem = deps.databaseFileProblem?.();
  if (fileProblem) {
    logger.error('health: database file lost', { ...fields, problem: fileProblem });
    return unavailable(c, 'Database file missing: the server must be restarted on a restored database');
  }
  try {
    await db.run(sql`SELECT 1`);
  } catch (error) {
    logger.error('health: database unreachable', { ...fields, error: describeError(error) });
    return unavailable(c, 'Database unreachable');
  }
  const failure = await writeProbe(deps);
  if (failure) {
    logger.error('health: database not writable', { ...fields, error: describeError(failure) });
    return unavailable(c, 'Database not writable');
  }
  // Whether pass messages can be queued at all (decision 045): a monitor sees an unset PUBLIC_ORIGIN.
  const { messaging } = c.get('deps');
  const messages = messaging?.publicOrigin ? ('on' as const) : ('off: PUBLIC_ORIGIN is not set' as const);
  return ok(c, { status: 'ok' as const, database: 'reachable' as const, writable: true as const, messages, time: now().toISOString() }, 'Healthy');
});
