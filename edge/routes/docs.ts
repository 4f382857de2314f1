import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { toJSONSchema } from 'zod/v4/core';
import type { $ZodType } from 'zod/v4/core';
import type { RouterRoute } from 'hono/types';
import type { AppEnv } from '../env';
import { factsOf, type RouteFacts } from '../http/route-facts';
import * as z from 'zod/mini';
import type { ResourceDescription } from '../lib/resource';
import { LANGUAGES } from '../../shared/languages';
import { failureSchema, lockSchema, loginAnswerSchema, pageSchema, recordSchema, successSchema, userSchema } from '../schemas/responses';

/**
 * The API reference: an OpenAPI 3.1 document (`/api/openapi.json`) and a page rendering it on the server
 * (`/api/docs`), so it needs no script and nothing from another host under the app's CSP.
 *
 * The route tree is the reference (decision 069): every operation is a route the API serves, walked from
 * the composed router (`documentRoutes`, routes/index.ts); its request body and query are the schemas its
 * validators check (or its handler, stated by `checkedByHandler`), and who may call it is the role
 * middleware that guards it (http/route-facts.ts). The words of each operation — summary, tag, answers —
 * are described below by method and path; a route without them, or words for a route that is not served,
 * fail the reference's test.
 */
/** Who may call: anyone, panel staff (and admins), admins, or the exhibitor portal's people (their own audience, decision 081). */
type Who = 'public' | 'staff' | 'admin' | 'exhibitor';
interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  tag: string;
  summary: string;
  /** Also takes multipart/form-data, with this image file field. */
  multipart?: { fileField: string };
  /** The query's parameters, where the route reads them itself rather than through a validator. */
  query?: string[];
  /** Success statuses (200 unless said) and the answer's `data`, or a whole non-JSON answer. */
  success?: number[];
  data?: $ZodType;
  /** The whole JSON answer, when it is not the envelope with `data`. */
  answer?: $ZodType;
  /** A body that is not JSON: its content types. */
  produces?: string[];
  /** Failure statuses besides the ones every operation of its kind may answer (see `responsesOf`). */
  fails?: number[];
}

const _LIST_QUERY = ['page', 'limit', 'status', 'eventId', 'q', 'ids', 'sort', 'order'];
const PUBLIC_SUBMISSION = { success: [200, 201], data: recordSchema, fails: [403, 409, 422, 429] };
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'];

