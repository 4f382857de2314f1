import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { EventsPage } from '../../../features/events/events-page';

const eventsSearchSchema = z.object({
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1))), undefined),
  status: z.catch(z.optional(z.string()), undefined),
});

export const Route = createFileRoute('/panel/_authed/events')({
  validateSearch: eventsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void import('../../../features/events/events-page').then((m) => context.queryClient.prefetchQuery(m.eventsQueryOptions(deps)));
  },
  component: EventsPage,
});
