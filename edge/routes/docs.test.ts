import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiChecker } from '../testing/openapi-check';
import { describedRoutes } from './docs';
import { png } from '../testing/images';
import { makeTestApp, type RequestOptions, type TestApp } from '../testing/test-app';

let t: TestApp;
let spec: any;
beforeAll(async () => {
  t = await makeTestApp({ config: { publicRateLimit: 3 } });
  spec = await (await t.request('GET', '/api/openapi.json')).json();
});
afterAll(() => t.close());

describe('the API reference', () => {
  it('documents every route the app serves, from the same schemas', async () => {
    expect(spec.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const served = t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`);
    expect([...new Set(served)].filter((route) => !documented.has(route))).toEqual([]);
    const login = spec.paths['/api/auth/login'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(['email', 'password']);
  });

  it('has words for every route and for no route that is not served, and documents bodies and roles from the routes', () => {
    // The document walks the route tree; a new route without its summary and tag, or words left behind by
    // a removed route, fail here.
    const { undescribed, stale, ops } = describedRoutes();
    expect(undescribed).toEqual([]);
    expect(stale).toEqual([]);
    expect(ops.length).toBe(new Set(t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`)).size);
    // Taken from the validator and the role middleware of the route itself (http/route-facts.ts).
    const register = spec.paths['/api/visitors/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(['fullName', 'mobileNumber']);
    expect(register['x-roles']).toEqual([]);
    // A field blank counts as absent in (fields.ts blankAsAbsent) is shown with its typed text's limits.
    expect(register.requestBody.content['application/json'].schema.properties.email).toEqual({ anyOf: [{ type: 'string', maxLength: 254 }, { type: 'null' }] });
    expect(spec.paths['/api/users'].post['x-roles']).toEqual(['admin']);
    expect(spec.paths['/api/checkin/roster'].get['x-roles']).toEqual(['admin', 'staff']);
    expect(spec.paths['/api/checkin/roster'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['eventId', 'since', 'limit', 'deviceId']);
  });

  it("documents the exhibitor portal's routes from their own middleware too", () => {
    // requireExhibitor's audience, the chunked batch validator's schema and the bodies two handlers check
    // themselves (checkedByHandler) come from the routes, as every other route's (http/route-facts.ts).
    const portal = Object.entries(spec.paths as Record<string, Record<string, any>>).filter(([path]) => path.startsWith('/api/exhibitor/'));
    expect(portal.length).toBeGreaterThan(10);
    for (const [path, methods] of portal) {
      for (const [method, op] of Object.entries(methods)) {
        const signIn = path.startsWith('/api/exhibitor/sign-in');
        expect(op['x-roles'], `${method} ${path}`).toEqual(signIn ? [] : ['exhibitor']);
        expect(op.security, `${method} ${path}`).toEqual(signIn ? undefined : [{ bearer: [] }]);
      }
    }
    const body = (path: string, method = 'post') => spec.paths[path][method].requestBody.content['application/json'].schema;
    for (const path of ['/api/exhibitor/ops', '/api/checkin/ops']) {
      expect(body(path).required).toContain('operations');
      expect(body(path).properties.operations.items.required).toContain('kind');
    }
    expect(body('/api/exhibitor/ops').properties.operations.items.properties.kind.enum).toContain('scan');
    expect(body('/api/exhibitor/leads/{id}/message-requests').required).toEqual(['message']);
    expect(body('/api/lead-messages/{id}/send').properties).toHaveProperty('channel');
    expect(spec.paths['/api/lead-messages'].get['x-roles']).toEqual(['admin']);
    expect(spec.paths['/api/lead-messages'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['eventId', 'state']);
    expect(spec.paths['/api/exhibitors'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['stallId', 'sponsorId']);
    expect(body('/api/exhibitor/staff').required).toContain('mobileNumber');
  });

  it('lists statuses with their body schemas and content types, never only a default', () => {
    let operations = 0;
    for (const methods of Object.values(spec.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(methods)) {
        operations++;
        expect(op.responses.default).toBeUndefined();
        for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
          expect(Number(status)).toBeGreaterThanOrEqual(200);
          expect(Object.keys(response.content).length).toBeGreaterThan(0);
          for (const media of Object.values(response.content as Record<string, any>)) expect(media.schema).toBeDefined();
        }
      }
    }
    expect(operations).toBeGreaterThan(90);
    const created = spec.paths['/api/guests'].post.responses['201'].content['application/json'].schema;
    expect(created.properties.success).toEqual({ type: 'boolean', const: true });
    expect(spec.paths['/api/guests'].get.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Failure' });
    expect(spec.paths['/api/visitors/export.csv'].get.responses['200'].content).toHaveProperty('text/csv');
  });

  it('describes the image field of every multipart body', () => {
    const multipart = Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.requestBody?.content['multipart/form-data'])
        .map(([method, op]) => ({ at: `${method} ${path}`, schema: op.requestBody.content['multipart/form-data'].schema })),
    );
    expect(multipart.length).toBeGreaterThanOrEqual(6);
    for (const { at, schema } of multipart) {
      const files = Object.entries(schema.properties as Record<string, any>).filter(([, p]) => p.format === 'binary');
      expect(
        files.map(([name]) => name),
        at,
      ).toEqual([at.includes('/events') ? 'banner' : 'profileImage']);
    }
  });

  it('fails an answer whose status or content type the reference does not list', () => {
    const reference = openApiChecker(spec);
    const json = (status: number) => new Response('{}', { status, headers: { 'Content-Type': 'application/json' } });
    expect(reference.check('GET', '/api/visitors', json(200))).toBeUndefined();
    expect(reference.check('GET', '/api/visitors', json(418))).toMatch(/answered 418/);
    expect(reference.check('GET', '/api/health', json(500))).toMatch(/answered 500/);
    expect(reference.check('GET', '/api/visitors/export.csv', json(200))).toMatch(/application\/json/);
    expect(reference.check('POST', '/api/visitors/register', json(404))).toMatch(/answered 404/);
  });

  it('lists every status the ordinary flows answer', async () => {
    const reference = openApiChecker(spec);
    const problems: string[] = [];
    const call = async (method: string, path: string, init: RequestOptions = {}) => {
      const res = await t.request(method, path, init);
      const problem = reference.check(method, path, res.clone());
      if (problem) problems.push(problem);
      return res;
    };
    const token = (await (await call('POST', '/api/auth/login', { json: { email: 'admin@expo.test', password: 'correct horse battery staple' } })).json())
      .token;
    await call('POST', '/api/auth/login', { json: { email: 'admin@expo.test', password: 'wrong' } });
    await call('GET', '/api/health');
    await call('GET', '/api/public/site');
    const visitor = { fullName: 'Asha Rao', mobileNumber: '9876543210', uniqueSubmissionId: 'doc-walk-1' };
    await call('POST', '/api/visitors/register', { json: visitor });
    await call('POST', '/api/visitors/register', { json: visitor });
    await call('POST', '/api/visitors/register', { json: { ...visitor, fullName: 'Other' } });
    await call('POST', '/api/visitors/register', { json: { ...visitor, uniqueSubmissionId: 'doc-walk-2' } });
    await call('POST', '/api/visitors/register', { json: { ...visitor, uniqueSubmissionId: 'doc-walk-3' } });
    for (const resource of ['visitors', 'guests', 'events', 'enquiries']) {
      await call('GET', `/api/${resource}?sort=createdAt&order=asc`, { token });
      await call('GET', `/api/${resource}/export.csv`, { token });
      await call('GET', `/api/${resource}/nope`, { token });
      await call('GET', `/api/${resource}`);
    }
    const form = new FormData();
    form.set('fullName', 'Guest One');
    form.set('mobileNumber', '9000000001');
    form.set('profileImage', new File([png(64, 64)], 'p.png'));
    const guest = (await (await call('POST', '/api/guests', { token, body: form })).json()).data;
    await call('GET', `/api/guests/${guest.id}`, { token });
    await call('GET', `/api/guests/${guest.id}/history`, { token });
    await call('GET', guest.profileImageUrl);
    await call('PUT', `/api/guests/${guest.id}`, { token, json: { designation: 'Chief guest' }, headers: { 'If-Match': 'stale' } });
    await call('PUT', `/api/guests/${guest.id}/status`, { token, json: { status: 'reached' } });
    await call('DELETE', `/api/guests/${guest.id}`, { token });
    const flood = new FormData();
    flood.set('fullName', 'Guest Two');
    flood.set('mobileNumber', '9000000002');
    flood.set('profileImage', new File([png(100_000, 100_000)], 'p.png'));
    await call('POST', '/api/guests', { token, body: flood });
    await call('POST', '/api/guests', { token, body: 'x', headers: { 'Content-Type': 'text/plain' } });
    const user = (
      await (await call('POST', '/api/users', { token, json: { email: 'doc@expo.test', name: 'Doc', role: 'staff', password: 'a long password' } })).json()
    ).data;
    await call('POST', '/api/users', { token, json: { email: 'doc@expo.test', name: 'Doc', role: 'staff', password: 'a long password' } });
    await call('PUT', `/api/users/${user.id}`, { token, json: { disabled: true } });
    await call('GET', '/api/users', { token });
    await call('GET', '/api/settings', { token });
    await call('GET', '/api/auth/locks', { token });
    await call('DELETE', '/api/auth/locks/nothing', { token });
    await call('GET', '/api/dashboard/stats', { token });
    await call('GET', '/api/docs');
    await call('GET', '/api/docs.css');
    await call('POST', '/api/auth/logout', { token });
    await call('GET', '/api/auth/me', { token });
    expect(problems).toEqual([]);
  });

  it('renders a readable page without scripts', async () => {
    const res = await t.request('GET', '/api/docs');
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain('/api/visitors/{id}/status');
    expect(page).not.toContain('<script');
  });
});
