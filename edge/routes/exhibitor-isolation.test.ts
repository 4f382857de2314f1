import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExhibitorSession } from '../auth/require-exhibitor';
import { exhibitorStaff } from '../db/tables/exhibitors';
import { DEFAULT_CONFIG } from '../env';
import { makeTestApp, type TestApp } from '../testing/test-app';

/**
 * The role `exhibitor` sees only its own booking (issue 32). Every route of the portal is walked from the
 * app's own route table (`app.routes`), so routes added later (the leads) are walked too: with exhibitor
 * A's tokens (its owner's and its staff's) and exhibitor B's ids in the path, the query and the body, each
 * answers 403/404 where it names a record, and no answer carries anything of B's; B's rows are unchanged.
 * Then every other route of the API answers an exhibitor token exactly as it answers no token at all.
 */
let t: TestApp;
let admin: string;
let eventId: string;

interface Exhibitor {
  exhibitorId: string;
  ownerId: string;
  staffId: string;
  stallId: string;
  owner: string;
  staff: string;
  /** What must never appear in another exhibitor's answers. */
  secrets: string[];
}

async function exhibitor(company: string, contact: string, number: string, staffNumber: string): Promise<Exhibitor> {
  const stall = await t.request('POST', '/api/stalls', {
    token: admin,
    json: {
      eventId,
      companyName: company,
      contactPersonName: contact,
      email: `${number}@builders.in`,
      mobileNumber: number,
      stallNumber: `S-${number.slice(-3)}`,
      status: 'confirmed',
    },
  });
  const stallId = (await stall.json()).data.id as string;
  const invite = await t.request('POST', '/api/exhibitors', { token: admin, json: { stallId } });
  expect(invite.status).toBe(201);
  const { id: exhibitorId, owner } = (await invite.json()).data;
  const ownerToken = await sessionOf(owner.id);
  const added = await t.request('POST', '/api/exhibitor/staff', { token: ownerToken, json: { name: `${contact} helper`, mobileNumber: staffNumber } });
  expect(added.status).toBe(201);
  const staffId = (await added.json()).data.id as string;
  return {
    exhibitorId,
    ownerId: owner.id,
    staffId,
    stallId,
    owner: ownerToken,
    staff: await sessionOf(staffId),
    secrets: [exhibitorId, owner.id, staffId, stallId, company, contact, number, staffNumber, `S-${number.slice(-3)}`],
  };
}

const sessionOf = async (staffId: string) =>
  (await startExhibitorSession(t.db, staffId, { secret: t.deps.secrets.jwtSecret, now: t.clock.now(), ttlSeconds: DEFAULT_CONFIG.tokenTtlSeconds })).token;

let a: Exhibitor;
let b: Exhibitor;

beforeAll(async () => {
  t = await makeTestApp({ config: { publicRateLimit: 0 } });
  admin = await t.login();
  eventId = (await (await t.request('GET', '/api/events', { token: admin })).json()).data.items[0].id;
  a = await exhibitor('Aparna Constructions', 'Ravi Kumar', '9876500011', '9876500012');
  b = await exhibitor('Bhoomi Builders', 'Bhavana Reddy', '9876500021', '9876500022');
});
afterAll(() => t.close());

const portalRoutes = () =>
  [...new Set(t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/exhibitor/')).map((r) => `${r.method} ${r.path}`))].sort(
    // Signing out ends the session the walk uses: last.
    (x, y) => Number(x.includes('sign-out')) - Number(y.includes('sign-out')) || x.localeCompare(y),
  );

describe('an exhibitor sees only its own booking', () => {
  it('walks every portal route with another stall’s ids: 403/404 where a record is named, nothing of the other stall in any answer', async () => {
    const routes = portalRoutes();
    expect(routes).toEqual(expect.arrayContaining(['GET /api/exhibitor/booking', 'GET /api/exhibitor/staff', 'DELETE /api/exhibitor/staff/:id']));
    const foreignIds = [b.exhibitorId, b.ownerId, b.staffId, b.stallId];
    const body = { id: b.staffId, staffId: b.staffId, exhibitorId: b.exhibitorId, stallId: b.stallId, leadId: b.staffId };
    const query = `?exhibitorId=${b.exhibitorId}&stallId=${b.stallId}&staffId=${b.staffId}`;
    const wrong: string[] = [];
    let walked = 0;
    for (const who of ['owner', 'staff'] as const) {
      for (const route of routes) {
        const [method, pattern] = route.split(' ') as [string, string];
        const hasParams = pattern.includes(':');
        for (const id of hasParams ? foreignIds : [undefined]) {
          const path = pattern.replace(/:\w+/g, id ?? '');
          const res = await t.request(method, `${path}${query}`, { token: a[who], json: method === 'GET' ? undefined : body });
          const text = await res.text();
          walked++;
          if (res.status >= 500) wrong.push(`${who} ${route}: ${res.status}`);
          if (hasParams && res.status !== 403 && res.status !== 404) wrong.push(`${who} ${method} ${path}: ${res.status}, not 403/404`);
          const leaked = b.secrets.filter((secret) => text.includes(secret));
          if (leaked.length) wrong.push(`${who} ${method} ${path}: answered ${leaked.join(', ')}`);
          // The walk signed this phone out: a new session for the next route.
          if (route.includes('sign-out')) a[who] = await sessionOf(who === 'owner' ? a.ownerId : a.staffId);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(walked).toBeGreaterThanOrEqual(2 * routes.length);

    // B is as it was: its people, its sessions, its booking.
    const people = await t.db.select({ id: exhibitorStaff.id }).from(exhibitorStaff).where(eq(exhibitorStaff.exhibitorId, b.exhibitorId));
    expect(people.map((p) => p.id).sort()).toEqual([b.ownerId, b.staffId].sort());
    const own = await t.request('GET', '/api/exhibitor/booking', { token: b.staff });
    expect(own.status).toBe(200);
    expect((await own.json()).data.company).toBe('Bhoomi Builders');
  });

  it('answers its own booking and team to each exhibitor (the walk above is not vacuous)', async () => {
    const booking = await (await t.request('GET', '/api/exhibitor/booking', { token: a.owner })).json();
    expect(booking.data).toMatchObject({ company: 'Aparna Constructions', stallNumber: 'S-011' });
    const team = await (await t.request('GET', '/api/exhibitor/staff', { token: a.staff })).json();
    expect(team.data.items.map((p: { id: string }) => p.id).sort()).toEqual([a.ownerId, a.staffId].sort());
    expect((await t.request('DELETE', `/api/exhibitor/staff/${a.staffId}`, { token: b.owner })).status).toBe(404);
  });

  it('opens no other route of the API: each answers an exhibitor token as it answers no token', async () => {
    const routes = [
      ...new Set(
        t.app.routes
          .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.startsWith('/api/exhibitor/'))
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    expect(routes.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(/:\w+/g, b.stallId);
      const json = method === 'GET' ? undefined : {};
      const anonymous = (await t.request(method, path, { json })).status;
      const asExhibitor = (await t.request(method, path, { json, token: a.owner })).status;
      if (asExhibitor !== anonymous) wrong.push(`${route}: ${asExhibitor} with an exhibitor token, ${anonymous} with none`);
    }
    expect(wrong).toEqual([]);
  });
});
