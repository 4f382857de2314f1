import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { EVENT_STATUSES } from '../../../../edge/schemas/events';
import { eventKeys, eventPageQueryOptions } from '../../components/event-queries';
import { api, type BaseRecord, readEnvelope } from '../../lib/api';
import { Dialog } from '../../components/dialog';
import { statusLabel } from '../../components/panel-format';
import { formatEventDate } from '../../lib/dates';
import { PanelStatusFilter } from '../../components/panel-status-filter';
import { useIsAdmin } from '../../components/panel-session';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/api-error';
import { EventForm } from './event-form';

export interface EventsSearch {
  page?: number | undefined;
  status?: string | undefined;
}

/** Event Management (seed 001 §2): cards, 10 per page, status filter, the "Create Events" drawer. */
export function EventsPage() {
  const search = useSearch({ strict: false }) as EventsSearch;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isAdmin = useIsAdmin();
  const events = useQuery(eventPageQueryOptions(search));
  const [editing, setEditing] = useState<BaseRecord | null | undefined>(undefined);

  const setSearch = (patch: EventsSearch) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...patch }), replace: true } as never);
  const reload = () => queryClient.invalidateQueries({ queryKey: eventKeys.all });

  const remove = useMutation({
    mutationFn: (id: string) => readEnvelope(api.api.events[':id'].$delete({ param: { id } })),
    onSuccess: (result) => toast.success(result.message || 'Event deleted successfully'),
    onError: () => toast.error('Failed to delete event'),
    onSettled: reload,
  });

  const close = () => {
    setEditing(undefined);
    void reload();
  };

  const items = events.data?.items ?? [];
  const page = events.data?.page ?? search.page ?? 1;
  const totalPages = Math.max(1, events.data?.totalPages ?? 1);

  return (
    <section className="panel-screen">
      <header className="panel-screen__header">
        <div>
          <h1>Event Management</h1>
          <p className="panel-muted">Create and manage events</p>
        </div>
        {isAdmin ? (
          <button type="button" className="button button--primary" onClick={() => setEditing(null)}>
            Create Events
          </button>
        ) : null}
      </header>
      <div className="panel-toolbar">
        <PanelStatusFilter statuses={EVENT_STATUSES} value={search.status} allLabel="All" onChange={(status) => setSearch({ status, page: undefined })} />
      </div>
      {events.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(events.error, 'Failed to fetch events')}
        </p>
      ) : null}
      {events.isPending ? (
        <p className="panel-muted">Loading events...</p>
      ) : items.length === 0 ? (
        <p className="panel-muted">No events found.</p>
      ) : (
        <ul className="panel-cards" aria-label="Events" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((event) => (
            <li key={event.id} className="panel-event-card" data-testid="event-card">
              {typeof event.bannerUrl === 'string' ? <img className="panel-event-card__banner" src={event.bannerUrl} alt="" loading="lazy" /> : <div className="panel-event-card__banner" />}
              <div className="panel-event-card__body">
                <h2>{String(event.eventName ?? event.name ?? '')}</h2>
                <p className="panel-muted">{String(event.city ?? '')}</p>
                <p className="panel-muted">
                  {formatEventDate(event.startDateTime)} – {formatEventDate(event.endDateTime)}
                </p>
                <p>
                  <span className="panel-status">{statusLabel(event.status || 'active')}</span>{' '}
                  {event.isFeatured ? <span className="panel-badge">Featured</span> : null}
                </p>
              </div>
              {isAdmin ? (
                <div className="panel-event-card__footer">
                  <button type="button" className="button button--ghost button--small" onClick={() => setEditing(event)}>
                    Edit<span className="visually-hidden"> {String(event.eventName)}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    onClick={() => {
                      if (window.confirm('Are you sure you want to delete this event?')) remove.mutate(event.id);
                    }}
                  >
                    Delete<span className="visually-hidden"> {String(event.eventName)}</span>
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <nav className="panel-pager" aria-label="Pages">
        <span className="panel-muted">{events.data ? `Page ${page} of ${totalPages}` : ''}</span>
        <span className="panel-screen__actions">
          <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => setSearch({ page: page - 1 })}>
            Previous
          </button>
          <button type="button" className="button button--ghost button--small" disabled={page >= totalPages} onClick={() => setSearch({ page: page + 1 })}>
            Next
          </button>
        </span>
      </nav>
      {editing !== undefined ? (
        <Dialog placement="sheet" title={editing ? 'Edit Event' : 'Create Events'} onClose={close}>
          <EventForm key={editing?.id ?? 'new'} record={editing} onClose={close} />
        </Dialog>
      ) : null}
    </section>
  );
}
