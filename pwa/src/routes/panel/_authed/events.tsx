import { createFileRoute } from '@tanstack/react-router';
import { pageParam, textParam } from '@pwa/features/admin-resources/list-search';
import { EventsPage } from '@pwa/features/events/events-page';

const eventsSearchSchema = (search: Record<string, unknown>) => ({ page: pageParam(search.page), status: textParam(search.status) });

export const Route = createFileRoute('/panel/_authed/events')({
  validateSearch: eventsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void import('@pwa/components/event-queries').then((m) => context.queryClient.prefetchQuery(m.eventPageQueryOptions(deps)));
  },
  component: EventsPage,
});
