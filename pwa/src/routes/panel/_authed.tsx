import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { LogoutContext, PanelUserContext } from '../../components/panel-session';
import { useSession } from '../../features/auth/use-session';
import { PanelShell } from '../../features/admin-shell/panel-shell';
import { getToken } from '../../lib/auth-token';

/**
 * Every signed-in panel screen: the guard (logged-out visitors go to the login, which brings them
 * back here) and the shell with sidebar and top bar.
 */
export const Route = createFileRoute('/panel/_authed')({
  beforeLoad: async ({ location, context }) => {
    if (!getToken()) throw redirect({ to: '/panel', search: { redirect: location.href } });
    // The last-fetched lists come back from IndexedDB before the screens ask for them (offline use).
    const { restorePanelCache } = await import('../../lib/panel-cache');
    await restorePanelCache(context.queryClient);
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const { me, logout } = useSession();
  return (
    <PanelUserContext.Provider value={me.data ?? null}>
      <LogoutContext.Provider value={logout}>
        <PanelShell
          userEmail={me.data?.email}
          onLogout={() => {
            void logout();
          }}
        >
          <Outlet />
        </PanelShell>
      </LogoutContext.Provider>
    </PanelUserContext.Provider>
  );
}
