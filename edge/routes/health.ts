import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';

/** `GET /api/health`: 200 only when the database answers a query. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db, now } = c.var.deps;
  try {
    await db.run(sql`SELECT 1`);
  } catch (error) {
    console.error('health: database unreachable', error);
    return fail(c, 503, 'Database unreachable');
  }
  c.header('Cache-Control', 'no-store');
  return ok(c, { status: 'ok' as const, database: 'reachable' as const, time: now().toISOString() }, 'Healthy');
});
