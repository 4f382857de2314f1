import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { reportQueryOptions } from '../../../features/reports/report-data';
import { ReportsPage } from '../../../features/reports/reports-page';

/** `/panel/reports?eventId=`: the event in the URL, so a report can be shared and reloaded as it was. */
export const Route = createFileRoute('/panel/_authed/reports')({
  validateSearch: z.object({ eventId: z.optional(z.string()) }),
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(reportQueryOptions(deps.eventId)),
  component: ReportsRoute,
});

function ReportsRoute() {
  const { eventId } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReportsPage eventId={eventId} onEventChange={(next) => void navigate({ search: { eventId: next } })} />;
}
