import { eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/database';
import { statementTemplate } from '../db/sql-statement';
import { exhibitors, exhibitorStaff, type ExhibitorStaffRole } from '../db/tables/exhibitors';
import { deviceReports, sessions } from '../db/tables/system';
import type { AppEnv } from '../env';
import { fail } from '../http/envelope';
import { revokedAnswer } from '../routes/checkin';
import { MESSAGES } from './require-role';
import { startSession } from './sessions';
import { signToken, verifyToken } from './tokens';

/**
 * Who an exhibitor portal request speaks for (issue 32): the signed-in person of an exhibitor, and the
 * exhibitor's booking. Every exhibitor route reads and writes only rows of `exhibitorId` (and its event):
 * ids in a path or body are looked up under it, never trusted on their own.
 */
export interface ExhibitorScope {
  /** The signed-in person (a row of `exhibitor_staff`). */
  staffId: string;
  role: ExhibitorStaffRole;
  exhibitorId: string;
  eventId: string;
  /** The booking the exhibitor is: a stall's id or a sponsor's id (exactly one is set). */
  stallId: string | null;
  sponsorId: string | null;
}

/**
 * Starts a portal session for an exhibitor's person on one phone and answers its token (made for the
 * exhibitor audience only). The sign-in route calls it once the person proved their code; the phone then
 * signs in on the lead lane (`POST /api/exhibitor/device`), which records it as a device with this session
 * (decision 088), so the team list shows where each person is signed in.
 */
export async function startExhibitorSession(db: Database, staffId: string, options: { secret: string; now: Date; ttlSeconds: number }) {
  const sessionId = await startSession(db, staffId, options.now, options.ttlSeconds);
  await db.update(exhibitorStaff).set({ lastSignInAt: options.now.toISOString() }).where(eq(exhibitorStaff.id, staffId));
  return { ...(await signToken({ userId: staffId, role: 'exhibitor', sessionId }, options.secret, options.now, options.ttlSeconds)), sessionId };
}

/**
 * The person, their exhibitor, whether the token's session still exists, and whether the phone that session
 * is on was revoked: one read on every portal request, kept prepared as the panel's session check is
 * (auth/require-role.ts). Raw rows are keyed by column name, so every column has its own alias (the two
 * tables' `id`s would otherwise clash).
 */
const sessionExhibitor = statementTemplate<{ staffId: string; sessionId: string }>((db, p) =>
  db
    .select({
      staffId: sql`${exhibitorStaff.id}`.as('staffId'),
      role: sql`${exhibitorStaff.role}`.as('role'),
      disabled: sql`${exhibitorStaff.disabled}`.as('disabled'),
      exhibitorId: sql`${exhibitors.id}`.as('exhibitorId'),
      eventId: sql`${exhibitors.eventId}`.as('eventId'),
      stallId: sql`${exhibitors.stallId}`.as('stallId'),
      sponsorId: sql`${exhibitors.sponsorId}`.as('sponsorId'),
      live: sql`EXISTS (SELECT 1 FROM ${sessions} WHERE ${sessions.id} = ${p('sessionId')} AND ${sessions.userId} = ${exhibitorStaff.id})`.as('live'),
      revokedAt: sql`(SELECT ${deviceReports.revokedAt} FROM ${deviceReports}
        WHERE ${deviceReports.sessionId} = ${p('sessionId')} AND ${deviceReports.exhibitorId} = ${exhibitors.id} AND ${deviceReports.revokedAt} IS NOT NULL LIMIT 1)`.as(
        'revokedAt',
      ),
    })
    .from(exhibitorStaff)
    .innerJoin(exhibitors, eq(exhibitors.id, exhibitorStaff.exhibitorId))
    .where(eq(exhibitorStaff.id, p('staffId'))),
);

interface SessionExhibitorRow {
  staffId: string;
  role: ExhibitorStaffRole;
  disabled: number;
  exhibitorId: string;
  eventId: string;
  stallId: string | null;
  sponsorId: string | null;
  live: number;
  revokedAt: string | null;
}

/**
 * Lets a request through only with a valid exhibitor-portal token whose session still exists, of a person
 * who is not disabled, of an exhibitor that still exists; sets `c.get('exhibitor')`. Like the panel's
 * requireRole, it reads the rows on every request, so removing a person or ending a session takes effect
 * at once. A phone its exhibitor's owner or an organiser revoked is answered 403 `device: revoked` (its
 * session ended with the revocation), on every route: it wipes its leads' personal data on that answer
 * (decision 088). Panel tokens are refused here (another audience), and portal tokens by every panel route.
 */
export const requireExhibitor = createMiddleware<AppEnv>(async (c, next) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
  if (!match) return fail(c, 401, MESSAGES.missingToken);

  const { db, secrets, now, readRow } = c.get('deps');
  const check = await verifyToken(match[1]!, secrets.jwtSecret, now(), 'exhibitor');
  if (!check.ok) return fail(c, 401, check.reason === 'expired' ? MESSAGES.expiredToken : MESSAGES.invalidToken);

  const row = (await readRow(sessionExhibitor(db, { staffId: check.claims.userId, sessionId: check.claims.sessionId }))) as SessionExhibitorRow | undefined;
  if (!row || row.disabled) return fail(c, 401, MESSAGES.endedSession);
  if (row.revokedAt) return revokedAnswer(c);
  if (!row.live) return fail(c, 401, MESSAGES.endedSession);

  c.set('exhibitor', {
    staffId: row.staffId,
    role: row.role,
    exhibitorId: row.exhibitorId,
    eventId: row.eventId,
    stallId: row.stallId,
    sponsorId: row.sponsorId,
  });
  c.set('sessionId', check.claims.sessionId);
  await next();
  c.header('Cache-Control', 'private, no-store');
});
