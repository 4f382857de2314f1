import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { toStatement } from '../db/sql-statement';
import { healthProbe } from '../db/tables/system';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { describeError } from '../lib/log';
import { groupCommit } from '../perf/group-commit';

/** A write probe that succeeded stands for this long; a failed one is tried again on the next request. */
export const WRITE_PROBE_EVERY_MS = 1_000;
const probes = new WeakMap<object, { at: number; result: Promise<unknown> }>();

/**
 * Writes the probe row through both paths the API writes by (the routes' connection and the write lane
 * of group commits); resolves to the error, or undefined. Concurrent health checks share one probe, and
 * a success stands for `WRITE_PROBE_EVERY_MS`, so a load balancer polling hard does not turn into writes.
 */
function writeProbe(deps: AppEnv['Variables']['deps']): Promise<unknown> {
  const at = deps.now();
  const last = probes.get(deps);
  if (last && at.getTime() - last.at < WRITE_PROBE_EVERY_MS) return last.result;
  const iso = at.toISOString();
  const probe = deps.db
    .insert(healthProbe)
    .values({ id: 1, checkedAt: iso })
    .onConflictDoUpdate({ target: healthProbe.id, set: { checkedAt: iso } });
  const result = (async () => {
    try {
      await probe;
      await groupCommit(deps.writeBatch, [toStatement(probe)]);
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
 * `GET /api/health`: 200 only when the database answers a query AND takes a write (above). A full disk
 * or a read-only database answers 503, so a load balancer or an uptime check sees it.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db, now, logger } = c.get('deps');
  c.header('Cache-Control', 'no-store');
  try {
    await db.run(sql`SELECT 1`);
  } catch (error) {
    logger.error('health: database unreachable', { requestId: c.get('requestId'), route: '/api/health', error: describeError(error) });
    return fail(c, 503, 'Database unreachable');
  }
  const failure = await writeProbe(c.get('deps'));
  if (failure) {
    logger.error('health: database not writable', { requestId: c.get('requestId'), route: '/api/health', error: describeError(failure) });
    return fail(c, 503, 'Database not writable');
  }
  // Whether pass messages can be queued at all (decision 045): a monitor sees an unset PUBLIC_ORIGIN.
  const { messaging } = c.get('deps');
  const messages = messaging?.publicOrigin ? ('on' as const) : ('off: PUBLIC_ORIGIN is not set' as const);
  return ok(c, { status: 'ok' as const, database: 'reachable' as const, writable: true as const, messages, time: now().toISOString() }, 'Healthy');
});
