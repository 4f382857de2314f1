import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@pwa/features/dashboard/dashboard-page';

export const Route = createFileRoute('/panel/_authed/dashboard')({
  loader: ({ context }) => {
    void import('@pwa/features/dashboard/dashboard-page').then((m) => context.queryClient.prefetchQuery(m.dashboardQueryOptions()));
  },
  component: DashboardPage,
});
