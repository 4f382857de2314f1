import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiChecker } from '../testing/openapi-check';
import { makeTestApp, type TestApp } from '../testing/test-app';

/**
 * Walks every route the app has — including the ones later issues add, since it reads `app.routes` — and
 * sends it malformed input as an anonymous caller, as staff and as an admin. Whatever arrives, the answer
 * is never a 5xx and nothing is stored.
 */
let t: TestApp;
let tokens: Record<string, string | undefined>;
let staff: { email: string; password: string };
/** Fresh sessions: the fuzzer's own calls to the logout routes end the ones it had. */
const signIn = async () => {
  tokens = { anonymous: undefined, staff: await t.login(staff.email, staff.password), admin: await t.login() };
};
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.createUser('staff');
  await signIn();
});
afterAll(() => t.close());

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const megabyte = 'x'.repeat(1024 * 1024);

/** Names every JavaScript object has: a look-up by a client-given name must never find them. */
const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', '__defineGetter__'];
/** Every query parameter any route reads. */
const QUERY_NAMES = ['page', 'limit', 'status', 'eventId', 'q', 'sort', 'order', 'since', 'key', 'id', 'type'];

/** Every body field name the API reads, each given a prototype key as its value. */
const BODY_FIELDS = [
  'email',
  'password',
  'name',
  'role',
  'status',
  'notes',
  'deviceId',
  'eventId',
  'fullName',
  'mobileNumber',
  'subscriptionType',
  'category',
  'sponsorshipTier',
  'packages',
  'featuredEventId',
  'ops',
  'uniqueSubmissionId',
];

/** Bodies as raw bytes with the content type they claim. */
const BODIES: Array<{ name: string; type?: string; body: BodyInit }> = [
  { name: 'empty JSON', type: 'application/json', body: '' },
  { name: 'null', type: 'application/json', body: 'null' },
  { name: 'array', type: 'application/json', body: '[1,2,3]' },
  { name: 'string', type: 'application/json', body: '"hello"' },
  { name: 'number', type: 'application/json', body: '42' },
  { name: 'truncated JSON', type: 'application/json', body: '{"email": "a@b.c", ' },
  { name: 'wrong types', type: 'application/json', body: JSON.stringify({ email: 12, password: ['x'], id: {}, status: 7, eventId: true, page: 'one' }) },
  { name: 'extra fields', type: 'application/json', body: JSON.stringify({ unexpected: 'x', __proto__: { admin: true }, constructor: { prototype: {} } }) },
  { name: '1 MB string', type: 'application/json', body: JSON.stringify({ email: megabyte, name: megabyte }) },
  { name: 'deep nesting', type: 'application/json', body: deep(100_000) },
  { name: 'deep object', type: 'application/json', body: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` },
  { name: 'invalid UTF-8', type: 'application/json', body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]) },
  { name: 'NUL bytes', type: 'application/json', body: JSON.stringify({ email: 'a\u0000@b.c', password: '\u0000' }) },
  { name: 'text/plain', type: 'text/plain', body: 'hello' },
  { name: 'urlencoded', type: 'application/x-www-form-urlencoded', body: 'email=a%40b.c&password=x' },
  { name: 'XML', type: 'application/xml', body: '<a>1</a>' },
  { name: 'no content type', body: '{"email":"a@b.c"}' },
  { name: 'broken multipart', type: 'multipart/form-data; boundary=zzz', body: '--zzz\r\nContent-Disposition: form-data; name="x"\r\n\r\n' },
  { name: 'multipart without boundary', type: 'multipart/form-data', body: 'garbage' },
  ...PROTOTYPE_KEYS.map((key) => ({
    name: `prototype key ${key} in every field`,
    type: 'application/json',
    body: JSON.stringify(Object.fromEntries(BODY_FIELDS.map((field) => [field, key]))),
  })),
  ...PROTOTYPE_KEYS.map((key) => {
    const boundary = 'protoboundary';
    const parts = [key, ...BODY_FIELDS].map((field) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${key}\r\n`);
    return { name: `multipart prototype key ${key}`, type: `multipart/form-data; boundary=${boundary}`, body: `${parts.join('')}--${boundary}--\r\n` };
  }),
];

const PARAM_VALUES = ['x', '-1', '%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(2000), '%F0%28%8C%BC'];
const BASE_QUERIES = ['', '?page=-1&limit=abc', '?page=1e309&limit=100000', '?q=%FF%FE&status[]=x', `?q=${'y'.repeat(10_000)}`, '?eventId=&since=%00'];
const QUERIES = [
  ...BASE_QUERIES,
  // Each prototype key as the value of every parameter, and as a parameter name.
  ...PROTOTYPE_KEYS.map((key) => `?${QUERY_NAMES.map((name) => `${name}=${key}`).join('&')}`),
  ...PROTOTYPE_KEYS.map((key) => `?${key}=1&${key}[x]=1`),
];

/** Abuse counters (failed logins, submissions per address) are meant to grow under this test. */
function withoutCounters(counts: Record<string, number>) {
  const { login_throttle: _a, public_rate_limits: _b, sessions: _c, health_probe: _d, ...data } = counts;
  return data;
}

type Depth = 'full' | 'malformed' | 'prototype';
/**
 * The paths to try for a route, each with how much to send it: the first gets every query and body,
 * the other malformed parameters the malformed ones, and prototype keys as parameters a plain request
 * and bodies of prototype keys (every combination would take minutes).
 */
function concretePaths(pattern: string): Array<{ path: string; depth: Depth }> {
  if (!pattern.includes(':') && !pattern.includes('*')) return [{ path: pattern, depth: 'full' }];
  const fill = (value: string) => pattern.replace(/:[\w]+(\{[^}]*\})?/g, value).replace(/\*/g, value);
  return [
    ...PARAM_VALUES.map((value, i) => ({ path: fill(value), depth: (i === 0 ? 'full' : 'malformed') as Depth })),
    ...PROTOTYPE_KEYS.map((value) => ({ path: fill(value), depth: 'prototype' as Depth })),
  ];
}