function operations(): Operation[] {
  const ops: Operation[] = [
    {
      method: 'get',
      path: '/api/health',
      tag: 'System',
      summary: 'Health: 200 when the database file is the one the server opened, answers a query and takes an insert; 503 with Retry-After otherwise',
      data: z.object({ status: z.literal('ok'), database: z.literal('reachable'), writable: z.literal(true), time: z.string() }),
    },
    {
      method: 'get',
      path: '/api/openapi.json',
      tag: 'System',
      summary: 'This reference as OpenAPI 3.1',
      answer: z.record(z.string(), z.unknown()),
    },
    { method: 'get', path: '/api/docs', tag: 'System', summary: 'This reference as a page', produces: ['text/html'] },
    { method: 'get', path: '/api/docs.css', tag: 'System', summary: 'The reference page’s style sheet', produces: ['text/css'] },
    {
      method: 'post',
      path: '/api/auth/login',
      tag: 'Auth',
      summary:
        'Log in: a token and the user; 401 wrong credentials (a disabled account too), 429 after too many attempts (docs/decisions/004). Sets the HttpOnly device cookie.',
      answer: loginAnswerSchema,
      fails: [401, 429],
    },
    { method: 'get', path: '/api/auth/me', tag: 'Auth', summary: 'The signed-in user', data: userSchema },
    {
      method: 'post',
      path: '/api/auth/logout',
      tag: 'Auth',
      summary: 'End this session: its token answers 401 from now on',
      data: z.object({ ended: z.number() }),
    },
    {
      method: 'post',
      path: '/api/auth/logout-everywhere',
      tag: 'Auth',
      summary: 'End every session of the signed-in user, this one included',
      data: z.object({ ended: z.number() }),
    },
    {
      method: 'post',
      path: '/api/auth/password',
      tag: 'Auth',
      summary:
        'Change your own password: 400 beside the field for a wrong current password; wrong guesses count like failed logins (429). Ends your other sessions.',
      data: z.object({ endedSessions: z.number() }),
      fails: [429],
    },
    {
      method: 'get',
      path: '/api/auth/locks',
      tag: 'Auth',
      summary: 'Login counts whose window still runs, locked ones first',
      data: z.object({ items: z.array(lockSchema) }),
    },
    {
      method: 'delete',
      path: '/api/auth/locks/{key}',
      tag: 'Auth',
      summary: 'Lift a login lock (the key from the list, URL-encoded)',
      data: z.object({ key: z.string() }),
    },
    {
      method: 'get',
      path: '/api/public/site',
      tag: 'Public site',
      summary: 'Featured event, contacts, packages and enquiry choices',
      data: z.record(z.string(), z.unknown()),
    },
    {
      method: 'post',
      path: '/api/visitors/register',
      tag: 'Public site',
      summary: 'Register a visitor (idempotent by uniqueSubmissionId / Idempotency-Key)',
      ...PUBLIC_SUBMISSION,
    },
    {
      method: 'post',
      path: '/api/stalls/register',
      tag: 'Public site',
      summary: 'Book a stall',
      ...PUBLIC_SUBMISSION,
    },
    {
      method: 'post',
      path: '/api/awards/register',
      tag: 'Public site',
      summary: 'Nominate for an award',
      ...PUBLIC_SUBMISSION,
    },
    {
      method: 'post',
      path: '/api/sponsors/register',
      tag: 'Public site',
      summary: 'Register as a sponsor',
      ...PUBLIC_SUBMISSION,
    },
    {
      method: 'post',
      path: '/api/enquiries',
      tag: 'Public site',
      summary: 'Send an enquiry about a package',
      ...PUBLIC_SUBMISSION,
    },
    {
      method: 'post',
      path: '/api/next-edition',
      tag: 'Public site',
      summary: 'Tell me about the next edition: kept as an enquiry ("Next edition") with its consent, only while registration is closed (403 while it is open)',
      ...PUBLIC_SUBMISSION,
    },
    {
      method: 'get',
      path: '/api/public/passes/{token}',
      tag: 'Public site',
      summary: 'The pass a link /p/<token> opens: name, event, date, time, venue, pass code',
      data: z.record(z.string(), z.unknown()),
      fails: [404],
    },
    {
      method: 'get',
      path: '/api/public/passes/{token}/consents',
      tag: 'Public site',
      summary:
        "The consents of the pass's holder (purpose, title, text, textVersion, chosen, given, at): their pass's messages, what they gave, and what they may give here",
      data: z.array(z.record(z.string(), z.unknown())),
      fails: [404, 410],
    },
    {
      method: 'post',
      path: '/api/public/passes/{token}/consents',
      tag: 'Public site',
      summary:
        'Give (chosen purposes only) or withdraw a consent from the pass link: a new row with its time and text version; an act that changes nothing records nothing. Withdrawing pass_messages stops every message not yet sent',
      data: z.array(z.record(z.string(), z.unknown())),
      fails: [404, 410, 429],
    },
    {
      method: 'post',
      path: '/api/public/passes/find',
      tag: 'Public site',
      summary:
        'Find my pass: send the pass links of a mobile number or e-mail again through the configured channels; the same answer whether or not it is registered',
      data: z.null(),
      fails: [403, 429],
    },
    {
      method: 'get',
      path: '/api/public/email-confirmations/{token}',
      tag: 'Public site',
      summary: 'The language of the person a confirmation link (/confirm-email/<token>) names, in which its page speaks; confirms nothing',
      data: z.object({ language: z.enum(LANGUAGES) }),
      fails: [404],
    },
    {
      method: 'get',
      path: '/api/public/unsubscribe/{token}',
      tag: 'Public site',
      summary: 'The language of the person an unsubscribe link (/unsubscribe/<token>) names, in which its page speaks; stops nothing',
      data: z.object({ language: z.enum(LANGUAGES) }),
      fails: [404],
    },
    {
      method: 'post',
      path: '/api/public/email-confirmations/{token}',
      tag: 'Public site',
      summary: 'Confirm the e-mail address a confirmation message (/confirm-email/<token>) went to; the pass e-mails that waited for it are sent',
      data: z.null(),
      fails: [404, 410],
    },
    {
      method: 'post',
      path: '/api/public/unsubscribe/{token}',
      tag: 'Public site',
      summary: 'The unsubscribe link of a group message (/unsubscribe/<token>): no more group messages to the person’s e-mail or number',
      data: z.null(),
      fails: [404],
    },
    {
      method: 'get',
      path: '/api/public/whatsapp-webhook',
      tag: 'Public site',
      summary: 'WhatsApp webhook verification (hub.mode, hub.verify_token, hub.challenge): answers the challenge',
      // Read by the route itself (the provider's names, with dots).
      query: ['hub.mode', 'hub.verify_token', 'hub.challenge'],
      produces: ['text/plain'],
      fails: [403, 404],
    },
    {
      method: 'post',
      path: '/api/public/whatsapp-webhook',
      tag: 'Public site',
      summary: 'WhatsApp webhook (signed X-Hub-Signature-256): a reply "STOP" opts its number out of group messages',
      data: z.record(z.string(), z.unknown()),
      fails: [401, 404],
    },
    ...(['get', 'post'] as const).map((method) => ({
      method,
      path: '/api/public/sms-inbound/{token}',
      tag: 'Public site',
      summary: `MSG91 inbound SMS (${method === 'get' ? 'query string' : 'form or JSON'}: sender, message, keyword), its path carrying MSG91_INBOUND_TOKEN: a reply "STOP" opts its number out of group messages`,
      ...(method === 'get' ? { query: ['sender', 'message', 'keyword'] } : {}),
      data: z.object({ optedOut: z.number() }),
      fails: method === 'get' ? [400, 404] : [400, 404, 415],
    })),
    {
      method: 'post',
      path: '/api/messages/groups/preview',
      tag: 'Messages',
      summary: 'Preview a group message: count, not sent and why, cost estimate, room under the caps, the message for one recipient',
      data: z.record(z.string(), z.unknown()),
      fails: [],
    },
    {
      method: 'post',
      path: '/api/messages/groups',
      tag: 'Messages',
      summary: 'Send a message to a group (a list’s selection or filter, up to 5,000), now or at sendAt; sent within the caps',
      success: [201],
      data: z.record(z.string(), z.unknown()),
      fails: [],
    },
    {
      method: 'get',
      path: '/api/public/calendar.ics',
      tag: 'Public site',
      summary: 'The event as an iCalendar file (featured event without eventId)',
      produces: ['text/calendar'],
      fails: [404],
    },
    {
      method: 'get',
      path: '/api/{resource}/{id}/messages',
      tag: 'Messages',
      summary: 'A person’s messages (e-mail, WhatsApp, SMS): status, attempts, last error; and whether their e-mail address is confirmed',
      data: z.object({
        items: z.array(z.record(z.string(), z.unknown())),
        email: z.nullable(z.object({ address: z.string(), confirmed: z.boolean() })),
      }),
      fails: [404],
    },
    {
      method: 'post',
      path: '/api/{resource}/{id}/messages/{messageId}/resend',
      tag: 'Messages',
      summary: 'Queue one of a person’s messages again',
      data: z.object({ items: z.array(z.record(z.string(), z.unknown())) }),
      fails: [404],
    },
    {
      method: 'post',
      path: '/api/{resource}/{id}/pass-link',
      tag: 'Messages',
      summary: 'Re-issue a pass by link: every link sent before stops opening it, a new one is sent',
      data: z.object({ items: z.array(z.record(z.string(), z.unknown())) }),
      fails: [404],
    },
    { method: 'get', path: '/api/files/{key}', tag: 'System', summary: 'An uploaded image, with its true content type', produces: IMAGE_TYPES },
    {
      method: 'get',
      path: '/api/dashboard/stats',
      tag: 'Dashboard',
      summary: 'The six tiles and today’s check-ins per type',
      data: z.record(z.string(), z.unknown()),
      fails: [404],
    },
    {
      method: 'get',
      path: '/api/reports',
      tag: 'Dashboard',
      summary:
        'An event’s reports (the featured one by default): registrations per day by type, visitors by city and profession, check-ins per hour and the show-up rate, sponsorship committed and paid, enquiries by status. Days and hours in IST.',
      data: z.record(z.string(), z.unknown()),
      fails: [404],
    },
    { method: 'get', path: '/api/settings', tag: 'Settings', summary: 'Site settings', data: z.record(z.string(), z.unknown()) },
    {
      method: 'put',
      path: '/api/settings',
      tag: 'Settings',
      summary: 'Change contacts, packages, the featured event',
      data: z.record(z.string(), z.unknown()),
    },
    {
      method: 'get',
      path: '/api/users',
      tag: 'Accounts',
      summary: 'Panel accounts',
      data: z.object({ items: z.array(recordSchema), total: z.number() }),
    },
    {
      method: 'post',
      path: '/api/users',
      tag: 'Accounts',
      summary: 'Create an admin or staff account',
      success: [201],
      data: recordSchema,
      fails: [409],
    },
    {
      method: 'put',
      path: '/api/users/{id}',
      tag: 'Accounts',
      summary: 'Rename, change role, disable, reset password (the last three end the account’s sessions)',
      data: recordSchema,
    },
    {
      method: 'get',
      path: '/api/checkin/roster',
      tag: 'Venue check-in',
      summary:
        'Roster entries and tombstones changed after version `since`, in version order; only to the signed-in door device `deviceId` (headers `X-Author-Ticket`, `X-Device-Signature` over the sorted query)',
      data: z.record(z.string(), z.unknown()),
      fails: [400, 403, 404],
    },
    {
      method: 'post',
      path: '/api/checkin/device',
      tag: 'Venue check-in',
      summary:
        'Sign this device in (registered by its secret on first use) and get the author ticket for its changes with the key that MACs its requests; `replaces` retires the device this browser was before',
      data: z.record(z.string(), z.unknown()),
      fails: [403],
    },
    {
      method: 'post',
      path: '/api/checkin/ops',
      tag: 'Venue check-in',
      summary:
        'Queued status operations (≤ 500) of one device and author, each applied once and ordered by cause: applied, superseded, held, duplicate or rejected',
      data: z.unknown(),
      fails: [404, 409],
    },
    {
      method: 'post',
      path: '/api/checkin/walk-ins',
      tag: 'Venue check-in',
      summary: 'Register a visitor at the desk (idempotent by the device-made id)',
      success: [200, 201],
      data: recordSchema,
      fails: [404, 409],
    },
    {
      method: 'post',
      path: '/api/checkin/report',
      tag: 'Venue check-in',
      summary: 'A device reports how many operations still wait in its outbox',
      data: z.unknown(),
      fails: [403, 404, 409],
    },
    {
      method: 'post',
      path: '/api/exhibitor/device',
      tag: 'Exhibitor leads',
      summary: "Sign an exhibitor's phone in (the door's device sign-in, on the lead lane) and get the author ticket for its lead operations with its MAC key",
      data: z.record(z.string(), z.unknown()),
      fails: [403],
    },
    {
      method: 'post',
      path: '/api/exhibitor/ops',
      tag: 'Exhibitor leads',
      summary:
        'Queued lead operations (≤ 500: scan by pass code, rate, note, follow-ups) of one phone and author, each applied once: applied, merged, superseded, duplicate or rejected',
      data: z.unknown(),
      fails: [403],
    },
    {
      method: 'post',
      path: '/api/exhibitor/report',
      tag: 'Exhibitor leads',
      summary: "An exhibitor's phone reports how many lead operations still wait in its outbox",
      data: z.unknown(),
      fails: [403, 404],
    },
    {
      method: 'get',
      path: '/api/exhibitor/leads',
      tag: 'Exhibitor leads',
      summary: "The exhibitor's leads, newest first: name and number only while the visitor consents to share them",
      data: z.unknown(),
    },
    {
      method: 'get',
      path: '/api/exhibitor/leads/export.csv',
      tag: 'Exhibitor leads',
      summary: "Every lead as CSV, from the list's query (the portal makes the .xlsx from it)",
      produces: ['text/csv'],
    },
    {
      method: 'get',
      path: '/api/exhibitor/questions',
      tag: 'Exhibitor leads',
      summary: "The exhibitor's follow-up questions",
      data: z.unknown(),
    },
    {
      method: 'put',
      path: '/api/exhibitor/questions',
      tag: 'Exhibitor leads',
      summary: "Replace the exhibitor's follow-up questions (at most 10; a kept question keeps its id)",
      data: z.unknown(),
    },
    {
      method: 'post',
      path: '/api/exhibitor/leads/{id}/message-requests',
      tag: 'Exhibitor leads',
      summary: 'Ask the organiser to pass a message on to a lead (their number stays hidden)',
      success: [201],
      data: z.unknown(),
    },
    {
      method: 'get',
      path: '/api/lead-messages',
      tag: 'Exhibitor leads',
      summary: "Exhibitors' requests to pass a message on, by state",
      data: z.unknown(),
    },
    {
      method: 'post',
      path: '/api/lead-messages/{id}/send',
      tag: 'Exhibitor leads',
      summary:
        "Send a request's message to its visitor through the group messages: a group message's channel and content (its resource and ids are the request's visitor's, whatever is sent)",
      data: z.unknown(),
      fails: [409],
    },
    {
      method: 'post',
      path: '/api/lead-messages/{id}/decline',
      tag: 'Exhibitor leads',
      summary: 'Decline a request to pass a message on',
      data: z.unknown(),
    },
    {
      method: 'get',
      path: '/api/checkin/counts',
      tag: 'Venue check-in',
      summary: 'Checked in now by type, unique check-ins per hour, operations waiting on devices',
      data: z.record(z.string(), z.unknown()),
      fails: [404],
    },
    {
      method: 'get',
      path: '/api/checkin/conflicts',
      tag: 'Venue check-in',
      summary:
        'The conflict inbox a page at a time: held for a decision (`view=decision`), settled by the door’s rule (`settled`) or decided, with both sides, who won and why, and the whole event’s counts',
      data: z.unknown(),
      fails: [404],
    },
    {
      method: 'get',
      path: '/api/checkin/devices',
      tag: 'Venue check-in',
      summary: 'Every door device: name, last user and contact, app version, waiting changes with the report’s age, clock offset, revocation',
      data: z.unknown(),
    },
    {
      method: 'post',
      path: '/api/checkin/devices/{id}/revoke',
      tag: 'Venue check-in',
      summary: 'Revoke a lost or stolen device: its tickets and session end, it wipes its copy at its next contact, its later changes wait in the inbox',
      data: z.unknown(),
      fails: [404],
    },
    {
      method: 'post',
      path: '/api/checkin/conflicts/{id}/resolve',
      tag: 'Venue check-in',
      summary: 'Record an organiser’s decision on a conflict (keep, or apply one side), made on the person’s current change: 409 when stale',
      data: z.record(z.string(), z.unknown()),
      fails: [404, 409],
    },
    {
      method: 'post',
      path: '/api/exhibitors',
      tag: 'Exhibitor portal',
      summary: 'Invite a confirmed stall’s or sponsor’s contact to the exhibitor portal (again: the invitation is sent again); 409 for a booking not confirmed',
      success: [200, 201],
      data: z.unknown(),
      fails: [404, 409],
    },
    {
      method: 'get',
      path: '/api/exhibitors',
      tag: 'Exhibitor portal',
      summary: 'The exhibitor of one booking (null before its invitation) and its people',
      data: z.unknown(),
    },
    {
      method: 'post',
      path: '/api/exhibitor/sign-in/code',
      tag: 'Exhibitor portal',
      summary: 'Send a 6-digit sign-in code to this mobile if it is an exhibitor’s (the same answer either way)',
      data: z.unknown(),
      fails: [429],
    },
    {
      method: 'post',
      path: '/api/exhibitor/sign-in',
      tag: 'Exhibitor portal',
      summary: 'Sign in with the mobile and its code (once, within 10 minutes): a portal token',
      answer: z.object({ success: z.literal(true), message: z.string(), token: z.string(), expiresAt: z.string(), person: z.unknown() }),
      fails: [429],
    },
    {
      method: 'get',
      path: '/api/exhibitor/me',
      tag: 'Exhibitor portal',
      summary: 'Who is signed in, for which exhibitor',
      data: z.unknown(),
    },
    {
      method: 'get',
      path: '/api/exhibitor/booking',
      tag: 'Exhibitor portal',
      summary: 'The exhibitor’s own booking: stall number, size, type, status, payment status and balance, and its event',
      data: z.unknown(),
      fails: [404],
    },
    {
      method: 'get',
      path: '/api/exhibitor/staff',
      tag: 'Exhibitor portal',
      summary: 'The exhibitor’s people and the phones they are signed in on',
      data: z.unknown(),
    },
    {
      method: 'post',
      path: '/api/exhibitor/staff',
      tag: 'Exhibitor portal',
      summary: 'The owner adds a person, who signs in on their own phone',
      success: [201],
      data: z.unknown(),
      fails: [403, 409],
    },
    {
      method: 'delete',
      path: '/api/exhibitor/staff/{id}',
      tag: 'Exhibitor portal',
      summary: 'The owner removes a person of the team: their sessions end at once',
      data: z.unknown(),
      fails: [403, 409],
    },
    {
      method: 'post',
      path: '/api/exhibitor/sign-out',
      tag: 'Exhibitor portal',
      summary: 'End this phone’s portal session',
      data: z.unknown(),
    },
    {
      method: 'post',
      path: '/api/exhibitor/devices/{id}/revoke',
      tag: 'Exhibitor portal',
      summary: 'The owner revokes one of the team’s phones: its session ends and its next request answers 403 device: revoked (decision 088)',
      data: z.unknown(),
      fails: [403, 404],
    },
  ];
  // The resources the generic router serves, in the route tree's order (their list route names them).
  const resources = [...new Set(routeTree.map((route) => factsOf(route.handler)?.resource).filter((r): r is ResourceDescription => r !== undefined))];
  for (const r of resources) {
    const base = `/api/${r.name}`;
    const tag = r.name;
    ops.push(
      {
        method: 'get',
        path: base,
        tag,
        summary: `List ${r.name}, newest first (sort: ${r.sortKeys.join(', ')})${Array.isArray(r.staff) ? `; staff get ${r.staff.join(', ')} only` : ''}`,
        data: pageSchema(recordSchema),
      },
      {
        method: 'get',
        path: `${base}/export.csv`,
        tag,
        summary: 'The filtered list as CSV (UTF-8 with BOM)',
        produces: ['text/csv'],
      },
      { method: 'get', path: `${base}/{id}`, tag, summary: `One ${r.singular}`, data: recordSchema },
      {
        method: 'get',
        path: `${base}/{id}/history`,
        tag,
        summary:
          'Its history, newest first: status changes (kind status) and edits of other fields (kind edit: changes [{ field, from, to }], who, device, notes)',
        data: z.array(z.record(z.string(), z.unknown())),
      },
      {
        method: 'get',
        path: `${base}/{id}/consents`,
        tag,
        summary: 'The consents the person gave or withdrew (purpose, textVersion, given, at), oldest first: one act a row, never changed',
        data: z.array(z.record(z.string(), z.unknown())),
      },
      ...(r.createSchema
        ? [
            {
              method: 'post' as const,
              path: base,
              tag,
              summary: `Create a ${r.singular}`,
              multipart: r.image && { fileField: r.image.formField },
              success: [201],
              data: recordSchema,
              fails: [409],
            },
          ]
        : []),
      {
        method: 'put',
        path: `${base}/{id}`,
        tag,
        summary: `Update a ${r.singular} (If-Match: updatedAt → 409 when stale)`,
        multipart: r.image && { fileField: r.image.formField },
        data: recordSchema,
        fails: [409],
      },
      {
        method: 'put',
        path: `${base}/{id}/status`,
        tag,
        summary: `Change its status (${r.statuses.join(', ')})`,
        data: recordSchema,
      },
      { method: 'delete', path: `${base}/{id}`, tag, summary: `Delete a ${r.singular}`, data: z.object({ id: z.string() }) },
      {
        method: 'post',
        path: `${base}/bulk`,
        tag,
        summary: `One status for, or deletion of (admin), the records named by ids or matching a filter (eventId, status, q); statuses through the status engine, records already at it left alone`,
        data: z.object({ matched: z.number(), changed: z.number() }),
        fails: [403],
      },
      ...(r.importable && r.createSchema
        ? [
            {
              method: 'post' as const,
              path: `${base}/import`,
              tag,
              summary:
                'Rows of a CSV or Excel file (≤ 500 a request): each checked with the create schema, duplicates by mobile number skipped, `dryRun` writes nothing, lines already imported with `importKey` skipped',
              data: z.record(z.string(), z.unknown()),
              fails: [409],
            },
          ]
        : []),
      ...(r.identity
        ? [
            {
              method: 'get' as const,
              path: `${base}/duplicates`,
              tag,
              summary: 'Possible duplicates: the same mobile number in an event, or very similar names in one organisation',
              data: z.object({ groups: z.array(z.object({ reason: z.enum(['mobile', 'name']), label: z.string(), records: z.array(recordSchema) })) }),
            },
            {
              method: 'post' as const,
              path: `${base}/duplicates/merge`,
              tag,
              summary: 'Merge two records of one person: the survivor keeps its pass code and takes the other’s status history',
              data: recordSchema,
              fails: [404],
            },
          ]
        : []),
    );
  }
  return ops;
}

