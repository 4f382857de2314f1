import { createFileRoute } from '@tanstack/react-router';
import { listSearchSchema, prefetchList, screenSearch } from '@pwa/features/admin-resources/list-search';
import { ResourceScreen } from '@pwa/features/admin-resources/resource-list';
import { eventsConfig } from '@pwa/features/admin-resources/resources/events';

export const Route = createFileRoute('/panel/_authed/events')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => search,
  // The page the screen will ask for (every event's records, 10 a page unless the URL says otherwise); the
  // screen's description loads on demand, as the screen does, so it stays out of the first load.
  loader: ({ context, deps }) =>
    void import('@pwa/features/admin-resources/resources/events').then((m) => prefetchList(context.queryClient, 'events', screenSearch(m.eventsConfig, deps))),
  component: Screen,
});

function Screen() {
  return <ResourceScreen config={eventsConfig} />;
}
