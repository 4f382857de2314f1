// Pure rules of the event form (seed 001 §4, §5, §8), kept apart from the screen for unit tests.
import { EVENT_MESSAGES } from '../../../../edge/schemas/events';
import { ApiError } from '../../lib/api-error';

export interface EventDates {
  start: string;
  end: string;
}

/** §4: picking a start later than the end clears the end. */
export function pickStart(dates: EventDates, start: string): EventDates {
  if (start && dates.end && dates.end < start) return { start, end: '' };
  return { ...dates, start };
}

/** §4: an end before the start is refused (the end is cleared) with §5's message. */
export function pickEnd(dates: EventDates, end: string): { dates: EventDates; error: string | null } {
  if (end && dates.start && end < dates.start) return { dates: { ...dates, end: '' }, error: EVENT_MESSAGES.order };
  return { dates: { ...dates, end }, error: null };
}

export interface EventFormValues {
  eventName: string;
  state: string;
  city: string;
  eventTypes: string[];
  startDateTime: string;
  endDateTime: string;
}

/** §5 in order: required fields, both dates, their order. Null when the form may be sent. */
export function checkEventForm(values: EventFormValues): string | null {
  if (!values.eventName.trim() || !values.state.trim() || !values.city.trim() || values.eventTypes.length === 0) return EVENT_MESSAGES.required;
  if (!values.startDateTime || !values.endDateTime) return EVENT_MESSAGES.dates;
  if (new Date(values.endDateTime).getTime() < new Date(values.startDateTime).getTime()) return EVENT_MESSAGES.order;
  return null;
}

/** §8: what to show when saving an event fails. */
export function eventSaveError(error: unknown, editing: boolean): string {
  const fallback = editing ? 'Failed to update event.' : 'Failed to create event.';
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return 'No response from server. Please check your connection.';
  if (error.status === 413) return 'File size too large. Maximum size is 5MB.';
  if (error.status === 401) return 'Session expired. Please log in again.';
  if (error.message && error.message !== 'Request failed') return error.message;
  if (error.status >= 400 && error.status < 500) return 'Please check your input and try again.';
  return fallback;
}
