import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema, prefetchList } from '@pwa/features/admin-resources/list-search';
import { ResourceScreen } from '@pwa/features/admin-resources/resource-list';
import { speakersConfig } from '@pwa/features/admin-resources/resources/speakers';

export const Route = createFileRoute('/panel/_authed/vips/speakers')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void prefetchList(context.queryClient, 'speakers', deps),
  component: Screen,
});

function Screen() {
  return <ResourceScreen config={speakersConfig} />;
}
