import { useQuery } from '@tanstack/react-query';
import { type Ref, useId } from 'react';
import { everyEventQueryOptions } from './event-queries';

/** Every event by name, the featured (current) one first. */
export function useEventChoices() {
  return useQuery({
    ...everyEventQueryOptions(),
    select: (page) => [...page.items].sort((a, b) => Number(Boolean(b.isFeatured)) - Number(Boolean(a.isFeatured))),
  });
}

/** The event chooser of every admin form and list filter: options from the event list, by name, the featured one first. */
export function PanelEventSelect({
  value,
  onChange,
  onBlur,
  selectRef,
  error,
  required,
  label = 'Event',
  emptyLabel = 'Select an event',
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  selectRef?: Ref<HTMLSelectElement>;
  /** The field's message (a form's check or the server's), shown under it. */
  error?: string | undefined;
  required?: boolean | undefined;
  label?: string;
  /** The first option, whose value is '' ("All events" in a list's filter). */
  emptyLabel?: string;
}) {
  const id = useId();
  const choices = useEventChoices();
  const message = error ?? (choices.isError ? 'Failed to load events' : undefined);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <select
        // A select keeps showing its first option when the chosen event's option arrives after the value
        // (a shared list address opened on a fresh device): made anew once the events are in, it shows the
        // chosen one at once.
        key={choices.data ? 'events' : 'loading'}
        id={id}
        ref={selectRef}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      >
        {/* While the events load, the chosen event (a shared list address, a form being edited) stays chosen. */}
        <option value={choices.isPending ? value : ''}>{choices.isPending ? 'Loading events...' : emptyLabel}</option>
        {(choices.data ?? []).map((event) => (
          <option key={event.id} value={event.id}>
            {event.eventName}
            {event.isFeatured ? ' (featured)' : ''}
          </option>
        ))}
      </select>
      {message ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