const jsonSchema = (schema: $ZodType, io: 'input' | 'output' = 'input') => {
  const { $schema: _, ...rest } = toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

const FAILURES: Record<number, string> = {
  400: 'Bad input: a message, and one per field in `errors`',
  401: 'No token, or a token whose session has ended or expired',
  403: 'The role may not do this',
  404: 'No such record',
  409: 'A duplicate, or a stale update (with the record as it is now in `data`)',
  413: 'Body or file too large, or an image of too many pixels',
  415: 'A body that is not JSON or multipart, or a file that is not a true image',
  422: 'An idempotency key reused with another body',
  429: 'Too many attempts: `Retry-After` says when to try again',
  503: 'The database cannot be reached or written (e.g. a full disk), or its file was removed under the server: `Retry-After` says when to try again',
};

/**
 * Every status an operation may answer: its successes, then the failures every operation of its kind
 * may answer (400 for any input, 401/403 by role, 404 for a record path, 413/415 and 400 from the body
 * rules of every request with a body, 503 from storage) and its own.
 */
function responsesOf(op: DocumentedOperation): Record<string, unknown> {
  const failures = new Set<number>([400, 503, ...(op.fails ?? [])]);
  if (op.who !== 'public') failures.add(401);
  if (op.who === 'admin') failures.add(403);
  if (/\{(id|key)\}/.test(op.path)) failures.add(404);
  if (op.method !== 'get') [413, 415].forEach((s) => failures.add(s));
  const responses: Record<string, unknown> = {};
  const successContent = op.produces
    ? Object.fromEntries(op.produces.map((type) => [type, { schema: { type: 'string', ...(type.startsWith('image/') && { format: 'binary' }) } }]))
    : { 'application/json': { schema: jsonSchema(op.answer ?? successSchema(op.data ?? z.unknown()), 'output') } };
  for (const status of op.success ?? [200]) {
    responses[status] = { description: status === 201 ? 'Created' : 'OK', content: successContent };
  }
  for (const status of [...failures].sort()) {
    responses[status] = { description: FAILURES[status] ?? 'Failure', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } };
  }
  return responses;
}

