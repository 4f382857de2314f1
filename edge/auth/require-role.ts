import { and, eq } from 'drizzle-orm';
import { statementTemplate } from '../db/sql-statement';
import { createMiddleware } from 'hono/factory';
import { sessions, users, type UserRole } from '../db/tables/system';
import type { AppEnv } from '../env';
import { fail } from '../http/envelope';
import { verifyToken } from './tokens';
import { withFacts } from '../http/route-facts';

export const MESSAGES = {
  missingToken: 'Please log in to continue.',
  expiredToken: 'Session expired. Please log in again.',
  invalidToken: 'Invalid session. Please log in again.',
  endedSession: 'Your session has ended. Please log in again.',
  forbidden: 'You do not have permission to do this.',
} as const;

/** The signed-in user of a session (read on every signed-in request, so kept prepared: `readRow`). */
const sessionUser = statementTemplate<{ userId: string; sessionId: string }>((db, p) =>
  db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, disabled: users.disabled })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.id, p('sessionId')), eq(sessions.userId, users.id)))
    .where(eq(users.id, p('userId')))
    .limit(1),
);

/**
 * Lets a request through only with a valid token whose session still exists (auth/sessions.ts), of a
 * user who is not disabled and has one of `roles`. User and session are read together on every request
 * (one primary-key look-up each), so a logout, a password reset, disabling an account or changing its
 * role takes effect at once rather than when its token expires. Answers to signed-in requests are
 * personal: `Cache-Control: private, no-store`, so no shared or browser cache keeps them.
 */
function requireRole(...roles: UserRole[]) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return fail(c, 401, MESSAGES.missingToken);

    const { db, secrets, now, readRow } = c.get('deps');
    const check = await verifyToken(match[1]!, secrets.jwtSecret, now());
    if (!check.ok) return fail(c, 401, check.reason === 'expired' ? MESSAGES.expiredToken : MESSAGES.invalidToken);

    const row = await readRow(sessionUser(db, { userId: check.claims.userId, sessionId: check.claims.sessionId }));
    const user = row && { id: String(row.id), email: String(row.email), name: String(row.name), role: row.role as UserRole, disabled: Boolean(row.disabled) };
    if (!user || user.disabled) return fail(c, 401, MESSAGES.endedSession);
    if (!roles.includes(user.role)) return fail(c, 403, MESSAGES.forbidden);

    c.set('user', { id: user.id, email: user.email, name: user.name, role: user.role });
    c.set('sessionId', check.claims.sessionId);
    await next();
    c.header('Cache-Control', 'private, no-store');
  });
  // The API reference says who may call a route from the middleware that checks it (route-facts.ts).
  return withFacts(middleware, { roles });
}

export const requireAdmin = requireRole('admin');
export const requireStaff = requireRole('admin', 'staff');
