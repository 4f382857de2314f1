import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoment } from '@shared/dates';
import { confirmAction } from '../../components/confirm-host';
import { Dialog } from '../../components/dialog';
import { EventPicker } from '../../components/event-picker';
import { useIsAdmin, usePanelUser } from '../../components/panel-session';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/api-error';
import { GroupMessageComposer } from './group-message-dialog';
import { declineLeadMessage, type LeadMessageRequest, leadMessagesQueryOptions, passOnLeadMessage } from './lead-message-queries';
import { LEAD_MESSAGE_STATES, type LeadMessageState } from './lead-message-search';
import '../../components/records-list.css';

/**
 * Admins: the exhibitors' requests to pass a message on to a visitor who has not shared their details
 * (decision 083). The organiser reads the exhibitor's words and passes them on with the organiser's own
 * channel, text and caps (the group message composer, for one visitor: the number never reaches the
 * exhibitor), or declines. The shared list table, which is a card per request on a phone.
 */
export function LeadMessagesPage({
  eventId,
  state,
  onSearch,
}: {
  eventId: string;
  state: LeadMessageState;
  onSearch: (next: { eventId: string; state: LeadMessageState }) => void;
}) {
  const user = usePanelUser();
  const isAdmin = useIsAdmin();
  const requests = useQuery({ ...leadMessagesQueryOptions(eventId, state), enabled: isAdmin });
  const [passingOn, setPassingOn] = useState<LeadMessageRequest | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['panel', 'lead-messages'] });
  const decline = useMutation({
    mutationFn: (request: LeadMessageRequest) => declineLeadMessage(request.id),
    onSuccess: (_, request) => {
      toast.success(`${request.exhibitor}'s request declined`);
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'The request could not be declined')),
  });

  if (user && !isAdmin) {
    return (
      <section className="panel-screen">
        <h1>Lead messages</h1>
        <p className="panel-muted">Exhibitors' message requests are shown to administrators.</p>
      </section>
    );
  }
  const rows = requests.data ?? [];
  const handled = state !== 'requested';
  const label = LEAD_MESSAGE_STATES.find((s) => s.value === state)!.label;

  return (
    <section className="panel-screen panel-records lead-messages" aria-labelledby="lead-messages-title">
      <header className="panel-screen__header">
        <div>
          <h1 id="lead-messages-title">Lead messages</h1>
          <p className="panel-muted">
            Exhibitors ask you to pass a message on to a visitor they met who has not shared their details. You send it with your channel and words; the
            exhibitor never sees the visitor's number.
          </p>
        </div>
        <div className="panel-screen__actions">
          <button type="button" className="button button--ghost" onClick={() => void requests.refetch()} disabled={requests.isFetching}>
            <span className={requests.isFetching ? 'panel-spin panel-spin--on' : 'panel-spin'} aria-hidden="true">
              ↻
            </span>
            Refresh
          </button>
        </div>
      </header>
      <div className="panel-toolbar">
        <EventPicker value={eventId} emptyLabel="All events" onChange={(next) => onSearch({ eventId: next, state })} />
        <div className="field">
          <label htmlFor="lead-messages-state">Show</label>
          <select id="lead-messages-state" value={state} onChange={(event) => onSearch({ eventId, state: event.currentTarget.value as LeadMessageState })}>
            {LEAD_MESSAGE_STATES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {requests.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(requests.error, 'Could not load the requests')}
        </p>
      ) : null}
      <div className="panel-table-wrap">
        <table className="panel-table" data-testid="lead-messages">
          <caption className="visually-hidden">Lead message requests: {label}</caption>
          <thead>
            <tr>
              <th scope="col">Exhibitor</th>
              <th scope="col">Visitor</th>
              <th scope="col">Message</th>
              {/* When it was asked gives way first on a tablet (records-list.css priorities). */}
              <th scope="col" className="panel-col--p3">
                Asked
              </th>
              {handled ? (
                <th scope="col">Handled</th>
              ) : (
                <th scope="col" className="panel-table__actions">
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {requests.isPending && isAdmin ? (
              <tr>
                <td className="panel-table__empty" colSpan={5}>
                  Loading the requests…
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td className="panel-table__empty" colSpan={5}>
                  {requests.isError ? 'No requests to show.' : state === 'requested' ? 'No request is waiting for you.' : `No request ${label.toLowerCase()}.`}
                </td>
              </tr>
            ) : (
              rows.map((request) => (
                <tr key={request.id} data-testid="lead-message-row" data-state={request.state}>
                  <td data-label="Exhibitor" title={request.exhibitor}>
                    {request.exhibitor || '—'}
                  </td>
                  <td data-label="Visitor">{request.visitorName ?? 'A visitor no longer registered'}</td>
                  <td data-label="Message" className="lead-message__text">
                    {request.message}
                  </td>
                  <td data-label="Asked" className="panel-col--p3">
                    {formatMoment(request.createdAt)}
                  </td>
                  {handled ? (
                    <td data-label="Handled" className="lead-message__handled">
                      {request.handledAt ? `${formatMoment(request.handledAt)}${request.handledBy ? ` by ${request.handledBy}` : ''}` : '—'}
                    </td>
                  ) : (
                    <td className="panel-table__actions">
                      <div className="panel-row-actions">
                        <button type="button" className="button button--primary button--small" onClick={() => setPassingOn(request)}>
                          Pass on…
                        </button>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          disabled={decline.isPending}
                          onClick={async () => {
                            const sure = await confirmAction({
                              title: `Decline ${request.exhibitor || 'this exhibitor'}'s request?`,
                              text: 'The message is not passed on. The exhibitor sees the request as declined.',
                              confirmLabel: 'Decline',
                              danger: true,
                            });
                            if (sure) decline.mutate(request);
                          }}
                        >
                          Decline
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {passingOn ? (
        <Dialog
          placement="sheet"
          title={`Pass on ${passingOn.exhibitor || 'the exhibitor'}'s message`}
          onClose={() => setPassingOn(null)}
          closeOnBackdrop={false}
        >
          <GroupMessageComposer
            resource="visitors"
            target={{ ids: [passingOn.visitorId] }}
            initial={{ subject: `A message from ${passingOn.exhibitor || 'an exhibitor you visited'}`, body: passingOn.message }}
            canSchedule={false}
            sendWith={(json) => passOnLeadMessage(passingOn.id, json)}
            onDone={() => {
              setPassingOn(null);
              refresh();
            }}
          />
        </Dialog>
      ) : null}
    </section>
  );
}
