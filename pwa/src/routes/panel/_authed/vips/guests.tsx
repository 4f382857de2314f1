import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema, prefetchList } from '@pwa/features/admin-resources/list-search';
import { ResourceScreen } from '@pwa/features/admin-resources/resource-list';
import { guestsConfig } from '@pwa/features/admin-resources/resources/guests';

export const Route = createFileRoute('/panel/_authed/vips/guests')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void prefetchList(context.queryClient, 'guests', deps),
  component: Screen,
});

function Screen() {
  return <ResourceScreen config={guestsConfig} />;
}
