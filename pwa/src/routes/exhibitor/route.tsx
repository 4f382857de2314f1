import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { PortalShell } from '../../features/exhibitor-portal/portal-shell';
import { portalQueryClient } from '../../lib/portal-query-client';
import { portalToken } from '../../lib/portal-token';

const SIGN_IN = '/exhibitor/sign-in';

/**
 * Everything under /exhibitor, the exhibitor portal (issue 32, decision 081): its own query cache and token.
 * Every screen but the sign-in needs a portal token and shows the portal's shell; a signed-in phone opening
 * the sign-in goes on to its booking. A screen added under routes/exhibitor/ (the leads screens) is guarded
 * and framed by this one route. The guard is the component's, not a `beforeLoad`: the route's component is
 * loaded on demand (the portal's file), so neither the panel's nor the public pages' first load carries it.
 */
export const Route = createFileRoute('/exhibitor')({ component: PortalRoot });

function PortalRoot() {
  const signingIn = useRouterState({ select: (state) => state.location.pathname === SIGN_IN });
  const signedIn = useSyncExternalStore(portalToken.subscribe, () => Boolean(portalToken.get()));
  if (signingIn && signedIn) return <Navigate to="/exhibitor" replace />;
  if (!signingIn && !signedIn) return <Navigate to={SIGN_IN} replace />;
  return (
    <QueryClientProvider client={portalQueryClient}>
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
