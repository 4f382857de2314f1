import { redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { getToken } from '../../lib/auth-token';
import { safeRedirect } from './redirect';

/**
 * Search params of the login screens: `redirect` is where to go after login. Anything that is
 * not a string (the router JSON-parses search values) is dropped rather than failing the route.
 */
export const loginSearchSchema = z.object({
  redirect: z.catch(z.optional(z.string()), undefined),
});

/** `beforeLoad` of the login routes: a signed-in user goes straight on. */
export function skipLoginWhenSignedIn({ search }: { search: { redirect?: string | undefined } }) {
  if (getToken()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
}
