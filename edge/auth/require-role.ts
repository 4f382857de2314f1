import { and, eq, type Placeholder } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import type { Database } from '../db/database';
import { statementTemplate } from '../db/sql-statement';
import { createMiddleware } from 'hono/factory';
import { sessions, users, type UserRole } from '../db/tables/system';
import type { AppEnv } from '../env';
import { fail } from '../http/envelope';
import { type TokenClaims, verifyToken } from './tokens';
import { withFacts } from '../http/route-facts';

export const MESSAGES = {
  missingToken: 'Please log in to continue.',
  expiredToken: 'Session expired. Please log in again.',
  invalidToken: 'Invalid session. Please log in again.',
  endedSession: 'Your session has ended. Please log in again.',
  forbidden: 'You do not have permission to do this.',
} as const;

/** A session's user as every signed-in request reads it. */
const SESSION_USER = { id: users.id, email: users.email, name: users.name, role: users.role, disabled: users.disabled };
type SessionUserRow = Partial<Record<keyof typeof SESSION_USER, unknown>>;

/**
 * `fields` of the token's user, while the token's session exists: the one read behind a signed-in request
 * (`requireRole`), which the door's signed batches extend with their sender (routes/checkin.ts).
 */
export function sessionUserQuery(db: Database, p: (name: 'userId' | 'sessionId') => Placeholder, fields: SelectedFields) {
  return db
    .select(fields)
    .from(users)
    .innerJoin(sessions, and(eq(sessions.id, p('sessionId')), eq(sessions.userId, users.id)))
    .where(eq(users.id, p('userId')))
    .limit(1);
}
/** The session's user, read on every signed-in request, so kept prepared: `readRow`. */
const sessionUser = statementTemplate<{ userId: string; sessionId: string }>((db, p) => sessionUserQuery(db, p, SESSION_USER));

/** A request's token, checked (signature, expiry, audience): its claims, or the 401 answer. */
async function tokenClaims(c: Context<AppEnv>): Promise<TokenClaims | Response> {
  const header = c.req.header('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return fail(c, 401, MESSAGES.missingToken);
  const { secrets, now } = c.get('deps');
  const check = await verifyToken(match[1]!, secrets.jwtSecret, now());
  if (!check.ok) return fail(c, 401, check.reason === 'expired' ? MESSAGES.expiredToken : MESSAGES.invalidToken);
  return check.claims;
}

/**
 * Lets the session's user in (`c.get('user')`, `c.get('sessionId')`) or answers why not: 401 when the session
 * has ended (no row) or its user is disabled, 403 when the user's role is not one of `roles`.
 */
export function admitSessionUser(c: Context<AppEnv>, claims: TokenClaims, roles: readonly UserRole[], row: SessionUserRow | undefined) {
  const user = row && { id: String(row.id), email: String(row.email), name: String(row.name), role: row.role as UserRole, disabled: Boolean(row.disabled) };
  if (!user || user.disabled) return fail(c, 401, MESSAGES.endedSession);
  if (!roles.includes(user.role)) return fail(c, 403, MESSAGES.forbidden);
  c.set('user', { id: user.id, email: user.email, name: user.name, role: user.role });
  c.set('sessionId', claims.sessionId);
  return undefined;
}

/**
 * Lets a request through only with a valid token whose session still exists (auth/sessions.ts), of a
 * user who is not disabled and has one of `roles`. User and session are read together on every request
 * (one primary-key look-up each), so a logout, a password reset, disabling an account or changing its
 * role takes effect at once rather than when its token expires. Answers to signed-in requests are
 * personal: `Cache-Control: private, no-store`, so no shared or browser cache keeps them.
 */
function requireRole(...roles: UserRole[]) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const claims = await tokenClaims(c);
    if (claims instanceof Response) return claims;
    const { db, readRow } = c.get('deps');
    const refused = admitSessionUser(c, claims, roles, await readRow(sessionUser(db, { userId: claims.userId, sessionId: claims.sessionId })));
    if (refused) return refused;
    await next();
    c.header('Cache-Control', 'private, no-store');
  });
  // The API reference says who may call a route from the middleware that checks it (route-facts.ts).
  return withFacts(middleware, { roles });
}

/**
 * `requireRole` for the door's signed batches (decision 094): the token is checked here; the session is read
 * by the handler with the batch's sender, in one statement, and checked again inside the batch's own write
 * (routes/checkin.ts `withCheckedSender`), so a busy gate's check-in makes no read before its write. The
 * handler must admit the session (`admitSessionUser`) before it answers anything but a refusal.
 */
function requireRoleAtCommit(...roles: UserRole[]) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const claims = await tokenClaims(c);
    if (claims instanceof Response) return claims;
    c.set('pendingSession', { claims, roles });
    await next();
    if (c.res.status < 400 && !c.get('user')) throw new Error('A request behind requireRoleAtCommit was answered without admitting its session');
    c.header('Cache-Control', 'private, no-store');
  });
  return withFacts(middleware, { roles });
}

export const requireAdmin = requireRole('admin');
export const requireStaff = requireRole('admin', 'staff');
export const requireStaffAtCommit = requireRoleAtCommit('admin', 'staff');
