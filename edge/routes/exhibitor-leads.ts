import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { requireExhibitor } from '../auth/require-exhibitor';
import { requireAdmin } from '../auth/require-role';
import { verifyAuthorTicket } from '../auth/author-ticket';
import { toStatement, type SqlStatement } from '../db/sql-statement';
import { standingConsentSql } from '../lib/consents';
import { eventQuestions } from '../lib/answers';
import { type Answers, answerText, type RegistrationQuestion } from '../../shared/registration-questions';
import { exhibitors, exhibitorStaff, leadMessageRequests, leadQuestions, leads } from '../db/tables/exhibitors';
import { visitors } from '../db/tables/people';
import { deviceReports } from '../db/tables/system';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { checkedByHandler } from '../http/route-facts';
import { validate, validateJsonInChunks } from '../http/validate';
import { csvDateTime, csvStream } from '../lib/csv';
import { exhibitorName, phoneLabel } from '../lib/exhibitors';
import { leadOperationStatements } from '../lib/lead-engine';
import { uuidv7 } from '../lib/uuid-v7';
import { groupMessageStatements } from '../notifications/group-messages';
import { cachedMessageGuard } from '../lib/site-settings';
import { groupCommit } from '../perf/group-commit';
import { groupMessageSchema } from '../schemas/group-messages';
import {
  leadBatchSchema,
  leadDeviceReportSchema,
  leadDeviceSignInSchema,
  leadListQuerySchema,
  leadMessageRequestSchema,
  leadQuestionsSchema,
} from '../schemas/exhibitor-leads';
import { operationBatchEnvelopeSchema } from '../schemas/checkin';
import { formatMobile } from '../../shared/schemas/mobile-number';
import {
  AUTHOR_DISABLED,
  checkedSender,
  DEVICE_REVOKED,
  generationOf,
  keepSignedBody,
  revokedAnswer,
  SIGNATURE_INVALID,
  signDeviceIn,
  type StandingReader,
} from './checkin';

/**
 * Lead capture at the stall (issue 32, decision 083; the protocol is the door's, docs/checkin-sync.md,
 * "Leads at the stall"). Every route reads and writes only rows of the request's exhibitor
 * (`c.get('exhibitor').exhibitorId`): a lead, question or request id of another exhibitor answers 404.
 */

/** What a lead shows in place of a name while its visitor has not consented to share their details. */
export const NOT_SHARED = 'A visitor who has not shared their details';
const LEAD_NOT_FOUND = 'Lead not found';
const NOT_THE_EXHIBITORS = "These changes were made by someone who is not one of this exhibitor's people";
/** Lead operations per commit of the write lane: the door's slice (routes/checkin.ts `OPS_PER_COMMIT`). */
const OPS_PER_COMMIT = 10;

/** The author (one of this exhibitor's people) and the phone's revocation, for the door's sender check. */
const exhibitorStanding =
  (exhibitorId: string): StandingReader =>
  async (c, who) => {
    const { db } = c.get('deps');
    if (who.userId === null) return { standing: undefined }; // the ticket is not valid: refused before its standing matters
    const [row] = await db
      .select({
        role: exhibitorStaff.role,
        disabled: exhibitorStaff.disabled,
        revokedAt: sql`(SELECT ${deviceReports.revokedAt} FROM ${deviceReports} WHERE ${deviceReports.deviceId} = ${who.deviceId} AND ${deviceReports.exhibitorId} = ${exhibitorId})`,
      })
      .from(exhibitorStaff)
      .where(and(eq(exhibitorStaff.id, who.userId), eq(exhibitorStaff.exhibitorId, exhibitorId)))
      .limit(1);
    return { standing: row };
  };

/**
 * One query for a page of leads and for the whole export: each lead with its visitor's name and number only
 * while the visitor's newest `exhibitors` consent row gives it (consents: one row per act, never updated),
 * read through the (person_kind, person_id, purpose, at) index per lead. Nothing of the visitor is copied
 * into the lead, so a withdrawal takes their details out of every exhibitor's list and export at once.
 */
