import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { readDeviceCookie, rememberDevice } from '../auth/device-cookie';
import { accountAddressKey, addressKey, clearThrottle, countAttempt, countSuccess, deviceKey, listThrottle, type ThrottleKey } from '../auth/login-throttle';
import { hashPassword, spendHashTime, verifyPassword } from '../auth/password';
import { requireAdmin, requireStaff } from '../auth/require-role';
import { endSession, endSessionsOf, startSession } from '../auth/sessions';
import { signToken } from '../auth/tokens';
import { users } from '../db/tables/system';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { validate } from '../http/validate';
import { CURRENT_PASSWORD_WRONG, loginSchema, passwordChangeSchema, SAME_PASSWORD } from '../schemas/auth';

const INVALID_CREDENTIALS = 'Invalid email or password';
const LOCK_NOT_FOUND = 'No such login lock';

const tooManyAttempts = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

export const authRoutes = new Hono<AppEnv>()
  /**
   * `POST /api/auth/login` `{ email, password }` → `{ success, message, token, user, expiresAt }`.
   * The attempt is counted before the password is looked at (auth/login-throttle.ts); a disabled account
   * answers exactly like a wrong password, so the answer never says the password was right.
   */
  .post('/login', validate('json', loginSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const { db, secrets, now, clientAddress, config } = c.get('deps');
    const startedAt = now();
    c.header('Cache-Control', 'no-store');

    const device = await readDeviceCookie(c);
    const address = clientAddress(c);
    const keys: ThrottleKey[] = device?.accounts.includes(email)
      ? [deviceKey(device.deviceId, email)]
      : [accountAddressKey(email, address), addressKey(address)];
    const attempt = await countAttempt(db, keys, startedAt);
    if (!attempt.allowed) {
      c.header('Retry-After', String(Math.ceil(attempt.retryAfterMs / 1000)));
      return fail(c, 429, tooManyAttempts(attempt.retryAfterMs));
    }

    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    const check = user
      ? await verifyPassword(password, user.passwordHash, secrets.passwordPepper)
      : await spendHashTime(password, secrets.passwordPepper).then(() => ({ valid: false, needsRehash: false }));
    if (!user || !check.valid || user.disabled) return fail(c, 401, INVALID_CREDENTIALS);

    await countSuccess(db, keys);
    await db
      .update(users)
      .set({
        lastLoginAt: startedAt.toISOString(),
        // Raise the cost of an old hash now that we know the password.
        ...(check.needsRehash ? { passwordHash: await hashPassword(password, secrets.passwordPepper) } : {}),
      })
      .where(eq(users.id, user.id));

    const sessionId = await startSession(db, user.id, startedAt, config.tokenTtlSeconds);
    const { token, expiresAt } = await signToken({ userId: user.id, role: user.role, sessionId }, secrets.jwtSecret, startedAt, config.tokenTtlSeconds);
    await rememberDevice(c, device, email);
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
  .get('/me', requireStaff, (c) => ok(c, c.get('user')))
  /** `POST /api/auth/logout`: ends this token's session; the token answers 401 from now on. */
  .post('/logout', requireStaff, async (c) => {
    await endSession(c.get('deps').db, c.get('sessionId'));
    return ok(c, { ended: 1 }, 'Logged out');
  })
  /** `POST /api/auth/logout-everywhere`: ends every session of the signed-in user, this one included. */
  .post('/logout-everywhere', requireStaff, async (c) => {
    const ended = await endSessionsOf(c.get('deps').db, c.get('user').id);
    return ok(c, { ended }, 'Logged out everywhere');
  })
  /**
   * `POST /api/auth/password` `{ currentPassword, newPassword }`: the signed-in user changes their own
   * password. Guessing the current one counts like a failed login of that account from that address, so a
   * token left open on a shared tablet cannot be used to find the password. Every other session of the
   * user ends; this one goes on.
   */
  .post('/password', requireStaff, validate('json', passwordChangeSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const { db, secrets, now, clientAddress } = c.get('deps');
    const keys = [accountAddressKey(c.get('user').email, clientAddress(c))];
    const attempt = await countAttempt(db, keys, now());
    if (!attempt.allowed) {
      c.header('Retry-After', String(Math.ceil(attempt.retryAfterMs / 1000)));
      return fail(c, 429, tooManyAttempts(attempt.retryAfterMs));
    }
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.id, c.get('user').id))
      .limit(1);
    if (!user || !(await verifyPassword(currentPassword, user.passwordHash, secrets.passwordPepper)).valid) {
      return fail(c, 400, CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
    }
    await countSuccess(db, keys);
    if (newPassword === currentPassword) return fail(c, 400, SAME_PASSWORD, { newPassword: SAME_PASSWORD });
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword, secrets.passwordPepper), updatedAt: now().toISOString() })
      .where(eq(users.id, user.id));
    const ended = await endSessionsOf(db, user.id, c.get('sessionId'));
    return ok(c, { endedSessions: ended }, ended > 0 ? 'Password changed. Your other devices have been logged out.' : 'Password changed.');
  })
  /** `GET /api/auth/locks` (admin): the login counts whose window still runs, locked ones first. */
  .get('/locks', requireAdmin, async (c) => ok(c, { items: await listThrottle(c.get('deps').db, c.get('deps').now()) }))
  /** `DELETE /api/auth/locks/:key` (admin): lifts a lock; the key's count starts from nothing. */
  .delete('/locks/:key', requireAdmin, async (c) => {
    const key = c.req.param('key');
    if (!(await clearThrottle(c.get('deps').db, key))) return fail(c, 404, LOCK_NOT_FOUND);
    return ok(c, { key }, 'Lock cleared');
  });
