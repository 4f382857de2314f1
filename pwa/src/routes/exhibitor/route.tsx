import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { PortalShell } from '../../features/exhibitor-portal/portal-shell';
import { portalToken } from '../../lib/portal-token';

const SIGN_IN = '/exhibitor/sign-in';

/**
 * Everything under /exhibitor, the exhibitor portal (issue 32, decision 081): its own query cache and token.
 * Every screen but the sign-in needs a portal token and shows the portal's shell; a screen added under
 * routes/exhibitor/ (the leads screens) is guarded and framed by this one route.
 */
export const Route = createFileRoute('/exhibitor')({
  beforeLoad: async ({ location }) => {
    if (location.pathname !== SIGN_IN && !portalToken.get()) throw redirect({ to: SIGN_IN, replace: true });
    return { queryClient: (await import('../../lib/portal-query-client')).portalQueryClient };
  },
  component: PortalRoot,
});

function PortalRoot() {
  const { queryClient } = Route.useRouteContext();
  const signingIn = useRouterState({ select: (state) => state.location.pathname === SIGN_IN });
  return (
    <QueryClientProvider client={queryClient}>
      {signingIn ? (
        <Outlet />
      ) : (
        <PortalShell>
          <Outlet />
        </PortalShell>
      )}
    </QueryClientProvider>
  );
}
