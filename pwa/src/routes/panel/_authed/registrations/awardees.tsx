import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema, prefetchList } from '@pwa/features/admin-resources/list-search';
import { ResourceScreen } from '@pwa/features/admin-resources/resource-list';
import { awardsConfig } from '@pwa/features/admin-resources/resources/awards';

export const Route = createFileRoute('/panel/_authed/registrations/awardees')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void prefetchList(context.queryClient, 'awards', deps),
  component: Screen,
});

function Screen() {
  return <ResourceScreen config={awardsConfig} />;
}
