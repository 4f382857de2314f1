import { redirect } from '@tanstack/react-router';
import { getToken } from '../../lib/auth-token';
import { landingPath, safeRedirect, tokenRole } from './redirect';

/**
 * Search params of the login screens: `redirect` is where to go after login. Anything that is
 * not a string (the router JSON-parses search values) is dropped rather than failing the route.
 * A plain function rather than a zod schema: route search validators are not code-split, so a
 * schema here would put zod into the first load of every page, the public home page included.
 */
export function loginSearchSchema(search: Record<string, unknown>): { redirect?: string } {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {};
}

/**
 * `beforeLoad` of the login routes: a signed-in user goes straight on, to the screen asked for, else to
 * their role's first screen (door staff to the venue door).
 */
export function skipLoginWhenSignedIn({ search }: { search: { redirect?: string | undefined } }) {
  const token = getToken();
  if (token) throw redirect({ href: safeRedirect(search.redirect, undefined, landingPath(tokenRole(token))), replace: true });
}
