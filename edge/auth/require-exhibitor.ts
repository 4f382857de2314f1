import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/database';
import { exhibitorDevices, exhibitors, exhibitorStaff, type ExhibitorStaffRole } from '../db/tables/exhibitors';
import { sessions } from '../db/tables/system';
import type { AppEnv } from '../env';
import { fail } from '../http/envelope';
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
 * exhibitor audience only); the phone is recorded with the session (`exhibitor_devices`), so the team list
 * shows where each person is signed in. The sign-in route calls it once the person proved their code.
 */
export async function startExhibitorSession(db: Database, staffId: string, options: { secret: string; now: Date; ttlSeconds: number; device?: string }) {
  const sessionId = await startSession(db, staffId, options.now, options.ttlSeconds);
  const at = options.now.toISOString();
  await db.batch([
    db.update(exhibitorStaff).set({ lastSignInAt: at }).where(eq(exhibitorStaff.id, staffId)),
    db.insert(exhibitorDevices).values({ sessionId, staffId, name: options.device ?? '', signedInAt: at }),
  ]);
  return { ...(await signToken({ userId: staffId, role: 'exhibitor', sessionId }, options.secret, options.now, options.ttlSeconds)), sessionId };
}

/**
 * Lets a request through only with a valid exhibitor-portal token whose session still exists, of a person
 * who is not disabled, of an exhibitor that still exists; sets `c.get('exhibitor')`. Like the panel's
 * requireRole, it reads the rows on every request, so removing a person or ending a session takes effect
 * at once. Panel tokens are refused here (another audience), and portal tokens by every panel route.
 */
export const requireExhibitor = createMiddleware<AppEnv>(async (c, next) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
  if (!match) return fail(c, 401, MESSAGES.missingToken);

  const { db, secrets, now } = c.get('deps');
  const check = await verifyToken(match[1]!, secrets.jwtSecret, now(), 'exhibitor');
  if (!check.ok) return fail(c, 401, check.reason === 'expired' ? MESSAGES.expiredToken : MESSAGES.invalidToken);

  const [row] = await db
    .select({
      staffId: exhibitorStaff.id,
      role: exhibitorStaff.role,
      disabled: exhibitorStaff.disabled,
      exhibitorId: exhibitors.id,
      eventId: exhibitors.eventId,
      stallId: exhibitors.stallId,
      sponsorId: exhibitors.sponsorId,
    })
    .from(exhibitorStaff)
    .innerJoin(sessions, and(eq(sessions.id, check.claims.sessionId), eq(sessions.userId, exhibitorStaff.id)))
    .innerJoin(exhibitors, eq(exhibitors.id, exhibitorStaff.exhibitorId))
    .where(eq(exhibitorStaff.id, check.claims.userId))
    .limit(1);
  if (!row || row.disabled) return fail(c, 401, MESSAGES.endedSession);

  const { disabled: _disabled, ...scope } = row;
  c.set('exhibitor', scope);
  c.set('sessionId', check.claims.sessionId);
  await next();
  c.header('Cache-Control', 'private, no-store');
});
