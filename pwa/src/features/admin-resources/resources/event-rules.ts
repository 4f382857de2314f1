// Pure rules of the event form (its dates, required fields and save failures), kept apart from the screen for unit tests.
import { EVENT_MESSAGES } from '@shared/schemas/events';
import { ApiError, serverMessage } from '@pwa/lib/api-error';

export interface EventDates {
  startDateTime: string;
  endDateTime: string;
}

/** Picking a start later than the end clears the end. */
export function pickStart(dates: EventDates, start: string): EventDates {
  if (start && dates.endDateTime && dates.endDateTime < start) return { startDateTime: start, endDateTime: '' };
  return { ...dates, startDateTime: start };
}

/** An end before the start is refused (the end is cleared) with "End date cannot be before start date". */
export function pickEnd(dates: EventDates, end: string): { dates: EventDates; error: string | null } {
  if (end && dates.startDateTime && end < dates.startDateTime) return { dates: { ...dates, endDateTime: '' }, error: EVENT_MESSAGES.order };
  return { dates: { ...dates, endDateTime: end }, error: null };
}

/** What the event form edits, under the API's names; date-times as the inputs hold them (Hyderabad time, `shared/dates.ts`). */
export interface EventFormValues {
  eventName: string;
  state: string;
  city: string;
  eventTypes: string[];
  startDateTime: string;
  endDateTime: string;
  venue: string;
  description: string;
  status: string;
  isFeatured: boolean;
  registrationOpensAt: string;
  registrationClosesAt: string;
  address: string;
  mapUrl: string;
  openingHours: string;
  awardsNightAt: string;
}

const REQUIRED: ReadonlyArray<[keyof EventFormValues, string]> = [
  ['eventName', 'Event Name'],
  ['state', 'State'],
  ['city', 'City'],
  ['eventTypes', 'Event Types'],
];

/**
 * The event form's rules in order, each message on its field: name, state, city and at least one type
 * (and the one "Please fill in all required fields" for the form); both dates; the end not before the
 * start; registration not closing before it opens. Empty when the form may be sent.
 */
export function checkEventValues(values: EventFormValues): Partial<Record<keyof EventFormValues | 'root', string>> {
  const found: Partial<Record<keyof EventFormValues | 'root', string>> = {};
  for (const [name, label] of REQUIRED) {
    const value = values[name];
    if (Array.isArray(value) ? value.length === 0 : !String(value).trim()) found[name] = `${label} is required`;
  }
  if (Object.keys(found).length > 0) return { ...found, root: EVENT_MESSAGES.required };
  const { startDateTime: start, endDateTime: end, registrationOpensAt: opens, registrationClosesAt: closes } = values;
  if (!start || !end) return { [start ? 'endDateTime' : 'startDateTime']: EVENT_MESSAGES.dates };
  if (new Date(end).getTime() < new Date(start).getTime()) return { endDateTime: EVENT_MESSAGES.order };
  // Both in event time, written the same way: as text they compare as the times they are.
  if (opens && closes && closes < opens) return { registrationClosesAt: EVENT_MESSAGES.registrationOrder };
  return {};
}

/**
 * What to show when saving an event fails: no answer, a banner over 5 MB and an expired session each have
 * their words; then the server's own message; then "Please check your input" for a refusal without one.
 */
export function eventSaveError(error: unknown, editing: boolean): string {
  const fallback = editing ? 'Failed to update event.' : 'Failed to create event.';
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return 'No response from server. Please check your connection.';
  if (error.status === 413) return 'File size too large. Maximum size is 5MB.';
  if (error.status === 401) return 'Session expired. Please log in again.';
  const own = serverMessage(error);
  if (own) return own;
  if (error.status >= 400 && error.status < 500) return 'Please check your input and try again.';
  return fallback;
}
