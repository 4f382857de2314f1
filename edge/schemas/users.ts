import * as z from 'zod/mini';
import { flag, requiredEmail, requiredText } from '../../shared/schemas/fields';

/** Panel accounts (admins and venue staff), managed by admins in Settings: the roles, for the table, the forms and the API. */
export const USER_ROLES = ['admin', 'staff'] as const;
const PASSWORD_RULE = 'Password must be at least 10 characters';

/** A new password, wherever one is chosen: an account's first, an admin's reset, a user's own change. */
export const newPassword = z.string({ error: PASSWORD_RULE }).check(z.minLength(10, { error: PASSWORD_RULE }), z.maxLength(200));
const password = newPassword;

export const userCreateSchema = z.object({
  email: z.pipe(
    requiredEmail('Email is required'),
    z.transform((v) => v.toLowerCase()),
  ),
  name: requiredText('Name is required'),
  role: z.enum(USER_ROLES, { error: 'Role must be admin or staff' }),
  password,
});

export const userUpdateSchema = z.object({
  name: z.optional(requiredText('Name is required')),
  role: z.optional(z.enum(USER_ROLES, { error: 'Role must be admin or staff' })),
  disabled: z.optional(flag()),
  /** A new password: the admin's reset. */
  password: z.optional(password),
});

/** An admin's reset of another account's password (Settings → Reset password). */
export const passwordResetFormSchema = z.object({ password: newPassword });
