import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../env';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { requireAdmin, requireStaff } from './require-role';

// The middleware is exercised on two small routes of its own, built with the real dependencies (database,
// secrets, clock) of the test app, so its rules are tested apart from any resource's routes.
let t: TestApp;
let probe: Hono<AppEnv>;
beforeAll(async () => {
  t = await makeTestApp();
  probe = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', t.deps);
      await next();
    })
    .get('/admin-only', requireAdmin, (c) => c.json({ who: c.get('user').email }))
    .get('/staff', requireStaff, (c) => c.json({ who: c.get('user').email, role: c.get('user').role }));
});
afterAll(() => t.close());

const call = (path: string, token?: string) => probe.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

describe('requireRole', () => {
  it('lets admins through everywhere, staff only where staff may go (403 elsewhere), anonymous nowhere (401)', async () => {
    const staff = await t.createUser('staff');
    const staffToken = await t.login(staff.email, staff.password);
    const adminToken = await t.login();

    expect((await call('/admin-only', adminToken)).status).toBe(200);
    expect((await call('/staff', adminToken)).status).toBe(200);

    const forbidden = await call('/admin-only', staffToken);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ success: false, message: 'You do not have permission to do this.' });
    expect(await (await call('/staff', staffToken)).json()).toEqual({ who: staff.email, role: 'staff' });

    expect((await call('/admin-only')).status).toBe(401);
    expect((await call('/staff')).status).toBe(401);
  });

  it('follows a role change at once: a demoted admin is refused with the token it already holds', async () => {
    const { users } = await import('../db/tables/system');
    const { eq } = await import('drizzle-orm');
    const other = await t.createUser('admin');
    const token = await t.login(other.email, other.password);
    expect((await call('/admin-only', token)).status).toBe(200);
    await t.db.update(users).set({ role: 'staff' }).where(eq(users.id, other.id));
    expect((await call('/admin-only', token)).status).toBe(403);
  });
});
