import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { toJSONSchema } from 'zod/v4/core';
import type { $ZodType } from 'zod/v4/core';
import type { AppEnv } from '../env';
import type { ResourceDescription } from '../lib/resource';
import { loginSchema } from '../schemas/auth';
import {
  awardRegistrationSchema,
  enquirySchema,
  sponsorRegistrationSchema,
  stallRegistrationSchema,
  visitorRegistrationSchema,
} from '../schemas/public-registrations';
import { checkinBatchSchema, conflictResolutionSchema, deviceReportSchema, deviceSignInSchema, walkInSchema } from '../schemas/checkin';
import { settingsUpdateSchema } from '../schemas/settings';
import { statusChangeSchema } from '../schemas/status-change';
import { userCreateSchema, userUpdateSchema } from '../schemas/users';
import { nominationResource } from './admin/awards';
import { enquiryResource } from './admin/enquiries';
import { eventResource } from './admin/events';
import { guestResource } from './admin/guests';
import { speakerResource } from './admin/speakers';
import { sponsorResource } from './admin/sponsors';
import { stallResource } from './admin/stalls';
import { vipAwardeeResource } from './admin/vip-awardees';
import { visitorResource } from './admin/visitors';

/**
 * The API reference: an OpenAPI 3.1 document made from the same zod schemas and resource descriptions
 * the routes use (`/api/openapi.json`), and a page rendering it on the server (`/api/docs`), so it needs
 * no script and nothing from another host under the app's CSP.
 */
type Who = 'public' | 'staff' | 'admin';
interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  tag: string;
  summary: string;
  who: Who;
  body?: $ZodType;
  multipart?: boolean;
  query?: string[];
}

const RESOURCES: ResourceDescription[] = [
  visitorResource,
  stallResource,
  sponsorResource,
  nominationResource,
  guestResource,
  speakerResource,
  vipAwardeeResource,
  enquiryResource,
  eventResource,
];
const LIST_QUERY = ['page', 'limit', 'status', 'eventId', 'q', 'sort', 'order'];

function operations(): Operation[] {
  const ops: Operation[] = [
    { method: 'get', path: '/api/health', tag: 'System', summary: 'Health: 200 when the database answers a query', who: 'public' },
    { method: 'post', path: '/api/auth/login', tag: 'Auth', summary: 'Log in: a token and the user; 401 wrong credentials, 429 after repeated failures', who: 'public', body: loginSchema },
    { method: 'get', path: '/api/auth/me', tag: 'Auth', summary: 'The signed-in user', who: 'staff' },
    { method: 'get', path: '/api/public/site', tag: 'Public site', summary: 'Featured event, contacts, packages and enquiry choices', who: 'public' },
    { method: 'post', path: '/api/visitors/register', tag: 'Public site', summary: 'Register a visitor (idempotent by uniqueSubmissionId / Idempotency-Key)', who: 'public', body: visitorRegistrationSchema },
    { method: 'post', path: '/api/stalls/register', tag: 'Public site', summary: 'Book a stall', who: 'public', body: stallRegistrationSchema },
    { method: 'post', path: '/api/awards/register', tag: 'Public site', summary: 'Nominate for an award', who: 'public', body: awardRegistrationSchema },
    { method: 'post', path: '/api/sponsors/register', tag: 'Public site', summary: 'Register as a sponsor', who: 'public', body: sponsorRegistrationSchema },
    { method: 'post', path: '/api/enquiries', tag: 'Public site', summary: 'Send an enquiry about a package', who: 'public', body: enquirySchema },
    { method: 'get', path: '/api/files/{key}', tag: 'System', summary: 'An uploaded image', who: 'public' },
    { method: 'get', path: '/api/dashboard/stats', tag: 'Dashboard', summary: 'The six tiles and today’s check-ins per type', who: 'admin', query: ['eventId'] },
    { method: 'get', path: '/api/settings', tag: 'Settings', summary: 'Site settings', who: 'admin' },
    { method: 'put', path: '/api/settings', tag: 'Settings', summary: 'Change contacts, packages, the featured event', who: 'admin', body: settingsUpdateSchema },
    { method: 'get', path: '/api/users', tag: 'Accounts', summary: 'Panel accounts', who: 'admin' },
    { method: 'post', path: '/api/users', tag: 'Accounts', summary: 'Create an admin or staff account', who: 'admin', body: userCreateSchema },
    { method: 'put', path: '/api/users/{id}', tag: 'Accounts', summary: 'Rename, change role, disable, reset password', who: 'admin', body: userUpdateSchema },
    { method: 'get', path: '/api/checkin/roster', tag: 'Venue check-in', summary: 'Roster entries and tombstones changed after version `since`, in version order', who: 'staff', query: ['eventId', 'since', 'limit'] },
    { method: 'post', path: '/api/checkin/device', tag: 'Venue check-in', summary: 'Sign this device in (registered by its secret on first use) and get the author ticket for its changes', who: 'staff', body: deviceSignInSchema },
    { method: 'post', path: '/api/checkin/ops', tag: 'Venue check-in', summary: 'Queued status operations (≤ 500) of one device and author, each applied once and ordered by cause: applied, superseded, held, duplicate or rejected', who: 'staff', body: checkinBatchSchema },
    { method: 'post', path: '/api/checkin/walk-ins', tag: 'Venue check-in', summary: 'Register a visitor at the desk (idempotent by the device-made id)', who: 'staff', body: walkInSchema },
    { method: 'post', path: '/api/checkin/report', tag: 'Venue check-in', summary: 'A device reports how many operations still wait in its outbox', who: 'staff', body: deviceReportSchema },
    { method: 'get', path: '/api/checkin/counts', tag: 'Venue check-in', summary: 'Checked in now by type, unique check-ins per hour, operations waiting on devices', who: 'staff', query: ['eventId'] },
    { method: 'get', path: '/api/checkin/conflicts', tag: 'Venue check-in', summary: 'Changes made without knowing of another device’s change, with both sides, who won and why', who: 'admin', query: ['eventId'] },
    { method: 'post', path: '/api/checkin/conflicts/{id}/resolve', tag: 'Venue check-in', summary: 'Record an organiser’s decision on a conflict: keep, or apply one side', who: 'admin', body: conflictResolutionSchema },
  ];
  for (const r of RESOURCES) {
    const base = `/api/${r.name}`;
    const tag = r.name;
    ops.push(
      { method: 'get', path: base, tag, summary: `List ${r.name}, newest first`, who: 'staff', query: LIST_QUERY },
      { method: 'get', path: `${base}/export.csv`, tag, summary: 'The filtered list as CSV (UTF-8 with BOM)', who: 'admin', query: LIST_QUERY },
      { method: 'get', path: `${base}/{id}`, tag, summary: `One ${r.singular}`, who: 'staff' },
      { method: 'get', path: `${base}/{id}/history`, tag, summary: 'Its status changes, newest first', who: 'staff' },
      ...(r.createSchema ? [{ method: 'post' as const, path: base, tag, summary: `Create a ${r.singular}`, who: 'admin' as const, body: r.createSchema, multipart: true }] : []),
      { method: 'put', path: `${base}/{id}`, tag, summary: `Update a ${r.singular} (If-Match: updatedAt → 409 when stale)`, who: 'admin', body: r.updateSchema, multipart: true },
      { method: 'put', path: `${base}/{id}/status`, tag, summary: `Change its status (${r.statuses.join(', ')})`, who: r.staffMayChangeStatus ? 'staff' : 'admin', body: statusChangeSchema },
      { method: 'delete', path: `${base}/{id}`, tag, summary: `Delete a ${r.singular}`, who: 'admin' },
    );
  }
  return ops;
}

