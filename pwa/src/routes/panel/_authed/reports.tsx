import { createFileRoute } from '@tanstack/react-router';
import { reportSearch } from '@pwa/features/reports/report-search';
import { ReportsPage } from '@pwa/features/reports/reports-page';

/** `/panel/reports?eventId=`: the event in the URL, so a report can be shared and reloaded as it was. */
export const Route = createFileRoute('/panel/_authed/reports')({
  validateSearch: reportSearch,
  loaderDeps: ({ search }) => ({ eventId: search.eventId }),
  // The query's code loads with the screen; the fetch starts while it does.
  loader: ({ context, deps }) =>
    void import('@pwa/features/reports/report-data').then((m) => context.queryClient.prefetchQuery(m.reportQueryOptions(deps.eventId))),
  component: ReportsRoute,
});

function ReportsRoute() {
  const { eventId } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ReportsPage eventId={eventId} onEventChange={(next) => void navigate({ search: next ? { eventId: next } : {} })} />;
}
