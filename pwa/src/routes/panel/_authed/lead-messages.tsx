import { createFileRoute } from '@tanstack/react-router';
import { leadMessageSearch } from '@pwa/features/messages/lead-message-search';
import { LeadMessagesPage } from '@pwa/features/messages/lead-messages-page';

/** `/panel/lead-messages?eventId=&state=`: exhibitors' requests to pass a message on to a lead (admins). */
export const Route = createFileRoute('/panel/_authed/lead-messages')({
  validateSearch: leadMessageSearch,
  loaderDeps: ({ search }) => ({ eventId: search.eventId ?? '', state: search.state ?? 'requested' }),
  loader: ({ context, deps }) =>
    void import('@pwa/features/messages/lead-message-queries').then((m) =>
      context.queryClient.prefetchQuery(m.leadMessagesQueryOptions(deps.eventId, deps.state)),
    ),
  component: LeadMessagesRoute,
});

function LeadMessagesRoute() {
  const { eventId = '', state = 'requested' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LeadMessagesPage
      eventId={eventId}
      state={state}
      onSearch={(next) =>
        void navigate({ search: { ...(next.eventId ? { eventId: next.eventId } : {}), ...(next.state !== 'requested' ? { state: next.state } : {}) } })
      }
    />
  );
}