const jsonSchema = (schema: $ZodType) => {
  const { $schema: _, ...rest } = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

let cached: { spec: Record<string, unknown>; ops: Operation[] } | undefined;
function openApi() {
  if (cached) return cached;
  const ops = operations();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const parameters = [
      ...[...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
      ...(op.query ?? []).map((name) => ({ name, in: 'query', required: false, schema: { type: name === 'page' || name === 'limit' ? 'integer' : 'string' } })),
    ];
    const content: Record<string, unknown> = {};
    if (op.body) {
      content['application/json'] = { schema: jsonSchema(op.body) };
      if (op.multipart) content['multipart/form-data'] = { schema: jsonSchema(op.body) };
    }
    (paths[op.path] ??= {})[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      'x-roles': op.who === 'public' ? [] : op.who === 'staff' ? ['admin', 'staff'] : ['admin'],
      ...(op.who !== 'public' && { security: [{ bearer: [] }] }),
      ...(parameters.length && { parameters }),
      ...(op.body && { requestBody: { required: true, content } }),
      responses: { default: { description: 'The envelope: { success, message, data } or { success: false, message, errors? }' } },
    };
  }
  cached = {
    ops,
    spec: {
      openapi: '3.1.0',
      info: { title: 'EventPro API', version: '1', description: 'Public registrations, the admin panel and venue check-in. See the contract in the repository.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      paths,
    },
  };
  return cached;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#0f172a;color:#e2e8f0}main{max-width:960px;margin:auto;padding:24px}
h1{color:#fbbf24}h2{border-bottom:1px solid #334155;padding-bottom:4px;margin-top:32px}details{background:#111c33;border:1px solid #1e293b;border-radius:8px;margin:8px 0;padding:8px 12px}
summary{cursor:pointer}code,pre{font:13px ui-monospace,monospace}pre{overflow:auto;background:#020617;padding:8px;border-radius:6px}.m{display:inline-block;min-width:56px;font-weight:700}
.get{color:#34d399}.post{color:#60a5fa}.put{color:#fbbf24}.delete{color:#f87171}.who{float:right;color:#94a3b8;font-size:13px}a{color:#fbbf24}`;

export const docsRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => c.json(openApi().spec))
  .get('/docs.css', (c) => c.body(STYLE, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }))
  .get('/docs', (c) => {
    const { ops } = openApi();
    const tags = [...new Set(ops.map((op) => op.tag))];
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>EventPro API reference</title>
          <link rel="stylesheet" href="/api/docs.css" />
        </head>
        <body>
          <main>
            <h1>EventPro API</h1>
            <p>Every route, who may call it, and its request body as JSON Schema. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
            ${tags.map(
              (tag) => html`<h2>${tag}</h2>
                ${ops
                  .filter((op) => op.tag === tag)
                  .map(
                    (op) => html`<details>
                      <summary><span class="m ${op.method}">${op.method.toUpperCase()}</span> <code>${op.path}</code> — ${op.summary}<span class="who">${op.who}</span></summary>
                      ${op.query ? html`<p>Query: <code>${op.query.join(', ')}</code></p>` : ''}
                      ${op.body ? html`<pre>${raw(escapeHtml(JSON.stringify(jsonSchema(op.body), null, 2)))}</pre>` : ''}
                    </details>`,
                  )}`,
            )}
          </main>
        </body>
      </html>`);
  });

function escapeHtml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
