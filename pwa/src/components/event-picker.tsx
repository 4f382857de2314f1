import { useQuery } from '@tanstack/react-query';
import { type FocusEvent, type KeyboardEvent, lazy, type Ref, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { EventChoice } from './event-queries';
import { eventQueryOptions } from './event-queries';
import './event-picker.css';
import { FieldError, FieldLabel } from './field-parts';

/** The open list, loaded the first time a picker opens: the screens that show a picker load only the field. */
const EventPickerList = lazy(() => import('./event-picker-list'));

/** A pause in typing before the search is asked for. */
const TYPING_PAUSE_MS = 200;

/** What the open list tells the field: its keys' handler, and the option the arrows are on (its element id). */
export interface EventListLink {
  keys?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/**
 * The one event chooser of the panel and the door (decision 047): a combobox over `GET /api/events` —
 * search as you type (name, city, venue), the featured event first and then the newest, 20 at a time
 * with "Show more events" — for any number of events. The chosen event is shown by its name, looked up by
 * id (kept with the panel's offline copy). `emptyLabel` adds a first choice whose value
 * is '' ("All events" in a list's filter, "Select an event" in a form).
 */
export function EventPicker({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  required,
  label = 'Event',
  emptyLabel,
  className = 'field',
  failedText = 'Failed to load events',
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The field's message (a form's check or the server's), shown under it. */
  error?: string | undefined;
  required?: boolean | undefined;
  label?: string;
  emptyLabel?: string;
  /** The element's class: `field` in the panel's forms and filters, the door's own elsewhere. */
  className?: string;
  failedText?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [activeId, setActiveId] = useState<string>();
  const root = useRef<HTMLDivElement>(null);
  const link = useRef<EventListLink>({});

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const chosen = useQuery(eventQueryOptions(value));
  const chosenName = value === '' ? (emptyLabel ?? '') : chosen.data ? chosen.data.eventName : chosen.isPending ? 'Loading events...' : '';
  const message = error ?? (chosen.isError && !chosen.data ? failedText : undefined);

  const close = () => {
    setOpen(false);
    setText('');
    setQ('');
    setActiveId(undefined);
  };
  const choose = (event: EventChoice | null) => {
    close();
    onChange(event?.id ?? '');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setOpen(true);
    } else if (open) {
      link.current.keys?.(event);
    }
  };
  // Focus leaving the picker (not to its own "Show more" button) closes it.
  const leave = (event: FocusEvent) => {
    if (root.current?.contains(event.relatedTarget as Node | null)) return;
    close();
    onBlur?.();
  };

  const listId = `${id}-events`;
  return (
    <div ref={root} className={`${className} event-picker`}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        id={id}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        className="event-picker__input"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? activeId : undefined}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        // Closed, the field shows the chosen event; open, what is typed, with the chosen one as its hint.
        value={open ? text : chosenName}
        placeholder={open ? chosenName || 'Search events' : (emptyLabel ?? 'Search events')}
        // Opened by a click, typing or an arrow key, not by focus alone: a form focusing its first wrong
        // field, or Tab through a form, covers nothing.
        onClick={() => setOpen(true)}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={leave}
      />
      {open ? (
        <Suspense fallback={null}>
          <EventPickerList
            id={listId}
            label={label}
            q={q}
            value={value}
            emptyLabel={emptyLabel}
            failedText={failedText}
            link={link.current}
            onActive={setActiveId}
            onChoose={choose}
            onLeave={leave}
          />
        </Suspense>
      ) : null}
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}
