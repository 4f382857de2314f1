import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { users, type UserRole } from '../db/tables/system';
import type { AppEnv } from '../env';
import { fail } from '../http/envelope';
import { verifyToken } from './tokens';

export const MESSAGES = {
  missingToken: 'Please log in to continue.',
  expiredToken: 'Session expired. Please log in again.',
  invalidToken: 'Invalid session. Please log in again.',
  accountDisabled: 'This account is disabled.',
  forbidden: 'You do not have permission to do this.',
} as const;

/**
 * Lets a request through only with a valid token of a user who still exists, is not disabled and has one
 * of `roles`. The user is read from the database on every request (one primary-key look-up), so disabling
 * an account or changing its role takes effect at once rather than when its token expires.
 */
export function requireRole(...roles: UserRole[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return fail(c, 401, MESSAGES.missingToken);

    const { db, secrets, now } = c.var.deps;
    const check = await verifyToken(match[1]!, secrets.jwtSecret, now());
    if (!check.ok) return fail(c, 401, check.reason === 'expired' ? MESSAGES.expiredToken : MESSAGES.invalidToken);

    const [user] = await db
      .select({ id: users.id, email: users.email, name: users.name, role: users.role, disabled: users.disabled })
      .from(users)
      .where(eq(users.id, check.claims.userId))
      .limit(1);
    if (!user) return fail(c, 401, MESSAGES.invalidToken);
    if (user.disabled) return fail(c, 401, MESSAGES.accountDisabled);
    if (!roles.includes(user.role)) return fail(c, 403, MESSAGES.forbidden);

    c.set('user', { id: user.id, email: user.email, name: user.name, role: user.role });
    await next();
  });
}

export const requireAdmin = requireRole('admin');
export const requireStaff = requireRole('admin', 'staff');
