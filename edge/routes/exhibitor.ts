import { staffColumns } from '../lib/exhibitors';
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { addressKey, countAttempt, countSuccess, exhibitorCodeCheckKey, exhibitorCodeRequestKey } from '../auth/login-throttle';
import { requireExhibitor, startExhibitorSession } from '../auth/require-exhibitor';
import { endSession } from '../auth/sessions';
import { insertStatement, toStatement } from '../db/sql-statement';
import { events } from '../db/tables/events';
import { exhibitors, exhibitorSignInCodes, exhibitorStaff } from '../db/tables/exhibitors';
import { sponsors, stalls } from '../db/tables/organisations';
import { deviceReports, sessions } from '../db/tables/system';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { withFacts } from '../http/route-facts';
import { validate } from '../http/validate';
import { eventPlace } from '../lib/event-time';
import { cachedMessageGuard } from '../lib/site-settings';
import {
  EXHIBITOR_PERSON_KIND,
  SIGN_IN_CODE_MAX_GUESSES,
  SIGN_IN_CODE_TTL_MS,
  signInCode,
  signInCodeHash,
  signInCodeMatches,
} from '../notifications/exhibitor-messages';
import { networkOf } from '../notifications/message-guard';
import { passMessageStatements, publicOrigin } from '../notifications/outbox';
import { revokeDevice } from './checkin';
import { groupCommit } from '../perf/group-commit';
import { exhibitorStaffCreateSchema, signInCodeRequestSchema, signInSchema } from '../schemas/exhibitors';

/**
 * The exhibitor portal's API, `/api/exhibitor/*` (issue 32, decision 081). Sign-in is by a one-time code
 * sent to the person's mobile; everything else answers only within the token's own exhibitor
 * (`c.get('exhibitor')`, auth/require-exhibitor.ts): ids in a path are looked up under it, so another
 * stall's ids answer 404, never its rows. A test walks every route of this router (exhibitor.test.ts).
 */
// The API reference says who may call a route from the middleware that checks it (http/route-facts.ts), as
// requireRole records its roles: requireExhibitor lets only the portal's people through (their own audience,
// decision 081), on this router's routes and the lead routes (exhibitor-leads.ts), mounted with it.
withFacts(requireExhibitor, { roles: ['exhibitor'] });

export const CODE_ON_ITS_WAY = 'If this number belongs to an exhibitor, a 6-digit code is on its way by WhatsApp or SMS.';
export const CODE_WRONG = 'That code is not right. Check the message and try again.';
export const CODE_EXPIRED = 'This code has expired or was already used. Ask for a new one.';
const STAFF_NOT_FOUND = 'No such person in your team';
const OWNER_ONLY = 'Only the exhibitor’s owner can do this';
const OWNER_STAYS = 'The owner cannot be removed';
const ALREADY_IN_TEAM = 'This mobile number is already in your team';
const PHONE_NOT_FOUND = 'No such phone in your team';

