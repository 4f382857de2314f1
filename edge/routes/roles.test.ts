import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiChecker } from '../testing/openapi-check';
import { makeTestApp, type TestApp } from '../testing/test-app';

/**
 * The role matrix, over every route the app has (read from `app.routes`, so a route added later is
 * covered without touching this file). A route is admin-only unless it is listed here: a new route
 * cannot be left open to anonymous callers or staff by mistake.
 */
const PUBLIC = [
  'GET /api/health',
  'POST /api/auth/login',
  'GET /api/files/:key',
  'GET /api/public/site',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs.css',
  'POST /api/visitors/register',
  'POST /api/stalls/register',
  'POST /api/awards/register',
  'POST /api/sponsors/register',
  'POST /api/enquiries',
  'GET /api/public/passes/:token',
  'POST /api/public/passes/find',
  'GET /api/public/calendar.ics',
];
const PEOPLE = ['visitors', 'guests', 'speakers', 'awardeesvip'];
const RESOURCES = [...PEOPLE, 'stalls', 'sponsors', 'awards', 'enquiries', 'events'];
/** Staff read rosters and lists, and move people along at the venue door; nothing else. */
const STAFF = [
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'POST /api/auth/logout-everywhere',
  'POST /api/auth/password',
  ...RESOURCES.flatMap((r) => [`GET /api/${r}`, `GET /api/${r}/:id`, `GET /api/${r}/:id/history`]),
  ...PEOPLE.map((r) => `PUT /api/${r}/:id/status`),
  ...PEOPLE.map((r) => `POST /api/${r}/bulk`),
  'GET /api/checkin/roster',
  'POST /api/checkin/device',
  'POST /api/checkin/ops',
  'POST /api/checkin/walk-ins',
  'POST /api/checkin/report',
  'GET /api/checkin/counts',
  'GET /api/:resource/:id/messages',
];

let t: TestApp;
let staff: string;
let admin: string;
let account: { email: string; password: string };
/** New sessions: calling the logout routes ends the ones the test had. */
const signIn = async () => {
  staff = await t.login(account.email, account.password);
  admin = await t.login();
};
beforeAll(async () => {
  t = await makeTestApp();
  account = await t.createUser('staff');
  await signIn();
});
afterAll(() => t.close());

describe('who may call what', () => {
  it('anonymous callers get 401 and staff 403 on every route that is not theirs', async () => {
    const routes = [...new Set(t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`))];
    expect(routes.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    const reference = openApiChecker(await (await t.request('GET', '/api/openapi.json')).json());
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(/:\w+/g, 'x');
      const send = async (token?: string) => {
        const res = await t.request(method, path, { token, json: method === 'GET' ? undefined : {} });
        const problem = reference.check(method, path, res);
        if (problem) wrong.push(`not in the API reference: ${problem}`);
        return res;
      };
      const anonymous = (await send()).status;
      const asStaff = (await send(staff)).status;
      const asAdmin = (await send(admin)).status;
      if (PUBLIC.includes(route)) {
        if (anonymous === 401 || anonymous === 403) wrong.push(`${route}: public, but anonymous got ${anonymous}`);
      } else if (anonymous !== 401) wrong.push(`${route}: anonymous got ${anonymous}, not 401`);
      const staffMay = PUBLIC.includes(route) || STAFF.includes(route);
      if (staffMay && (asStaff === 401 || asStaff === 403)) wrong.push(`${route}: staff should be let in, got ${asStaff}`);
      if (!staffMay && asStaff !== 403) wrong.push(`${route}: staff got ${asStaff}, not 403`);
      if (asAdmin === 401 || asAdmin === 403) wrong.push(`${route}: admin got ${asAdmin}`);
      if (route.includes('/logout')) await signIn();
    }
    expect(wrong).toEqual([]);
  });
});
