import * as z from 'zod/mini';
import { newPassword } from './users';

/** The login form: e-mail (e-mail type) and password, both required. Shared with the PWA. */
export const loginSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, { error: 'Email is required' }), z.maxLength(254)),
    z.email({ error: 'Enter a valid email address' }),
  ),
  password: z.string().check(z.minLength(1, { error: 'Password is required' }), z.maxLength(1024)),
});

export type LoginInput = z.infer<typeof loginSchema>;

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const SAME_PASSWORD = 'Choose a password different from the current one';
const PASSWORDS_DIFFER = 'Passwords do not match';

/** `POST /api/auth/password`: a signed-in user changes their own password, proving the current one. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).check(z.minLength(1, { error: 'Current password is required' }), z.maxLength(1024)),
  newPassword,
});

/** The form adds a confirmation the server never needs: the same rules, plus "typed twice alike". */
export const passwordChangeFormSchema = z.extend(passwordChangeSchema, { confirmPassword: z.string() }).check(
  z.refine((v) => v.confirmPassword === v.newPassword, { error: PASSWORDS_DIFFER, path: ['confirmPassword'] }),
  z.refine((v) => v.currentPassword === '' || v.newPassword !== v.currentPassword, { error: SAME_PASSWORD, path: ['newPassword'] }),
);

export type PasswordChangeForm = z.input<typeof passwordChangeFormSchema>;
