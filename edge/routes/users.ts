import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { hashPassword } from '../auth/password';
import { requireAdmin } from '../auth/require-role';
import { endSessionsOf } from '../auth/sessions';
import { users } from '../db/tables/system';
import { isUniqueViolation } from '../lib/db-errors';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { validate } from '../http/validate';
import { userCreateSchema, userUpdateSchema } from '../schemas/users';

const publicColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  disabled: users.disabled,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/**
 * `/api/users` (admin only): accounts for organisers and venue staff. Accounts are disabled rather than
 * deleted, so the status-change log keeps naming who did what. A password reset, a disable or a role
 * change ends the account's sessions at once (its tokens answer 401; re-enabling does not bring them
 * back); an admin changing their own password keeps only the session they are using.
 */
export const userRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) => {
    const rows = await c.get('deps').db.select(publicColumns).from(users).orderBy(desc(users.createdAt));
    return ok(c, { items: rows, total: rows.length });
  })
  .post('/', validate('json', userCreateSchema), async (c) => {
    const input = c.req.valid('json');
    const { db, now, secrets } = c.get('deps');
    const at = now().toISOString();
    const id = crypto.randomUUID();
    try {
      await db.insert(users).values({
        id,
        email: input.email,
        name: input.name,
        role: input.role,
        passwordHash: await hashPassword(input.password, secrets.passwordPepper),
        createdAt: at,
        updatedAt: at,
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        return fail(c, 409, 'An account with this email already exists', { email: 'An account with this email already exists' });
      }
      throw error;
    }
    const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id));
    return ok(c, row!, 'Account created', 201);
  })
  .put('/:id', validate('json', userUpdateSchema), async (c) => {
    const input = c.req.valid('json');
    const { db, now, secrets } = c.get('deps');
    const id = c.req.param('id');
    const [existing] = await db.select(publicColumns).from(users).where(eq(users.id, id));
    if (!existing) return fail(c, 404, 'Account not found');
    if (id === c.get('user').id && (input.disabled === true || input.role === 'staff')) {
      // Otherwise the last admin could lock everybody out of the panel.
      return fail(c, 400, 'You cannot disable or demote your own account');
    }
    await db
      .update(users)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.role !== undefined && { role: input.role }),
        ...(input.disabled !== undefined && { disabled: input.disabled }),
        ...(input.password !== undefined && { passwordHash: await hashPassword(input.password, secrets.passwordPepper) }),
        updatedAt: now().toISOString(),
      })
      .where(eq(users.id, id));
    const endsSessions = input.password !== undefined || input.disabled === true || (input.role !== undefined && input.role !== existing.role);
    if (endsSessions) await endSessionsOf(db, id, id === c.get('user').id ? c.get('sessionId') : undefined);
    const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id));
    return ok(c, row!, input.password !== undefined ? 'Password reset' : 'Account updated');
  });