function leadRows(c: Context<AppEnv>, exhibitorId: string, options: { limit: number; offset: number; rating?: string }) {
  const { db } = c.get('deps');
  const shared = standingConsentSql('visitors', sql`l.visitor_id`, 'exhibitors');
  const rating = options.rating ? sql`AND l.rating = ${options.rating}` : sql``;
  return db.all<LeadRow>(sql`SELECT l.id, l.scanned_at AS scannedAt, l.device_time_doubtful AS deviceTimeDoubtful, l.rating, l.note,
      l.follow_ups AS followUps, l.rating_operation_id AS ratingOperationId, l.note_operation_id AS noteOperationId,
      l.follow_ups_operation_id AS followUpsOperationId, l.author_name AS authorName, l.device_name AS deviceName,
      coalesce(l.shared, 0) AS shared,
      CASE WHEN l.shared = 1 THEN v.full_name END AS name,
      CASE WHEN l.shared = 1 THEN v.mobile_number END AS mobileNumber,
      v.answers AS answers,
      (SELECT r.state FROM ${leadMessageRequests} AS r WHERE r.lead_id = l.id ORDER BY r.created_at DESC LIMIT 1) AS messageRequest
    FROM (SELECT l.*, ${shared} AS shared FROM ${leads} AS l WHERE l.exhibitor_id = ${exhibitorId} ${rating}
      ORDER BY l.scanned_at DESC, l.id DESC LIMIT ${options.limit} OFFSET ${options.offset}) AS l
    LEFT JOIN ${visitors} AS v ON v.id = l.visitor_id
    ORDER BY l.scanned_at DESC, l.id DESC`);
}

interface LeadRow {
  id: string;
  scannedAt: string;
  deviceTimeDoubtful: number;
  rating: string | null;
  note: string;
  followUps: string;
  ratingOperationId: string | null;
  noteOperationId: string | null;
  followUpsOperationId: string | null;
  authorName: string;
  deviceName: string;
  shared: number;
  name: string | null;
  mobileNumber: string | null;
  /** The visitor's answers to the event's registration questions (JSON), shown whether or not they shared their details. */
  answers: string | null;
  messageRequest: string | null;
}

/**
 * A lead as the phone and the export show it: the visitor's details only when shared, else the words; their
 * answers to the event's registration questions (decision 079) either way, in the questions' words.
 */
function leadView(row: LeadRow, registrationQuestions: readonly RegistrationQuestion[]) {
  const shared = row.shared === 1;
  const answers = JSON.parse(row.answers || '{}') as Answers;
  return {
    id: row.id,
    scannedAt: row.scannedAt,
    deviceTimeDoubtful: row.deviceTimeDoubtful === 1,
    shared,
    name: shared ? (row.name ?? NOT_SHARED) : NOT_SHARED,
    mobileNumber: shared && row.mobileNumber ? formatMobile(row.mobileNumber) : null,
    rating: row.rating,
    note: row.note,
    followUps: JSON.parse(row.followUps || '[]') as string[],
    answers: registrationQuestions.flatMap((question) => {
      const answer = answerText(question, answers);
      return answer ? [{ question: question.label, answer }] : [];
    }),
    /** The operation that set each field: the base of the phone's next change of it. */
    bases: { rating: row.ratingOperationId, note: row.noteOperationId, followUps: row.followUpsOperationId },
    scannedBy: row.authorName,
    device: row.deviceName,
    messageRequest: row.messageRequest,
  };
}

async function questionsOf(c: Context<AppEnv>, exhibitorId: string) {
  return c
    .get('deps')
    .db.select({ id: leadQuestions.id, label: leadQuestions.label })
    .from(leadQuestions)
    .where(eq(leadQuestions.exhibitorId, exhibitorId))
    .orderBy(asc(leadQuestions.position));
}

type LeadResult = {
  id: string;
  result: 'applied' | 'merged' | 'superseded' | 'duplicate' | 'rejected';
  reason?: string;
  firstResult?: string;
  leadId?: string;
};

