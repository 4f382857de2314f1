import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { toStatement } from '../db/sql-statement';
import { healthProbe } from '../db/tables/system';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { describeError } from '../lib/log';

/**
 * `GET /api/health`: 200 only when the database answers a query AND takes a write, through both paths
 * the API writes by (the connection the routes use and the write lane of group commits). A full disk
 * or a read-only database answers 503, so a load balancer or an uptime check sees it.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db, writeBatch, now, logger } = c.var.deps;
  c.header('Cache-Control', 'no-store');
  try {
    await db.run(sql`SELECT 1`);
  } catch (error) {
    logger.error('health: database unreachable', { requestId: c.var.requestId, route: '/api/health', error: describeError(error) });
    return fail(c, 503, 'Database unreachable');
  }
  const at = now().toISOString();
  const probe = db
    .insert(healthProbe)
    .values({ id: 1, checkedAt: at })
    .onConflictDoUpdate({ target: healthProbe.id, set: { checkedAt: at } });
  try {
    await probe;
    await writeBatch([toStatement(probe)]);
  } catch (error) {
    logger.error('health: database not writable', { requestId: c.var.requestId, route: '/api/health', error: describeError(error) });
    return fail(c, 503, 'Database not writable');
  }
  return ok(c, { status: 'ok' as const, database: 'reachable' as const, writable: true as const, time: at }, 'Healthy');
});
