import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema, prefetchList } from '@pwa/features/admin-resources/list-search';
import { ResourceScreen } from '@pwa/features/admin-resources/resource-list';
import { awardeesVipConfig } from '@pwa/features/admin-resources/resources/awardeesvip';

export const Route = createFileRoute('/panel/_authed/vips/awardees')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void prefetchList(context.queryClient, 'awardeesvip', deps),
  component: Screen,
});

function Screen() {
  return <ResourceScreen config={awardeesVipConfig} />;
}