/** A multipart body: the JSON body's fields as form fields, plus the image file. */
function multipartSchema(body: $ZodType, fileField: string) {
  const schema = jsonSchema(body) as { properties?: Record<string, unknown> };
  return {
    ...schema,
    properties: {
      ...schema.properties,
      [fileField]: {
        type: 'string',
        format: 'binary',
        contentMediaType: 'image/*',
        description: 'PNG, JPEG, WebP, GIF or AVIF; at most 5 MB and 40 megapixels',
      },
    },
  };
}

/** An operation as documented: its words, and what its route enforces. */
type DocumentedOperation = Operation & { who: Who; roles: readonly string[]; body?: $ZodType };

/** The API's routes, composed (routes/index.ts hands them over once, before the first request). */
let routeTree: readonly RouterRoute[] = [];
export function documentRoutes(routes: readonly RouterRoute[]) {
  routeTree = routes;
  cached = undefined;
}

/** A middleware registered for every method under a path (`.use`) guards the routes under it. */
const guards = (guard: RouterRoute, path: string) => {
  const base = guard.path.replace(/\/?\*$/, '');
  return base === '' || path === base || path.startsWith(`${base}/`);
};

/** Every route the API serves, once per method and path, with what its middlewares and handlers enforce. */
function servedRoutes(): Array<{ method: Operation['method']; path: string; facts: RouteFacts }> {
  const served = new Map<string, { method: Operation['method']; path: string; facts: RouteFacts }>();
  for (const route of routeTree) {
    if (route.method === 'ALL') continue;
    const path = `/api${route.path}`.replace(/:(\w+)/g, '{$1}');
    const key = `${route.method.toLowerCase()} ${path}`;
    let entry = served.get(key);
    if (!entry) {
      const guarded = routeTree.filter((guard) => guard.method === 'ALL' && guards(guard, route.path)).map((guard) => factsOf(guard.handler));
      entry = { method: route.method.toLowerCase() as Operation['method'], path, facts: Object.assign({}, ...guarded) };
      served.set(key, entry);
    }
    Object.assign(entry.facts, factsOf(route.handler));
  }
  return [...served.values()];
}

