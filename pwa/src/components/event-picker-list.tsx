import { keepPreviousData, queryOptions, useQueries, useQueryClient } from '@tanstack/react-query';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { formatDay } from '@shared/dates';
import type { EventListLink } from './event-picker';
import { api, readEnvelope } from '../lib/api';
import { resourceKeys } from '../lib/resource-keys';
import type { EventChoice } from './event-queries';

/** Events a page of the picker's list holds. */
const EVENT_PAGE_SIZE = 20;

/** A page of the picker's list: events whose name, city or venue holds `q`, the featured first, then the newest. */
const eventPageQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: resourceKeys.list('events', { picker: 'featured-first', q, page: String(page) }),
    queryFn: async () => {
      const query = { q: q || undefined, sort: 'isFeatured', order: 'desc', limit: String(EVENT_PAGE_SIZE), page: String(page) } as const;
      return (await readEnvelope(api.api.events.$get({ query }))).data;
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/**
 * The event picker's open list (event-picker.tsx), loaded the first time a picker opens: the pages of
 * `GET /api/events` for what is typed (20 events each, "Show more events" asks for the next), the
 * featured event first; the arrow keys and Enter of the field act here. Offline (or with the server not
 * answering), a search looks through the events this device has listed.
 */
export default function EventPickerList({
  id,
  label,
  q,
  value,
  emptyLabel,
  failedText,
  link,
  onActive,
  onChoose,
  onLeave,
}: {
  id: string;
  label: string;
  q: string;
  value: string;
  emptyLabel: string | undefined;
  failedText: string;
  link: EventListLink;
  onActive: (optionId: string | undefined) => void;
  onChoose: (event: EventChoice | null) => void;
  onLeave: (event: FocusEvent) => void;
}) {
  const [shown, setShown] = useState({ q, pages: 1 });
  const pageCount = shown.q === q ? shown.pages : 1;
  const pages = useQueries({ queries: Array.from({ length: pageCount }, (_, i) => eventPageQueryOptions(q, i + 1)) });
  const queryClient = useQueryClient();
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  const first = pages[0]!;
  const unreachable = (!first.data || first.isPlaceholderData) && (first.isPaused || first.isError);
  const offline = q !== '' && unreachable;
  const kept = offline ? (queryClient.getQueryData(eventPageQueryOptions('', 1).queryKey)?.items ?? []) : [];
  const found = offline
    ? kept.filter((event) => `${event.eventName} ${event.city}`.toLowerCase().includes(q.toLowerCase()))
    : pages.flatMap((page) => page.data?.items ?? []);
  const total = first.data?.total ?? 0;
  const last = pages[pages.length - 1]!;
  const more = !offline && last.data !== undefined && last.data.page < last.data.totalPages;
  const loadingMore = pageCount > 1 && last.isFetching;
  const showMore = () => setShown({ q, pages: pageCount + 1 });
  const options: Array<EventChoice | null> = [...(emptyLabel !== undefined && q === '' ? [null] : []), ...found];
  const optionId = (index: number) => `${id}-${index}`;

  // A new search starts at its first option.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `q` is the trigger
  useEffect(() => setActive(0), [q]);
  useEffect(() => {
    onActive(options[active] !== undefined ? optionId(active) : undefined);
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  });
  link.keys = (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = Math.max(0, Math.min(options.length - 1, active + (event.key === 'ArrowDown' ? 1 : -1)));
      if (next === options.length - 1 && more && !loadingMore) showMore();
      setActive(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (option !== undefined) onChoose(option);
    }
  };

  return (
    <div className="event-picker__popup">
      <div ref={listRef} id={id} role="listbox" aria-label={label} className="event-picker__list">
        {options.map((event, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys act on the field, which keeps the focus (aria-activedescendant)
          <div
            key={event?.id ?? ''}
            id={optionId(index)}
            data-index={index}
            role="option"
            tabIndex={-1}
            aria-selected={(event?.id ?? '') === value}
            className={index === active ? 'event-picker__option event-picker__option--active' : 'event-picker__option'}
            // The field keeps the focus: the choice is made on click.
            onMouseDown={(mouse) => mouse.preventDefault()}
            onClick={() => onChoose(event)}
          >
            {event ? (
              <>
                <span className="event-picker__name">
                  {event.eventName}
                  {event.isFeatured ? <span className="event-picker__badge"> Featured</span> : null}
                </span>
                <span className="event-picker__detail">{[event.city, formatDay(event.startDateTime)].filter(Boolean).join(' · ')}</span>
              </>
            ) : (
              <span className="event-picker__name">{emptyLabel}</span>
            )}
          </div>
        ))}
      </div>
      {offline && kept.length > 0 ? (
        <p className="event-picker__note">Offline: searching the events this device has listed</p>
      ) : unreachable ? (
        <p className="event-picker__note">{failedText}</p>
      ) : !first.data ? (
        <p className="event-picker__note">Loading events...</p>
      ) : found.length === 0 ? (
        <p className="event-picker__note">{q ? `No event matches “${q}”` : 'No events yet'}</p>
      ) : more || loadingMore ? (
        <button
          type="button"
          className="event-picker__more"
          disabled={loadingMore}
          onMouseDown={(mouse) => mouse.preventDefault()}
          onClick={showMore}
          onBlur={onLeave}
        >
          {loadingMore ? 'Loading events...' : `Show more events (${found.length.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')})`}
        </button>
      ) : null}
    </div>
  );
}
