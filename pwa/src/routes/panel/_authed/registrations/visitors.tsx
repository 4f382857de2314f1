import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema, prefetchList } from '@pwa/features/admin-resources/list-search';
import { ResourceScreen } from '@pwa/features/admin-resources/resource-list';
import { visitorsConfig } from '@pwa/features/admin-resources/resources/visitors';

export const Route = createFileRoute('/panel/_authed/registrations/visitors')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void prefetchList(context.queryClient, 'visitors', deps),
  component: Screen,
});

function Screen() {
  return <ResourceScreen config={visitorsConfig} />;
}
