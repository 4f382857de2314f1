import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  accountKey,
  addressKey,
  clearFailures,
  lockRemainingMs,
  recordFailure,
} from '../auth/login-throttle';
import { hashPassword, spendHashTime, verifyPassword } from '../auth/password';
import { MESSAGES, requireStaff } from '../auth/require-role';
import { signToken } from '../auth/tokens';
import { users } from '../db/tables/system';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { validate } from '../http/validate';
import { loginSchema } from '../schemas/auth';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export const authRoutes = new Hono<AppEnv>()
  /** `POST /api/auth/login` `{ email, password }` → `{ success, message, token, user, expiresAt }`. */
  .post('/login', validate('json', loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const { db, secrets, now, clientAddress, config } = c.var.deps;
    const startedAt = now();
    const account = accountKey(email);
    const address = addressKey(clientAddress(c));

    const lockedMs = await lockRemainingMs(db, [account, address], startedAt);
    if (lockedMs > 0) {
      const minutes = Math.ceil(lockedMs / 60_000);
      c.header('Retry-After', String(Math.ceil(lockedMs / 1000)));
      return fail(c, 429, `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }

    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    const check = user
      ? await verifyPassword(password, user.passwordHash, secrets.passwordPepper)
      : (await spendHashTime(password, secrets.passwordPepper), { valid: false, needsRehash: false });

    if (!user || !check.valid) {
      await recordFailure(db, account, ACCOUNT_POLICY, startedAt);
      await recordFailure(db, address, ADDRESS_POLICY, startedAt);
      return fail(c, 401, INVALID_CREDENTIALS);
    }
    if (user.disabled) return fail(c, 401, MESSAGES.accountDisabled);

    await clearFailures(db, account);
    await db
      .update(users)
      .set({
        lastLoginAt: startedAt.toISOString(),
        // Raise the cost of an old hash now that we know the password.
        ...(check.needsRehash ? { passwordHash: await hashPassword(password, secrets.passwordPepper) } : {}),
      })
      .where(eq(users.id, user.id));

    const { token, expiresAt } = await signToken(
      { userId: user.id, role: user.role },
      secrets.jwtSecret,
      startedAt,
      config.tokenTtlSeconds,
    );
    return c.json(
      {
        success: true as const,
        message: 'Login successful.',
        token,
        expiresAt,
        user: { id: user.id, email: user.email, name: user.name, role: user.role },
      },
      200,
    );
  })
  /** `GET /api/auth/me`: the signed-in user, for the panel to show and to check its token. */
  .get('/me', requireStaff, (c) => ok(c, c.var.user));
