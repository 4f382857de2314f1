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
  'POST /api/next-edition',
  'GET /api/public/passes/:token',
  'POST /api/public/passes/find',
  'GET /api/public/passes/:token/consents',
  'POST /api/public/passes/:token/consents',
  'GET /api/public/calendar.ics',
  'GET /api/public/email-confirmations/:token',
  'POST /api/public/email-confirmations/:token',
  'GET /api/public/unsubscribe/:token',
  'POST /api/public/unsubscribe/:token',
  'GET /api/public/whatsapp-webhook',
  'POST /api/public/whatsapp-webhook',
  'GET /api/public/sms-inbound/:token',
  'POST /api/public/sms-inbound/:token',
  'POST /api/exhibitor/sign-in/code',
  'POST /api/exhibitor/sign-in',
];
/** The exhibitor portal's routes (decision 081): no panel token opens them, whatever its role (exhibitor.test.ts walks them with portal tokens). */
const isPortalRoute = (route: string) => / \/api\/exhibitor\//.test(route) && !PUBLIC.includes(route);
const PEOPLE = ['visitors', 'guests', 'speakers', 'awardeesvip'];
/**
 * Staff read the people they check in and move them along at the venue door, and read events' names and
 * dates to choose one; stalls, sponsors, nominations and enquiries are the organisers' (decision 051).
 */
const STAFF = [
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'POST /api/auth/logout-everywhere',
  'POST /api/auth/password',
  ...PEOPLE.flatMap((r) => [`GET /api/${r}`, `GET /api/${r}/:id`, `GET /api/${r}/:id/history`]),
  'GET /api/events',
  'GET /api/events/:id',
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
      if (isPortalRoute(route)) {
        if (anonymous !== 401 || asStaff !== 401 || asAdmin !== 401)
          wrong.push(`${route}: a portal route, but got ${anonymous}/${asStaff}/${asAdmin}, not 401`);
        continue;
      }
      const staffMay = PUBLIC.includes(route) || STAFF.includes(route);
      if (staffMay && (asStaff === 401 || asStaff === 403)) wrong.push(`${route}: staff should be let in, got ${asStaff}`);
      if (!staffMay && asStaff !== 403) wrong.push(`${route}: staff got ${asStaff}, not 403`);
      if (asAdmin === 401 || asAdmin === 403) wrong.push(`${route}: admin got ${asAdmin}`);
      if (route.includes('/logout')) await signIn();
    }
    expect(wrong).toEqual([]);
  });

  it("staff get 403 on stalls, sponsors, nominations and enquiries, and only an event's name, dates and place", async () => {
    let n = 0;
    const mobile = () => `98${String(Date.now() + n++).slice(-8)}`;
    const created: Record<string, string> = {};
    for (const [resource, path, body] of [
      ['stalls', '/api/stalls/register', { companyName: 'Skyline', contactPersonName: 'Meena', mobileNumber: mobile() }],
      ['awards', '/api/awards/register', { nomineeName: 'Asha', mobile: mobile(), organization: 'Acme' }],
      ['sponsors', '/api/sponsors/register', { organization: 'Acme', name: 'Asha', mobile: mobile() }],
      ['enquiries', '/api/enquiries', { name: 'Asha', mobile: mobile(), subscriptionType: 'General Enquiry' }],
      [
        'visitors',
        '/api/visitors/register',
        { fullName: 'Ravi', mobileNumber: mobile(), workingProfessional: 'Others', organizationName: 'Acme', city: 'Hyderabad' },
      ],
    ] as const) {
      const res = await t.request('POST', path, { json: body });
      expect(res.status, path).toBe(201);
      created[resource] = (await res.json()).data.id;
    }
    for (const resource of ['stalls', 'sponsors', 'awards', 'enquiries']) {
      for (const path of [
        `/api/${resource}`,
        `/api/${resource}/export.csv`,
        `/api/${resource}/${created[resource]}`,
        `/api/${resource}/${created[resource]}/history`,
      ]) {
        expect((await t.request('GET', path, { token: staff })).status, path).toBe(403);
        expect((await t.request('GET', path, { token: admin })).status, path).toBe(200);
      }
    }
    // A stall's or sponsor's messages (their numbers) are the organisers'; a visitor's are the door's.
    expect((await t.request('GET', `/api/stalls/${created.stalls}/messages`, { token: staff })).status).toBe(403);
    expect((await t.request('GET', `/api/visitors/${created.visitors}/messages`, { token: staff })).status).toBe(200);

    // Events: staff choose one at the door, so they read its name, dates and place, and nothing else.
    const events = await (await t.request('GET', '/api/events?limit=100', { token: staff })).json();
    expect(events.data.total).toBeGreaterThan(0);
    const event = events.data.items[0];
    expect(Object.keys(event).sort()).toEqual([
      'city',
      'createdAt',
      'endDateTime',
      'eventName',
      'id',
      'isFeatured',
      // The visitor form's questions: the visitors list names the answers in their words.
      'registrationQuestions',
      'startDateTime',
      'status',
      'updatedAt',
      'venue',
    ]);
    const one = await (await t.request('GET', `/api/events/${event.id}`, { token: staff })).json();
    expect(Object.keys(one.data).sort()).toEqual(Object.keys(event).sort());
    const full = await (await t.request('GET', `/api/events/${event.id}`, { token: admin })).json();
    expect(full.data).toHaveProperty('description');
    expect(full.data).toHaveProperty('registrationOpensAt');
    for (const path of ['/api/events/export.csv', `/api/events/${event.id}/history`])
      expect((await t.request('GET', path, { token: staff })).status, path).toBe(403);
  });
});
