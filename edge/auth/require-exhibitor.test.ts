import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../env';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { requireExhibitor } from './require-exhibitor';
import { verifyToken } from './tokens';

/** The exhibitor portal's sessions are their own audience: a portal token opens no panel route, a panel token no portal route. */
describe('exhibitor portal sessions', () => {
  let t: TestApp;
  let eventId: string;
  let stallId: string;
  let admin: string;

  beforeAll(async () => {
    t = await makeTestApp();
    admin = await t.login();
    eventId = (await (await t.request('GET', '/api/events', { token: admin })).json()).data.items[0].id;
    const stall = await t.request('POST', '/api/stalls', {
      token: admin,
      json: { eventId, companyName: 'Aparna Constructions', contactPersonName: 'Ravi', email: 'ravi@aparna.in', mobileNumber: '9876500001' },
    });
    expect(stall.status).toBe(201);
    stallId = (await stall.json()).data.id;
  });
  afterAll(() => t.close());

  /** A route behind requireExhibitor over the test's own deps, answering the scope it was given. */
  const portal = () => {
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('deps', t.deps as AppEnv['Variables']['deps']);
      await next();
    });
    app.get('/scope', requireExhibitor, (c) => c.json(c.get('exhibitor')));
    return app;
  };

  it('lets an exhibitor in with its own stall as scope, and no panel route lets it in', async () => {
    const { token, exhibitorId } = await t.exhibitorSession({ eventId, stallId }, '+919876500001');
    const res = await portal().request('/scope', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ exhibitorId, eventId, stallId, sponsorId: null, role: 'owner' });

    for (const path of ['/api/visitors', '/api/stalls', '/api/checkin/roster', '/api/auth/me']) {
      expect((await t.request('GET', path, { token })).status, path).toBe(401);
    }
  });

  it('refuses a panel token, a forged audience and an ended session', async () => {
    expect((await portal().request('/scope', { headers: { Authorization: `Bearer ${admin}` } })).status).toBe(401);
    expect(await verifyToken(admin, t.deps.secrets.jwtSecret, t.clock.now(), 'exhibitor')).toEqual({ ok: false, reason: 'invalid' });

    const { token, staffId } = await t.exhibitorSession({ eventId, sponsorId: crypto.randomUUID() }, '+919876500002');
    const { sessions } = await import('../db/tables/system');
    const { eq } = await import('drizzle-orm');
    await t.db.delete(sessions).where(eq(sessions.userId, staffId));
    const ended = await portal().request('/scope', { headers: { Authorization: `Bearer ${token}` } });
    expect(ended.status).toBe(401);
    expect((await ended.json()).message).toBe('Your session has ended. Please log in again.');
  });
});
