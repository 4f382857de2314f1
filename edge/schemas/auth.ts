import * as z from 'zod/mini';

/** The login form of seed 001 §5: e-mail (e-mail type) and password, both required. Shared with the PWA. */
export const loginSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, { error: 'Email is required' }), z.maxLength(254)),
    z.email({ error: 'Enter a valid email address' }),
  ),
  password: z.string().check(z.minLength(1, { error: 'Password is required' }), z.maxLength(1024)),
});

export type LoginInput = z.infer<typeof loginSchema>;
