import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, readEnvelope } from '../lib/api';
import { resourceKeys } from '../lib/resource-keys';

/**
 * The event pickers' and the live counts' `GET /api/events`: under the events resource's keys
 * (`['panel', 'events', …]`), so a change made on the events list refreshes the pickers too, and
 * invalidating `eventKeys.all` refreshes every screen's copy.
 */
export const eventKeys = {
  all: resourceKeys.all('events'),
};

/** Every event (the API's maximum page, 100): the event pickers and the live counts. */
export const everyEventQueryOptions = () => {
  const params = { limit: '100' };
  return queryOptions({
    queryKey: resourceKeys.list('events', params),
    queryFn: async () => (await readEnvelope(api.api.events.$get({ query: params }))).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};
