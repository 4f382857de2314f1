import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';

/**
 * Everything under /panel: TanStack Query's client (and its code) belong to the panel, loaded with it, so
 * the public pages never download them. Child routes read it from their context.
 */
export const Route = createFileRoute('/panel')({
  beforeLoad: async () => ({ queryClient: (await import('../../query-client')).queryClient }),
  component: PanelRoot,
});

function PanelRoot() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
