import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { FEATURED_EVENT } from '../lib/featured-event';
import { ensureFeaturedEvent, ensureFirstAdmin } from './initial-data';
import { events } from './tables/events';
import { users } from './tables/system';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('first start', () => {
  it('creates the featured expo once: 18–19 October 2025 in Hyderabad, starting 09:00 IST', async () => {
    expect(await ensureFeaturedEvent(t.db, t.clock.now())).toBe(false);
    const rows = await t.db.select().from(events);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isFeatured: true, city: 'Hyderabad', status: 'active', venue: FEATURED_EVENT.venue });
    const start = new Date(rows[0]!.startDateTime);
    expect(start.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'long', timeStyle: 'short', hour12: false })).toBe('18 October 2025 at 09:00');
    expect(new Date(rows[0]!.endDateTime).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'long' })).toBe('19 October 2025');
  });

  it('creates no second admin when one exists', async () => {
    const result = await ensureFirstAdmin(t.db, { email: 'second@expo.test', password: 'x', pepper: 'p', now: t.clock.now() });
    expect(result).toEqual({ created: false });
    expect(await t.db.select().from(users).where(eq(users.email, 'second@expo.test'))).toHaveLength(0);
  });

  it('without ADMIN_PASSWORD generates a strong password, returned once and usable to log in', async () => {
    await t.db.delete(users);
    const result = await ensureFirstAdmin(t.db, { email: ' Owner@Expo.Test ', pepper: t.deps.secrets.passwordPepper, now: t.clock.now() });
    expect(result.created).toBe(true);
    expect(result.email).toBe('owner@expo.test');
    expect(result.generatedPassword).toMatch(/^[\w-]{16}$/);
    const [stored] = await t.db.select().from(users).where(eq(users.email, 'owner@expo.test'));
    expect(stored!.passwordHash).not.toContain(result.generatedPassword!);
    expect(await t.login('owner@expo.test', result.generatedPassword!)).toBeTruthy();
  });
});
