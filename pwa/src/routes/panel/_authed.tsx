import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { PanelUserContext } from '../../components/panel-session';
import { useSession } from '../../features/auth/use-session';
import { clearPanelCache } from '../../features/admin-shell/offline-cache';
import { PanelShell } from '../../features/admin-shell/panel-shell';
import { getToken } from '../../lib/auth-token';
import { wipeRoster } from '../../offline/checkin-store';
import { sendBeforeLogout } from '../../offline/checkin-sync';

/**
 * Every signed-in panel screen: the guard (logged-out visitors go to the login, which brings them
 * back here) and the shell with sidebar and top bar.
 */
export const Route = createFileRoute('/panel/_authed')({
  beforeLoad: async ({ location, context }) => {
    if (!getToken()) throw redirect({ to: '/panel', search: { redirect: location.href } });
    // The last-fetched lists come back from IndexedDB before the screens ask for them (offline use).
    const { restorePanelCache } = await import('../../features/admin-shell/offline-cache');
    await restorePanelCache(context.queryClient);
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const { me, logout } = useSession();
  return (
    <PanelUserContext.Provider value={me.data ?? null}>
      <PanelShell
        userEmail={me.data?.email}
        onLogout={async () => {
          if (!(await confirmLeavingDevice())) return;
          void clearPanelCache();
          logout();
        }}
      >
        <Outlet />
      </PanelShell>
    </PanelUserContext.Provider>
  );
}

/**
 * Logging out of a device: what waits is sent first; if some changes cannot be sent now, staff are asked
 * (they stay on the device, credited to their author, and go out with the next login). Then the device
 * forgets the rosters it holds (names, mobile numbers, pass codes).
 */
async function confirmLeavingDevice(): Promise<boolean> {
  const waiting = await sendBeforeLogout();
  if (
    waiting > 0 &&
    !window.confirm(
      `${waiting} check-in change${waiting === 1 ? ' has' : 's have'} not reached the server yet. They stay on this device under your name and are sent the next time anyone logs in here with a network. Log out anyway?`,
    )
  ) {
    return false;
  }
  await wipeRoster();
  return true;
}