export const exhibitorLeadRoutes = new Hono<AppEnv>()
  /**
   * `POST /device`: an exhibitor's phone signs in for the person signed in on it (the door's device sign-in,
   * on the lead lane). This makes the phone's one record (decision 088): its device, its exhibitor and its
   * portal session; a phone nobody named is called by its platform ("Android phone").
   */
  .post('/device', requireExhibitor, validate('json', leadDeviceSignInSchema), async (c) => {
    const scope = c.get('exhibitor');
    const { db } = c.get('deps');
    const [person] = await db.select({ name: exhibitorStaff.name }).from(exhibitorStaff).where(eq(exhibitorStaff.id, scope.staffId)).limit(1);
    const input = c.req.valid('json');
    const answer = await signDeviceIn(
      c,
      { ...input, name: input.name || phoneLabel(c.req.header('User-Agent')), eventId: scope.eventId },
      { userId: scope.staffId, name: person?.name ?? '', exhibitorId: scope.exhibitorId },
    );
    // The record migration 0024 made for this session's phone before it had a device id: this one takes its place.
    if (answer.status === 200) {
      const sessionId = c.get('sessionId');
      await db
        .delete(deviceReports)
        .where(and(eq(deviceReports.deviceId, sessionId), eq(deviceReports.sessionId, sessionId), eq(deviceReports.exhibitorId, scope.exhibitorId)));
    }
    return answer;
  })
  /**
   * `POST /ops`: a phone's queued lead operations (scans, ratings, notes, follow-ups), in the door's batch
   * shape and sender check (author ticket bound to the phone's key, signature, device time rule). Each
   * applies once by its id (lib/lead-engine.ts). A revoked phone's batch answers 403 (decision 088); an
   * operation the door would hold (a disabled person's, an unsigned batch's) is refused with its reason: a
   * lead is not a change an organiser decides on.
   */
  .post('/ops', requireExhibitor, keepSignedBody, validateJsonInChunks(leadBatchSchema, operationBatchEnvelopeSchema, 'operations'), async (c) => {
    const batch = c.req.valid('json');
    const scope = c.get('exhibitor');
    const { db, writeBatch } = c.get('deps');
    const sender = await checkedSender(c, batch, exhibitorStanding(scope.exhibitorId));
    if (sender instanceof Response) return sender;
    if ('error' in sender) return fail(c, 400, sender.error, sender.errors);
    if (!sender.authorKnown) return fail(c, 403, NOT_THE_EXHIBITORS, { author: NOT_THE_EXHIBITORS });
    // A revoked phone's batch is refused whole (decision 088): it wipes its leads' personal data on this answer.
    if (sender.revoked) return revokedAnswer(c);
    const questions = new Set((await questionsOf(c, scope.exhibitorId)).map((q) => q.id));
    const answers: LeadResult[] = [];
    const logged: Array<{ answer: LeadResult; statements: SqlStatement[] }> = [];
    for (const op of batch.operations) {
      const answer: LeadResult = { id: op.id, result: 'rejected' };
      answers.push(answer);
      const { happenedAt, doubtful } = sender.timeOf(op.deviceTime);
      const hold = sender.holdFor(happenedAt);
      if (hold) {
        answer.reason = { revoked: DEVICE_REVOKED, author: AUTHOR_DISABLED, signature: SIGNATURE_INVALID }[hold];
        continue;
      }
      if (op.followUps?.some((id) => !questions.has(id))) {
        answer.reason = 'A ticked follow-up is not one of your questions';
        continue;
      }
      const statements = leadOperationStatements({
        logId: uuidv7(),
        op,
        exhibitorId: scope.exhibitorId,
        eventId: scope.eventId,
        author: { id: sender.author.userId, name: sender.author.name },
        device: sender.device,
        happenedAt,
        doubtful,
        receivedAt: sender.receivedAt,
      });
      logged.push({ answer, statements });
    }
    // Slices of the door's size: the first at once, the rest a backlog that gives way to registrations.
    for (let at = 0; at < logged.length; at += OPS_PER_COMMIT) {
      const slice = logged.slice(at, at + OPS_PER_COMMIT);
      const statements = slice.flatMap((s) => s.statements);
      if (at + OPS_PER_COMMIT >= logged.length) statements.push(...sender.deviceStatements(db));
      const results = await groupCommit(writeBatch, statements, at === 0 ? 'now' : 'backlog');
      let index = 0;
      for (const { answer, statements: own } of slice) {
        const row = results[index]?.[0] as { outcome: LeadResult['result']; leadId: string } | undefined;
        if (row) Object.assign(answer, { result: row.outcome, leadId: row.leadId });
        index += own.length;
      }
    }
    // Not logged now: seen before (answered with its first outcome), or nothing to apply it to.
    const unlogged = logged.filter((l) => l.answer.result === 'rejected').map((l) => l.answer);
    if (unlogged.length) {
      const seen = await db.all<{ operationId: string; outcome: string; leadId: string }>(
        sql`SELECT operation_id AS operationId, outcome, lead_id AS leadId FROM lead_operations
            WHERE exhibitor_id = ${scope.exhibitorId} AND operation_id IN (${sql.join(
              unlogged.map((a) => sql`${a.id}`),
              sql`, `,
            )})`,
      );
      const first = new Map(seen.map((s) => [s.operationId, s]));
      const opOf = new Map(batch.operations.map((op) => [op.id, op]));
      for (const answer of unlogged) {
        const known = first.get(answer.id);
        if (known) Object.assign(answer, { result: 'duplicate', firstResult: known.outcome, leadId: known.leadId });
        else answer.reason = opOf.get(answer.id)?.kind === 'scan' ? 'This pass is not a visitor pass of this event' : LEAD_NOT_FOUND;
      }
    }
    return ok(c, { results: answers, clockOffsetMs: sender.offsetMs, revoked: sender.revoked, generation: await generationOf(db) });
  })
  /** `POST /report`: what waits on this phone (the door's report, for the exhibitor's own phones). */
  .post('/report', requireExhibitor, validate('json', leadDeviceReportSchema), async (c) => {
    const input = c.req.valid('json');
    const scope = c.get('exhibitor');
    const { db, now, secrets } = c.get('deps');
    const check = await verifyAuthorTicket(input.author, input.deviceId, secrets.jwtSecret, now());
    if (!check.ok) return fail(c, 403, check.message, { author: check.message });
    const values = { waiting: input.waiting, reportedAt: now().toISOString(), ...(input.appVersion ? { appVersion: input.appVersion } : {}) };
    const updated = await db
      .update(deviceReports)
      .set(values)
      .where(and(eq(deviceReports.deviceId, input.deviceId), eq(deviceReports.exhibitorId, scope.exhibitorId), sql`${deviceReports.revokedAt} IS NULL`))
      .returning({ id: deviceReports.deviceId });
    if (!updated.length) {
      const [device] = await db
        .select({ revokedAt: deviceReports.revokedAt })
        .from(deviceReports)
        .where(and(eq(deviceReports.deviceId, input.deviceId), eq(deviceReports.exhibitorId, scope.exhibitorId)))
        .limit(1);
      return device ? revokedAnswer(c) : fail(c, 404, 'Unknown device: sign it in first');
    }
    return ok(c, { deviceId: input.deviceId, ...values });
  })
  /**
   * `GET /leads?page&limit&rating`: the exhibitor's leads, newest scan first, a page at a time (one query),
   * with the counts (leads, shared) and the exhibitor's follow-up questions.
   */
  .get('/leads', requireExhibitor, validate('query', leadListQuerySchema), async (c) => {
    const { page, limit, rating } = c.req.valid('query');
    const scope = c.get('exhibitor');
    const { db } = c.get('deps');
    const [rows, [counts], questions, registrationQuestions] = await Promise.all([
      leadRows(c, scope.exhibitorId, { limit, offset: (page - 1) * limit, rating }),
      db.all<{ total: number; filtered: number }>(
        sql`SELECT count(*) AS total, coalesce(sum(CASE WHEN ${rating ?? null} IS NULL OR rating = ${rating ?? null} THEN 1 ELSE 0 END), 0) AS filtered
          FROM ${leads} WHERE exhibitor_id = ${scope.exhibitorId}`,
      ),
      questionsOf(c, scope.exhibitorId),
      eventQuestions(db, scope.eventId),
    ]);
    const filtered = Number(counts?.filtered ?? 0);
    return ok(c, {
      items: rows.map((row) => leadView(row, registrationQuestions)),
      total: filtered,
      leads: Number(counts?.total ?? 0),
      page,
      limit,
      totalPages: Math.max(1, Math.ceil(filtered / limit)),
      questions,
    });
  })
  /** `GET /leads/export.csv`: every lead in the list's one query, as the list shows it (the phone makes the .xlsx from it). */
  .get('/leads/export.csv', requireExhibitor, async (c) => {
    const scope = c.get('exhibitor');
    const [rows, questions, registrationQuestions] = await Promise.all([
      leadRows(c, scope.exhibitorId, { limit: -1, offset: 0 }),
      questionsOf(c, scope.exhibitorId),
      eventQuestions(c.get('deps').db, scope.eventId),
    ]);
    type View = ReturnType<typeof leadView>;
    const columns: Array<[string, (lead: View) => unknown]> = [
      ['Scanned at', (l) => csvDateTime(l.scannedAt)],
      ['Name', (l) => l.name],
      ['Mobile number', (l) => l.mobileNumber ?? ''],
      ['Shared their details', (l) => (l.shared ? 'Yes' : 'No')],
      // The visitor's answers to the registration questions, a column per question, as the visitors export writes them.
      ...registrationQuestions.map((q): [string, (lead: View) => unknown] => [q.label, (l) => l.answers.find((a) => a.question === q.label)?.answer ?? '']),
      ['Rating', (l) => l.rating ?? ''],
      ['Note', (l) => l.note],
      ...questions.map((q): [string, (lead: View) => unknown] => [q.label, (l) => (l.followUps.includes(q.id) ? 'Yes' : '')]),
      ['Scanned by', (l) => l.scannedBy],
    ];
    async function* pages() {
      yield rows.map((row) => leadView(row, registrationQuestions));
    }
    const date = c.get('deps').now().toISOString().slice(0, 10);
    return c.body(csvStream(columns, pages()), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${date}.csv"`,
      'Cache-Control': 'private, no-store',
    });
  })
  /** `GET /questions`: the exhibitor's follow-up questions, in order. */
  .get('/questions', requireExhibitor, async (c) => ok(c, { items: await questionsOf(c, c.get('exhibitor').exhibitorId) }))
  /**
   * `PUT /questions {questions: [{id?, label}]}`: the whole list at once (at most 10). A question kept keeps
   * its id (leads' ticks stay); one left out is removed, and its ticks no longer show.
   */
  .put('/questions', requireExhibitor, validate('json', leadQuestionsSchema), async (c) => {
    const scope = c.get('exhibitor');
    const { db, now, writeBatch } = c.get('deps');
    const at = now().toISOString();
    const known = new Set((await questionsOf(c, scope.exhibitorId)).map((q) => q.id));
    const wanted = c.req.valid('json').questions.map((q, position) => ({ id: q.id && known.has(q.id) ? q.id : uuidv7(), label: q.label, position }));
    const statements = [
      toStatement(db.delete(leadQuestions).where(eq(leadQuestions.exhibitorId, scope.exhibitorId))),
      ...wanted.map((q) => toStatement(db.insert(leadQuestions).values({ ...q, exhibitorId: scope.exhibitorId, createdAt: at, updatedAt: at }))),
    ];
    await groupCommit(writeBatch, statements);
    return ok(c, { items: await questionsOf(c, scope.exhibitorId) }, 'Follow-up questions saved');
  })
  /**
   * `POST /leads/:id/message-requests {message}`: asks the organiser to pass a message on to a lead who has
   * not shared their details (the organiser sends it through the group messages; the number stays hidden).
   */
  // The handler checks the body itself, after the lead's look-up (checkedByHandler states it for the reference).
  .post('/leads/:id/message-requests', requireExhibitor, checkedByHandler({ json: leadMessageRequestSchema }), async (c) => {
    const scope = c.get('exhibitor');
    const { db, now } = c.get('deps');
    const [lead] = await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.id, c.req.param('id')), eq(leads.exhibitorId, scope.exhibitorId)))
      .limit(1);
    // Another exhibitor's lead is 404 whatever the body: the lead is looked up before the body is read.
    if (!lead) return fail(c, 404, LEAD_NOT_FOUND);
    const parsed = z.safeParse(leadMessageRequestSchema, await c.req.json().catch(() => null));
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Invalid request';
      return fail(c, 400, message, { message });
    }
    const at = now().toISOString();
    const row = {
      id: uuidv7(),
      exhibitorId: scope.exhibitorId,
      eventId: scope.eventId,
      leadId: lead.id,
      message: parsed.data.message,
      requestedBy: scope.staffId,
      createdAt: at,
      updatedAt: at,
    };
    await db.insert(leadMessageRequests).values(row);
    return ok(c, { id: row.id, leadId: lead.id, state: 'requested' as const, createdAt: at }, 'The organiser will pass your message on', 201);
  });