const tooMany = (c: Context<AppEnv>, ms: number, what: string) => {
  c.header('Retry-After', String(Math.ceil(ms / 1000)));
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return fail(c, 429, `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
};

/** Lets only the exhibitor's owner through (after requireExhibitor). */
const requireOwner = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('exhibitor').role !== 'owner') return fail(c, 403, OWNER_ONLY);
  await next();
});

/**
 * The exhibitor's people, with the phones each is signed in on: the exhibitor's device records (decision
 * 088) whose session is still open, each with who signed in on it and when. A revoked phone is not one of
 * them (its session ended with the revocation; the organiser's Devices screen still lists it).
 */
async function teamOf(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const { exhibitorId, staffId } = c.get('exhibitor');
  const [people, devices] = await Promise.all([
    db
      .select({ ...staffColumns, createdAt: exhibitorStaff.createdAt })
      .from(exhibitorStaff)
      .where(and(eq(exhibitorStaff.exhibitorId, exhibitorId), eq(exhibitorStaff.disabled, false)))
      .orderBy(asc(exhibitorStaff.createdAt))
      .limit(200),
    db
      .select({ id: deviceReports.deviceId, staffId: sessions.userId, name: deviceReports.name, signedInAt: sessions.createdAt, sessionId: sessions.id })
      .from(deviceReports)
      .innerJoin(sessions, eq(sessions.id, deviceReports.sessionId))
      .where(and(eq(deviceReports.exhibitorId, exhibitorId), isNull(deviceReports.revokedAt)))
      .orderBy(desc(sessions.createdAt)),
  ]);
  return people.map((person) => ({
    ...person,
    you: person.id === staffId,
    devices: devices
      .filter((d) => d.staffId === person.id)
      .map(({ id, name, signedInAt, sessionId }) => ({ id, name, signedInAt, thisPhone: sessionId === c.get('sessionId') })),
  }));
}

export const exhibitorRoutes = new Hono<AppEnv>()
  /**
   * `POST /api/exhibitor/sign-in/code` `{ mobileNumber }`: sends a sign-in code to the number if it belongs
   * to an exhibitor's person (the answer is the same either way, so it tells nobody whose number it is).
   * Codes asked for one number are throttled, and each message is a paid one under the organiser's caps.
   */
  .post('/sign-in/code', validate('json', signInCodeRequestSchema), async (c) => {
    const { mobileNumber } = c.req.valid('json');
    const { db, writeBatch, now, clientAddress, messaging, secrets } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    const at = now();
    const address = clientAddress(c);
    const attempt = await countAttempt(db, [exhibitorCodeRequestKey(mobileNumber), addressKey(address)], at);
    if (!attempt.allowed) return tooMany(c, attempt.retryAfterMs, 'codes asked for this number');

    // A number in two exhibitors' teams: the most recently added (the sign-in answers that exhibitor).
    const [person] = await db
      .select({ id: exhibitorStaff.id, name: exhibitorStaff.name, email: exhibitorStaff.email, eventId: exhibitors.eventId })
      .from(exhibitorStaff)
      .innerJoin(exhibitors, eq(exhibitors.id, exhibitorStaff.exhibitorId))
      .where(and(eq(exhibitorStaff.mobileNumber, mobileNumber), eq(exhibitorStaff.disabled, false)))
      .orderBy(desc(exhibitorStaff.createdAt))
      .limit(1);
    if (!person) return ok(c, { sent: true }, CODE_ON_ITS_WAY);

    const issuedAt = at.toISOString();
    const code = signInCode(secrets.jwtSecret, person.id, at);
    const messages = passMessageStatements(db, {
      holder: { kind: EXHIBITOR_PERSON_KIND, id: person.id, name: person.name, typeLabel: 'Exhibitor', mobileNumber, email: person.email, passCode: '' },
      eventId: person.eventId,
      template: 'exhibitor_code',
      channels: messaging?.channels ?? {},
      origin: publicOrigin(c),
      guard: await cachedMessageGuard(db),
      network: networkOf(address),
      // The person's e-mail is kept only once confirmed (decision 056): the invitation copies a confirmed one.
      emailConfirmed: true,
      now: at,
    });
    await groupCommit(writeBatch, [
      insertStatement(db, exhibitorSignInCodes, {
        id: crypto.randomUUID(),
        staffId: person.id,
        mobileNumber,
        codeHash: signInCodeHash(secrets.jwtSecret, person.id, at, code),
        issuedAt,
        expiresAt: new Date(at.getTime() + SIGN_IN_CODE_TTL_MS).toISOString(),
      }),
      // Codes ended a day ago are of no use to anyone.
      toStatement(db.delete(exhibitorSignInCodes).where(lt(exhibitorSignInCodes.expiresAt, new Date(at.getTime() - 86_400_000).toISOString()))),
      ...messages.statements,
    ]);
    if (messages.queued) messaging?.dispatch(c);
    return ok(c, { sent: true }, CODE_ON_ITS_WAY);
  })
  /**
   * `POST /api/exhibitor/sign-in` `{ mobileNumber, code }` → `{ token, expiresAt, person }`: the
   * newest code of the number, unused and under ten minutes old, checked against its HMAC. Every try is
   * counted before the check (the login's throttle, per number and per address); a wrong code counts
   * against the code too, which is spent after five.
   */
  .post('/sign-in', validate('json', signInSchema), async (c) => {
    const { mobileNumber, code } = c.req.valid('json');
    const { db, now, clientAddress, secrets, config } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    const at = now();
    const keys = [exhibitorCodeCheckKey(mobileNumber), addressKey(clientAddress(c))];
    const attempt = await countAttempt(db, keys, at);
    if (!attempt.allowed) return tooMany(c, attempt.retryAfterMs, 'wrong codes');

    const [row] = await db
      .select()
      .from(exhibitorSignInCodes)
      .where(
        and(
          eq(exhibitorSignInCodes.mobileNumber, mobileNumber),
          isNull(exhibitorSignInCodes.usedAt),
          gt(exhibitorSignInCodes.expiresAt, at.toISOString()),
          lt(exhibitorSignInCodes.wrongGuesses, SIGN_IN_CODE_MAX_GUESSES),
        ),
      )
      .orderBy(desc(exhibitorSignInCodes.issuedAt))
      .limit(1);
    if (!row) return fail(c, 400, CODE_EXPIRED, { code: CODE_EXPIRED });
    if (!signInCodeMatches(secrets.jwtSecret, row, code)) {
      await db
        .update(exhibitorSignInCodes)
        .set({ wrongGuesses: sql`${exhibitorSignInCodes.wrongGuesses} + 1` })
        .where(eq(exhibitorSignInCodes.id, row.id));
      return fail(c, 400, CODE_WRONG, { code: CODE_WRONG });
    }
    // Single use, even for two phones typing it at once: only one UPDATE finds it unused.
    const [spent] = await db
      .update(exhibitorSignInCodes)
      .set({ usedAt: at.toISOString() })
      .where(and(eq(exhibitorSignInCodes.id, row.id), isNull(exhibitorSignInCodes.usedAt)))
      .returning({ id: exhibitorSignInCodes.id });
    if (!spent) return fail(c, 400, CODE_EXPIRED, { code: CODE_EXPIRED });
    await countSuccess(db, keys);

    const [person] = await db
      .select({ id: exhibitorStaff.id, name: exhibitorStaff.name, role: exhibitorStaff.role, disabled: exhibitorStaff.disabled })
      .from(exhibitorStaff)
      .where(eq(exhibitorStaff.id, row.staffId))
      .limit(1);
    if (!person || person.disabled) return fail(c, 400, CODE_EXPIRED, { code: CODE_EXPIRED });
    const { token, expiresAt } = await startExhibitorSession(db, person.id, { secret: secrets.jwtSecret, now: at, ttlSeconds: config.tokenTtlSeconds });
    return c.json({ success: true as const, message: 'Signed in.', token, expiresAt, person: { id: person.id, name: person.name, role: person.role } }, 200);
  })
  /** `GET /api/exhibitor/me`: who is signed in, and for which exhibitor and event. */
  .get('/me', requireExhibitor, async (c) => {
    const scope = c.get('exhibitor');
    const [person] = await c
      .get('deps')
      .db.select({ name: exhibitorStaff.name, mobileNumber: exhibitorStaff.mobileNumber })
      .from(exhibitorStaff)
      .where(eq(exhibitorStaff.id, scope.staffId))
      .limit(1);
    return ok(c, { id: scope.staffId, role: scope.role, name: person?.name ?? '', mobileNumber: person?.mobileNumber ?? '', exhibitorId: scope.exhibitorId });
  })
  /**
   * `GET /api/exhibitor/booking`: the exhibitor's own booking — a stall's number, size, type, status and
   * payment status, or a sponsor's tier, amount, paid and balance — and its event. A stall booking records no
   * amounts (only its payment status), so its amounts are null rather than made up.
   */
  .get('/booking', requireExhibitor, async (c) => {
    const { db } = c.get('deps');
    const scope = c.get('exhibitor');
    const [event] = await db
      .select({
        id: events.id,
        name: events.eventName,
        startDateTime: events.startDateTime,
        endDateTime: events.endDateTime,
        venue: events.venue,
        city: events.city,
      })
      .from(events)
      .where(eq(events.id, scope.eventId))
      .limit(1);
    // Where, as every message says it (the venue, with the city unless the venue names it).
    const eventView = event ? { ...event, place: eventPlace(event.venue, event.city) } : null;
    if (scope.stallId) {
      const [stall] = await db.select().from(stalls).where(eq(stalls.id, scope.stallId)).limit(1);
      if (!stall) return fail(c, 404, 'Your booking no longer exists. Please contact the organiser.');
      return ok(c, {
        kind: 'stall' as const,
        company: stall.companyName,
        contactPersonName: stall.contactPersonName,
        stallNumber: stall.stallNumber,
        stallType: stall.stallType,
        size: { width: stall.stallWidth, length: stall.stallLength, unit: stall.stallUnit },
        tier: null,
        status: stall.status,
        paymentStatus: stall.paymentStatus,
        amount: null,
        amountPaid: null,
        balance: null,
        currency: 'INR',
        event: eventView,
      });
    }
    const [sponsor] = await db
      .select()
      .from(sponsors)
      .where(eq(sponsors.id, scope.sponsorId ?? ''))
      .limit(1);
    if (!sponsor) return fail(c, 404, 'Your booking no longer exists. Please contact the organiser.');
    return ok(c, {
      kind: 'sponsor' as const,
      company: sponsor.organizationName,
      contactPersonName: sponsor.contactPersonName,
      stallNumber: null,
      stallType: null,
      size: null,
      tier: sponsor.sponsorshipTier,
      status: sponsor.status,
      paymentStatus: sponsor.paymentStatus,
      amount: sponsor.sponsorshipAmount,
      amountPaid: sponsor.amountPaid,
      balance: sponsor.balanceAmount,
      currency: sponsor.currency,
      event: eventView,
    });
  })
  /** `GET /api/exhibitor/staff`: the exhibitor's people and the phones they are signed in on. */
  .get('/staff', requireExhibitor, async (c) => ok(c, { items: await teamOf(c) }))
  /**
   * `POST /api/exhibitor/staff` `{ name, mobileNumber }` (owner): adds a person, who signs in on their own
   * phone with their own code. No message is sent: the owner tells them to open the portal.
   */
  .post('/staff', requireExhibitor, requireOwner, validate('json', exhibitorStaffCreateSchema), async (c) => {
    const { name, mobileNumber } = c.req.valid('json');
    const { db, now } = c.get('deps');
    const { exhibitorId } = c.get('exhibitor');
    const at = now().toISOString();
    const [existing] = await db
      .select({ id: exhibitorStaff.id, disabled: exhibitorStaff.disabled })
      .from(exhibitorStaff)
      .where(and(eq(exhibitorStaff.exhibitorId, exhibitorId), eq(exhibitorStaff.mobileNumber, mobileNumber)))
      .limit(1);
    if (existing && !existing.disabled) return fail(c, 409, ALREADY_IN_TEAM, { mobileNumber: ALREADY_IN_TEAM });
    const id = crypto.randomUUID();
    if (existing) await db.delete(exhibitorStaff).where(eq(exhibitorStaff.id, existing.id));
    await db.insert(exhibitorStaff).values({ id, exhibitorId, role: 'staff', name, mobileNumber, createdAt: at, updatedAt: at });
    return ok(c, { id, name, mobileNumber, role: 'staff' as const }, 'Added. They sign in on their own phone with their mobile number.', 201);
  })
  /**
   * `DELETE /api/exhibitor/staff/:id` (owner): removes a person of the exhibitor's own team and ends every
   * session of theirs at once (their next request answers 401). Another exhibitor's person answers 404.
   */
  .delete('/staff/:id', requireExhibitor, requireOwner, async (c) => {
    const { db } = c.get('deps');
    const { exhibitorId } = c.get('exhibitor');
    const id = c.req.param('id');
    const [person] = await db
      .select({ id: exhibitorStaff.id, role: exhibitorStaff.role })
      .from(exhibitorStaff)
      .where(and(eq(exhibitorStaff.id, id), eq(exhibitorStaff.exhibitorId, exhibitorId)))
      .limit(1);
    if (!person) return fail(c, 404, STAFF_NOT_FOUND);
    if (person.role === 'owner') return fail(c, 409, OWNER_STAYS);
    const ended = await db.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    await db.delete(exhibitorStaff).where(eq(exhibitorStaff.id, id));
    return ok(c, { id, endedSessions: ended.length }, 'Removed. Their phone is signed out.');
  })
  /** `POST /api/exhibitor/sign-out`: ends this phone's session. */
  .post('/sign-out', requireExhibitor, async (c) => {
    const { db } = c.get('deps');
    await endSession(db, c.get('sessionId'));
    return ok(c, { ended: 1 }, 'Signed out');
  })
  /**
   * `POST /api/exhibitor/devices/:id/revoke` (owner): one of the team's phones is lost or in the wrong hands.
   * The organiser's revocation (routes/checkin.ts `revokeDevice`): its session ends, its next request on any
   * portal route answers 403 `device: revoked` and it wipes its leads' personal data; its lead batches are
   * refused. Another exhibitor's phone, or a door device, answers 404.
   */
  .post('/devices/:id/revoke', requireExhibitor, requireOwner, async (c) => {
    const { db } = c.get('deps');
    const scope = c.get('exhibitor');
    const [device] = await db
      .select()
      .from(deviceReports)
      .where(and(eq(deviceReports.deviceId, c.req.param('id')), eq(deviceReports.exhibitorId, scope.exhibitorId)))
      .limit(1);
    if (!device) return fail(c, 404, PHONE_NOT_FOUND);
    const [person] = await db.select({ name: exhibitorStaff.name }).from(exhibitorStaff).where(eq(exhibitorStaff.id, scope.staffId)).limit(1);
    const revoked = await revokeDevice(c, device, person?.name ?? 'the exhibitor');
    return ok(
      c,
      { id: device.deviceId, revokedAt: revoked.revokedAt },
      revoked.already ? 'This phone was already revoked' : 'Revoked. The phone is signed out and wipes its leads.',
    );
  });
