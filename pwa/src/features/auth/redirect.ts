// Where to go after login. The `redirect` search param comes from the URL, so anyone can
// craft it: only same-origin paths inside the admin panel are honoured (no open redirect).

export const DASHBOARD_PATH = '/panel/dashboard';

/** Login screens: sending the user back there after login would loop. */
const LOGIN_PATHS = new Set(['/panel', '/panel/', '/panel/login', '/panel/login/']);

function currentOrigin(): string {
  return typeof window !== 'undefined' && window.location ? window.location.origin : 'http://localhost';
}

/**
 * Returns a safe same-origin `/panel/...` path (with its search and hash) for `value`, or the
 * dashboard. Rejects protocol-relative (`//evil.com`), backslash tricks (`/\evil.com`), other
 * origins, other schemes, paths outside `/panel` (also after `..` normalisation) and the login
 * screens themselves.
 */
export function safeRedirect(value: unknown, origin: string = currentOrigin()): string {
  if (typeof value !== 'string') return DASHBOARD_PATH;
  const raw = value.trim();
  if (!raw || raw.length > 2048) return DASHBOARD_PATH;
  // Control characters and whitespace are stripped by URL parsers and hide tricks.
  if (/[\u0000-\u001f\u007f\s]/.test(raw)) return DASHBOARD_PATH;
  // Only a path ("/...") or a full URL of this very origin.
  if (!raw.startsWith('/') && !raw.startsWith(origin + '/')) return DASHBOARD_PATH;
  if (raw.startsWith('//') || raw.startsWith('/\\')) return DASHBOARD_PATH;

  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(raw, base);
  } catch {
    return DASHBOARD_PATH;
  }
  if (url.origin !== base.origin) return DASHBOARD_PATH;
  const path = url.pathname;
  if (!(path === '/panel' || path.startsWith('/panel/'))) return DASHBOARD_PATH;
  if (LOGIN_PATHS.has(path)) return DASHBOARD_PATH;
  return path + url.search + url.hash;
}