const BASE_BODIES = BODIES.filter((b) => !b.name.includes('prototype key'));
const PROTOTYPE_BODIES = BODIES.filter((b) => ['prototype key __proto__ in every field', 'multipart prototype key constructor'].includes(b.name));
function attemptsFor(method: string, depth: Depth): Array<{ query: string; body?: (typeof BODIES)[number] }> {
  const read = method === 'GET' || method === 'DELETE';
  if (depth === 'full') return read ? QUERIES.map((query) => ({ query })) : BODIES.map((body) => ({ query: '', body }));
  if (depth === 'malformed') return read ? BASE_QUERIES.map((query) => ({ query })) : BASE_BODIES.map((body) => ({ query: '', body }));
  return read ? [{ query: '' }] : PROTOTYPE_BODIES.map((body) => ({ query: '', body }));
}

describe('every route, malformed input', () => {
  it('never answers 5xx and never stores a row', async () => {
    const routes = t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api'));
    const unique = [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
    expect(unique.length).toBeGreaterThanOrEqual(4);
    const before = await t.rowCounts();
    const failures: string[] = [];
    const undocumented = new Set<string>();
    const reference = openApiChecker(await (await t.request('GET', '/api/openapi.json')).json());
    let sent = 0;

    for (const route of unique) {
      for (const { path, depth } of concretePaths(route.path)) {
        for (const who of Object.keys(tokens)) {
          for (const { query, body } of attemptsFor(route.method, depth)) {
            const headers: Record<string, string> = {};
            if (body?.type) headers['Content-Type'] = body.type;
            const res = await t.request(route.method, path + query, { token: tokens[who], headers, body: body?.body });
            sent++;
            if (route.path.includes('logout') && res.status === 200) await signIn();
            const problem = reference.check(route.method, path, res);
            if (problem) undocumented.add(problem);
            if (res.status >= 500) failures.push(`${route.method} ${path}${query} as ${who} with ${body?.name ?? 'no body'} → ${res.status}`);
            const type = res.headers.get('Content-Type') ?? '';
            if (res.status >= 400 && type.includes('json')) {
              const json = await res.json();
              if (json.success !== false || typeof json.message !== 'string') failures.push(`${route.method} ${path}: not an error envelope`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every answer is one the API reference lists, with its content type.
    expect([...undocumented].sort()).toEqual([]);
    expect(sent).toBeGreaterThan(100);
    expect(withoutCounters(await t.rowCounts())).toEqual(withoutCounters(before));
  }, 180_000);

  it('refuses a prototype key as sort with 400 on every list and every CSV export', async () => {
    const resources = ['visitors', 'stalls', 'sponsors', 'awards', 'guests', 'speakers', 'awardeesvip', 'enquiries', 'events'];
    const STAFF_LISTS = ['visitors', 'guests', 'speakers', 'awardeesvip', 'events'].map((r) => `/api/${r}`);
    for (const path of resources.flatMap((r) => [`/api/${r}`, `/api/${r}/export.csv`])) {
      expect((await t.request('GET', `${path}?sort=createdAt`, { token: tokens.admin })).status, path).toBe(200);
      for (const key of [...PROTOTYPE_KEYS, 'nonsense']) {
        for (const who of ['staff', 'admin']) {
          const res = await t.request('GET', `${path}?sort=${key}`, { token: tokens[who] });
          // 403 before the query is read: exports are the admins', and so are the lists staff do not read (decision 051).
          if (who === 'staff' && (path.endsWith('.csv') || !STAFF_LISTS.includes(path))) {
            expect(res.status, `${path}?sort=${key} as staff`).toBe(403);
            continue;
          }
          expect(res.status, `${path}?sort=${key} as ${who}`).toBe(400);
          expect((await res.json()).message).toMatch(/^sort must be one of: /);
        }
      }
    }
  });

  it('answers the contract statuses: 415 for other body types, 413 for oversized, 400 for broken JSON', async () => {
    const post = (type: string, body: BodyInit) => t.request('POST', '/api/auth/login', { headers: { 'Content-Type': type }, body });
    expect((await post('text/plain', 'x')).status).toBe(415);
    expect((await post('application/json', JSON.stringify({ email: megabyte }))).status).toBe(413);
    const broken = await post('application/json', '{"email":');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ success: false, message: 'Malformed JSON in request body' });
    const latin1 = await post('application/json', new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
    expect(latin1.status).toBe(400);
    expect((await latin1.json()).message).toBe('Request body is not valid UTF-8');
  });

  it('answers unknown API paths with a JSON 404, never the app shell', async () => {
    const res = await t.request('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, message: 'Not found' });
  });
});
