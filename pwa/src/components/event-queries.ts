import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, readEnvelope } from '../lib/api';

/** Events a page of the Events screen shows (10, as the API's default for events). */
export const EVENTS_PAGE_SIZE = 10;

/** `GET /api/events` query values (all text, as they travel in the URL). */
export interface EventListParams {
  page?: string;
  limit?: string;
  status?: string;
}

/**
 * The one place `GET /api/events` is asked: its keys are `['panel', 'events', 'list', params]`, so every
 * screen asking the same list shares one cache entry, and invalidating `eventKeys.all` refreshes them all.
 */
export const eventKeys = {
  all: ['panel', 'events'] as const,
  list: (params: EventListParams) => ['panel', 'events', 'list', params] as const,
  record: (id: string) => ['panel', 'events', 'record', id] as const,
};

export const eventListQueryOptions = (params: EventListParams) =>
  queryOptions({
    queryKey: eventKeys.list(params),
    queryFn: async () => (await readEnvelope(api.api.events.$get({ query: params }))).data,
    placeholderData: keepPreviousData,
  });

/** Every event (the API's maximum page, 100): the event pickers and the live counts. */
export const everyEventQueryOptions = () => ({ ...eventListQueryOptions({ limit: '100' }), staleTime: 60_000 });

/** One page of the Events screen. */
export const eventPageQueryOptions = (search: { page?: number | undefined; status?: string | undefined }) =>
  eventListQueryOptions({ page: String(search.page ?? 1), limit: String(EVENTS_PAGE_SIZE), ...(search.status ? { status: search.status } : {}) });