const whoOf = (roles: readonly string[] | undefined): Who =>
  !roles ? 'public' : roles.includes('staff') ? 'staff' : roles.includes('exhibitor') ? 'exhibitor' : 'admin';
const queryNames = (schema: $ZodType | undefined) => {
  const shape = (schema?._zod.def as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : undefined;
};

/**
 * The served routes with their words: each described operation's words over what its route enforces.
 * `undescribed` routes have no words; `stale` words name no served route. The reference's test wants both empty.
 */
export function describedRoutes(): { ops: DocumentedOperation[]; undescribed: string[]; stale: string[] } {
  const words = new Map(operations().map((op) => [`${op.method} ${op.path}`, op]));
  const undescribed: string[] = [];
  const ops = servedRoutes().map(({ method, path, facts }): DocumentedOperation => {
    const op = words.get(`${method} ${path}`);
    words.delete(`${method} ${path}`);
    if (!op) undescribed.push(`${method.toUpperCase()} ${path}`);
    return {
      tag: 'Not described',
      summary: '',
      ...op,
      method,
      path,
      who: whoOf(facts.roles),
      roles: facts.roles ?? [],
      body: facts.json ?? facts.form,
      query: op?.query ?? queryNames(facts.query),
    };
  });
  return { ops, undescribed, stale: [...words.keys()] };
}

let cached: { spec: Record<string, unknown>; ops: DocumentedOperation[] } | undefined;
function openApi() {
  if (cached) return cached;
  const { ops } = describedRoutes();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const parameters = [
      ...[...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
      ...(op.query ?? []).map((name) => ({ name, in: 'query', required: false, schema: { type: name === 'page' || name === 'limit' ? 'integer' : 'string' } })),
    ];
    const content: Record<string, unknown> = {};
    if (op.body) {
      content['application/json'] = { schema: jsonSchema(op.body) };
      if (op.multipart) content['multipart/form-data'] = { schema: multipartSchema(op.body, op.multipart.fileField) };
    }
    (paths[op.path] ??= {})[op.method] = {
      tags: [op.tag],
      summary: op.summary,
      'x-roles': op.roles,
      ...(op.who !== 'public' && { security: [{ bearer: [] }] }),
      ...(parameters.length && { parameters }),
      ...(op.body && { requestBody: { required: true, content } }),
      responses: responsesOf(op),
    };
  }
  cached = {
    ops,
    spec: {
      openapi: '3.1.0',
      info: {
        title: 'EventPro API',
        version: '1',
        description: 'Public registrations, the admin panel and venue check-in. See the contract in the repository.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: { Failure: jsonSchema(failureSchema, 'output') },
      },
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
                      <p>Answers: <code>${Object.keys(responsesOf(op)).join(', ')}</code></p>
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
