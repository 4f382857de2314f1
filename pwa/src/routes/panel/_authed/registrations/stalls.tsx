import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema, prefetchList } from '@pwa/features/admin-resources/list-search';
import { ResourceScreen } from '@pwa/features/admin-resources/resource-list';
import { stallsConfig } from '@pwa/features/admin-resources/resources/stalls';

export const Route = createFileRoute('/panel/_authed/registrations/stalls')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void prefetchList(context.queryClient, 'stalls', deps),
  component: Screen,
});

function Screen() {
  return <ResourceScreen config={stallsConfig} />;
}
