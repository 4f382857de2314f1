import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readEnvelope } from '../lib/api';
import { isApiError } from '../lib/api-error';
import { resourceKeys } from '../lib/resource-keys';
import type { EventRecord } from '@edge/routes/admin/events';
import type { RegistrationQuestion } from '@shared/registration-questions';

/**
 * The event picker's queries (`GET /api/events`, `GET /api/events/:id`): under the events resource's keys
 * (`['panel', 'events', …]`), so a change made on the events list refreshes every picker, and
 * invalidating `eventKeys.all` refreshes every screen's copy; the panel's kept copy (lib/panel-cache.ts)
 * holds them offline. Any number of events: the picker pages and searches through the API, featured first,
 * then the newest (decision 047).
 */
export const eventKeys = {
  all: resourceKeys.all('events'),
  one: (id: string) => [...resourceKeys.all('events'), 'one', id] as const,
  starting: () => [...resourceKeys.all('events'), 'starting'] as const,
};

/** What a picker shows of an event (the API's whole record is kept). */
export type EventChoice = Pick<EventRecord, 'id' | 'eventName' | 'isFeatured' | 'city' | 'startDateTime' | 'registrationQuestions'>;

/** One event by id (a chosen event's name, a history entry's event); `null` once the server says it is gone. */
export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKeys.one(id),
    queryFn: async (): Promise<EventChoice | null> => {
      try {
        return (await readEnvelope(api.api.events[':id'].$get({ param: { id } }))).data;
      } catch (failure) {
        if (isApiError(failure) && failure.status === 404) return null;
        throw failure;
      }
    },
    enabled: id !== '',
    staleTime: 60_000,
  });

/**
 * The visitor form's questions of an event (shared/registration-questions.ts), for the lists' answers
 * column and filter and the import's columns; none while loading or when the event is gone. Staff read
 * events' public columns only: their lists show answers as the choices' ids.
 */
export function useEventQuestions(eventId: string | undefined): RegistrationQuestion[] {
  const event = useQuery(eventQueryOptions(eventId ?? ''));
  return event.data?.registrationQuestions ?? [];
}

/** The event a screen starts on when nothing else is chosen: the featured one, else the newest; `null`: no events. */
export const startingEventQueryOptions = () =>
  queryOptions({
    queryKey: eventKeys.starting(),
    queryFn: async (): Promise<EventChoice | null> => {
      const query = { sort: 'isFeatured', order: 'desc', limit: '1' } as const;
      const [first] = (await readEnvelope(api.api.events.$get({ query }))).data.items;
      return first ?? null;
    },
    staleTime: 60_000,
  });

/**
 * Which event a screen opens on: `remembered` (the device's last choice) while that event exists, else
 * the featured one, else the newest. `settled`: the answer is known (`eventId` null then means there are
 * no events, or they could not be fetched).
 */
export function useStartingEvent(remembered: string | null) {
  const kept = useQuery(eventQueryOptions(remembered ?? ''));
  const gone = !remembered || kept.data === null;
  const starting = useQuery({ ...startingEventQueryOptions(), enabled: gone });
  if (!gone) return { eventId: remembered, event: kept.data, settled: true };
  return { eventId: starting.data?.id ?? null, event: starting.data ?? undefined, settled: starting.data !== undefined || starting.isError };
}
