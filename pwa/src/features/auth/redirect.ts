// Where to go after login. The `redirect` search param comes from the URL, so anyone can
// craft it: only same-origin paths inside the admin panel are honoured (no open redirect).

import { tokenClaims } from '../../lib/auth-token';

export const DASHBOARD_PATH = '/panel/dashboard';
/** The venue door: where door staff work. */
export const DOOR_PATH = '/panel/checkin';

/** The first screen of a user when nothing asked for another: staff at the door, admins on the dashboard. */
export function landingPath(role: string | null | undefined): string {
  return role === 'staff' ? DOOR_PATH : DASHBOARD_PATH;
}

/** The role a panel token claims (it only chooses the first screen); null for anything else. */
export function tokenRole(token: string | null | undefined): string | null {
  return tokenClaims(token).role ?? null;
}

/** Login screens: sending the user back there after login would loop. */
const LOGIN_PATHS = new Set(['/panel', '/panel/', '/panel/login', '/panel/login/']);

function currentOrigin(): string {
  return typeof window !== 'undefined' && window.location ? window.location.origin : 'http://localhost';
}

/**
 * Returns a safe same-origin `/panel/...` path (with its search and hash) for `value`, or `fallback`
 * (the dashboard unless told). Rejects protocol-relative (`//evil.com`), backslash tricks (`/\evil.com`), other
 * origins, other schemes, paths outside `/panel` (also after `..` normalisation) and the login
 * screens themselves.
 */
export function safeRedirect(value: unknown, origin: string = currentOrigin(), fallback: string = DASHBOARD_PATH): string {
  if (typeof value !== 'string') return fallback;
  const raw = value.trim();
  if (!raw || raw.length > 2048) return fallback;
  // Control characters and whitespace are stripped by URL parsers and hide tricks.
  if (/[\u0000-\u001f\u007f\s]/.test(raw)) return fallback;
  // Only a path ("/...") or a full URL of this very origin.
  if (!raw.startsWith('/') && !raw.startsWith(`${origin}/`)) return fallback;
  if (raw.startsWith('//') || raw.startsWith('/\\')) return fallback;

  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const path = url.pathname;
  if (!(path === '/panel' || path.startsWith('/panel/'))) return fallback;
  if (LOGIN_PATHS.has(path)) return fallback;
  return path + url.search + url.hash;
}
