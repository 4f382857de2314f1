import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useStartingEvent } from '../../components/event-queries';
import { ALL_EVENTS, type ListSearch } from './list-search';

/** The device's last choice of event for the lists (any list: one event at a time is what an organiser works on). */
const LIST_EVENT_KEY = 'eventpro.panel.listEventId';
const rememberedEvent = () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(LIST_EVENT_KEY));
const rememberEvent = (eventId: string) => {
  try {
    localStorage.setItem(LIST_EVENT_KEY, eventId);
  } catch {
    // Private mode or a full quota: the choice lasts for this view only.
  }
};

/**
 * The list's event: when the URL names none, the device's last choice (if that event still exists), else
 * the featured one; when there is none, or the events cannot be fetched, every event's records rather than
 * nothing — written into the URL. Answers the way to choose another (remembered on this device).
 */
export function useListEvent(search: ListSearch, setSearch: (patch: Partial<ListSearch>) => void) {
  const navigate = useNavigate();
  const remembered = rememberedEvent();
  const starting = useStartingEvent(remembered === ALL_EVENTS ? null : remembered);
  const startingEventId =
    remembered === ALL_EVENTS
      ? ALL_EVENTS
      : starting.settled
        ? starting.eventId !== null && (starting.event?.isFeatured || starting.eventId === remembered)
          ? starting.eventId
          : ALL_EVENTS
        : undefined;
  useEffect(() => {
    if (search.eventId !== undefined || startingEventId === undefined) return;
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, eventId: startingEventId }), replace: true } as never);
  }, [search.eventId, startingEventId, navigate]);
  return (eventId: string) => {
    const chosen = eventId || ALL_EVENTS;
    rememberEvent(chosen);
    setSearch({ eventId: chosen });
  };
}
