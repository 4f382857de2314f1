import { clearPanelCache } from '../admin-shell/offline-cache';
import { api } from '../../lib/api';
import { clearToken, getToken } from '../../lib/auth-token';

/**
 * Signing out, in one place and in this order (a step added later, e.g. sending waiting work first,
 * goes here too):
 *
 * 1. end the session on the server (`POST /api/auth/logout`, or `/logout-everywhere` for every session of
 *    the account), so the token is refused from now on even if a copy survives somewhere;
 * 2. forget the panel's cached lists on this device;
 * 3. forget the token (every tab, and the service worker's copy, follow the token store).
 *
 * Offline, step 1 cannot reach the server: the token is still forgotten here and expires on its own.
 * "Everywhere" must reach the server, so it throws instead of signing out locally only.
 */
export async function logout(options: { everywhere?: boolean } = {}): Promise<void> {
  if (getToken()) {
    const call = options.everywhere ? api.api.auth['logout-everywhere'].$post() : api.api.auth.logout.$post();
    try {
      const res: Response = await call;
      // 401: the session had already ended, which is what was asked.
      if (options.everywhere && !res.ok && res.status !== 401) throw new Error(`Could not log out everywhere (${res.status})`);
    } catch (error) {
      if (options.everywhere) throw error;
    }
  }
  await clearPanelCache().catch(() => undefined);
  clearToken();
}