const NOT_REQUESTED = 'This request was already handled';

/**
 * The organiser's side of "pass on a message" (admins): `GET /api/lead-messages?eventId&state` lists the
 * exhibitors' requests with the exhibitor and the message (never the visitor's number: the panel sends
 * without showing it); `POST /:id/send` sends it to the visitor through the group-message machinery (the
 * organiser's channel and caps) and marks it sent in the same commit; `POST /:id/decline` declines it.
 */
export const leadMessageRoutes = new Hono<AppEnv>()
  .get(
    '/',
    requireAdmin,
    validate(
      'query',
      z.object({ eventId: z.optional(z.string().check(z.maxLength(100))), state: z._default(z.enum(['requested', 'sent', 'declined']), 'requested') }),
    ),
    async (c) => {
      const { eventId, state } = c.req.valid('query');
      const { db } = c.get('deps');
      const rows = await db
        .select({
          id: leadMessageRequests.id,
          eventId: leadMessageRequests.eventId,
          leadId: leadMessageRequests.leadId,
          message: leadMessageRequests.message,
          state: leadMessageRequests.state,
          createdAt: leadMessageRequests.createdAt,
          handledBy: leadMessageRequests.handledBy,
          handledAt: leadMessageRequests.handledAt,
          exhibitor: exhibitorName,
          visitorId: leads.visitorId,
          visitorName: visitors.fullName,
        })
        .from(leadMessageRequests)
        .innerJoin(leads, eq(leads.id, leadMessageRequests.leadId))
        .innerJoin(exhibitors, eq(exhibitors.id, leadMessageRequests.exhibitorId))
        .leftJoin(visitors, eq(visitors.id, leads.visitorId))
        .where(and(eq(leadMessageRequests.state, state), eventId ? eq(leadMessageRequests.eventId, eventId) : undefined))
        .orderBy(asc(leadMessageRequests.createdAt))
        .limit(500);
      return ok(c, { items: rows });
    },
  )
  // The handler checks the body itself, a group message's with its audience set to the request's visitor.
  .post('/:id/send', requireAdmin, checkedByHandler({ json: groupMessageSchema }), async (c) => {
    const { db, writeBatch, now, messaging } = c.get('deps');
    const [request] = await db
      .select({ id: leadMessageRequests.id, state: leadMessageRequests.state, visitorId: leads.visitorId })
      .from(leadMessageRequests)
      .innerJoin(leads, eq(leads.id, leadMessageRequests.leadId))
      .where(eq(leadMessageRequests.id, c.req.param('id')))
      .limit(1);
    if (!request) return fail(c, 404, 'Request not found');
    if (request.state !== 'requested') return fail(c, 409, NOT_REQUESTED);
    // The organiser's channel and content, checked as any group message's; its one recipient is the request's visitor.
    const body = await c.req.json().catch(() => null);
    const parsed = z.safeParse(groupMessageSchema, {
      ...(body && typeof body === 'object' ? body : {}),
      resource: 'visitors',
      ids: [request.visitorId],
      filter: undefined,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Invalid request';
      return fail(c, 400, message, { [String(parsed.error.issues[0]?.path[0] ?? 'body')]: message });
    }
    const input = parsed.data;
    const at = now();
    const group = await groupMessageStatements(db, {
      audience: { resource: 'visitors', ids: [request.visitorId] },
      content: {
        channel: input.channel,
        subject: input.subject ?? '',
        body: input.body ?? '',
        template: input.template ?? '',
        variables: input.variables ?? [],
      },
      channels: messaging?.channels ?? {},
      origin: messaging?.publicOrigin,
      guard: await cachedMessageGuard(db),
      sendAt: at,
      createdBy: c.get('user').id,
      now: at,
    });
    if (group.recipients === 0) return fail(c, 400, 'This visitor can no longer be reached');
    const mark = toStatement(
      db
        .update(leadMessageRequests)
        .set({ state: 'sent', groupMessageId: group.id, handledBy: c.get('user').name, handledAt: at.toISOString(), updatedAt: at.toISOString() })
        .where(and(eq(leadMessageRequests.id, request.id), eq(leadMessageRequests.state, 'requested'))),
    );
    await groupCommit(writeBatch, [...group.statements, mark]);
    if (group.queued) messaging?.dispatch(c);
    return ok(c, { id: request.id, state: 'sent' as const, groupMessageId: group.id, queued: group.queued }, 'Message passed on');
  })
  .post('/:id/decline', requireAdmin, async (c) => {
    const { db, now } = c.get('deps');
    const at = now().toISOString();
    const [row] = await db
      .update(leadMessageRequests)
      .set({ state: 'declined', handledBy: c.get('user').name, handledAt: at, updatedAt: at })
      .where(and(eq(leadMessageRequests.id, c.req.param('id')), eq(leadMessageRequests.state, 'requested')))
      .returning({ id: leadMessageRequests.id });
    if (!row) return fail(c, 404, 'No such request waiting');
    return ok(c, { id: row.id, state: 'declined' as const }, 'Request declined');
  });
