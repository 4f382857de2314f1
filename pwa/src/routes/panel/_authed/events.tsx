import { createFileRoute } from '@tanstack/react-router';
import { ALL_EVENTS, listSearchSchema, prefetchList } from '../../../features/admin-resources/list-search';
import { ResourceScreen } from '../../../features/admin-resources/resource-list';
import { eventsConfig } from '../../../features/admin-resources/resources/events';

export const Route = createFileRoute('/panel/_authed/events')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search }) => search,
  // The events list is not narrowed to one event: it always asks for every event's records.
  loader: ({ context, deps }) => void prefetchList(context.queryClient, 'events', { ...deps, eventId: ALL_EVENTS }),
  component: Screen,
});

function Screen() {
  return <ResourceScreen config={eventsConfig} />;
}
