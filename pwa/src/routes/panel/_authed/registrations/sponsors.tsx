import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema, prefetchList } from '@pwa/features/admin-resources/list-search';
import { ResourceScreen } from '@pwa/features/admin-resources/resource-list';
import { sponsorsConfig } from '@pwa/features/admin-resources/resources/sponsors';

export const Route = createFileRoute('/panel/_authed/registrations/sponsors')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void prefetchList(context.queryClient, 'sponsors', deps),
  component: Screen,
});

function Screen() {
  return <ResourceScreen config={sponsorsConfig} />;
}
