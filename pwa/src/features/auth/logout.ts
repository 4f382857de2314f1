import { confirmAction } from '../../components/confirm-host';
import { clearPanelCache } from '../../lib/panel-cache';
import { api } from '../../lib/api';
import { clearToken, getToken } from '../../lib/auth-token';

/**
 * Signing out, in one place and in this order:
 *
 * 0. send the venue door's waiting changes; if some cannot be sent now, ask (they stay on the device,
 *    credited to their author, and go out with the next login there); staying is answering `false`.
 *    Then the device forgets every roster it holds (names, mobile numbers, pass codes);
 * 1. end the session on the server (`POST /api/auth/logout`, or `/logout-everywhere` for every session of
 *    the account), so the token is refused from now on even if a copy survives somewhere;
 * 2. forget the panel's cached lists on this device;
 * 3. forget the token (every tab, and the service worker's copy, follow the token store).
 *
 * Offline, step 1 cannot reach the server: the token is still forgotten here and expires on its own.
 * "Everywhere" must reach the server, so it throws instead of signing out locally only.
 */
export async function logout(options: { everywhere?: boolean } = {}): Promise<boolean> {
  if (!(await leaveDevice())) return false;
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
  return true;
}

/** Step 0 above: true when the device may be left. */
async function leaveDevice(): Promise<boolean> {
  // The door's code loads when it is needed, at logout, not with every panel screen.
  const [{ sendBeforeLogout, stopCheckinSync }, { wipeRoster }] = await Promise.all([
    import('../../offline/checkin-sync'),
    import('../../offline/roster-repository'),
  ]);
  const waiting = await sendBeforeLogout();
  if (
    waiting > 0 &&
    !(await confirmAction({
      title: 'Log out with changes waiting?',
      text: `${waiting} check-in change${waiting === 1 ? ' has' : 's have'} not reached the server yet. They stay on this device under your name and are sent the next time anyone logs in here with a network. Log out anyway?`,
      confirmLabel: 'Log out',
      danger: true,
    }))
  ) {
    return false;
  }
  // The session's sync ends first (a roster page in flight is stored before, never after, the wipe).
  await stopCheckinSync();
  await wipeRoster();
  return true;
}
