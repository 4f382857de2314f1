import { eventDescription } from '@shared/resources/events';
import { EVENT_MESSAGES } from '@shared/schemas/events';
import type { BaseRecord } from '@pwa/lib/api';
// The state → city table is shared with the public registration forms (dependency-free module).
import { citiesOf, INDIA_STATES } from '@pwa/lib/india-locations';
import { listOf, panelFields, valuesFrom } from '../fields';
import { type FieldNameOf, type FormField, type FormValues, panelResource } from '../types';
import { checkEventValues, type EventFormValues, eventSaveError, pickEnd, pickStart } from './event-rules';

const datesOf = (values: FormValues) => ({ startDateTime: values.startDateTime ?? '', endDateTime: values.endDateTime ?? '' });

/**
 * The form's behaviours, added to the registry's inputs (shared/resources/events.ts) by name: the states
 * and their cities (a table the public registration forms share), and the dates' order.
 */
type EventField = FieldNameOf<typeof eventDescription>;
const behaviours: Partial<Record<EventField, Partial<FormField<EventField>>>> = {
  // A new state empties the city: the cities offered are the state's.
  state: { options: INDIA_STATES, onPick: (state) => ({ set: { state, city: '' } }) },
  city: { dependsOn: { field: 'state', options: citiesOf, waiting: 'Select a state first' } },
  // Both dates are needed ("Start date and end date are required", checked with the form's rules below).
  // A start later than the end clears the end; an end before the start is refused (cleared) with its message.
  startDateTime: { onPick: (start, values) => ({ set: { ...pickStart(datesOf(values), start) } }) },
  endDateTime: {
    notBefore: 'startDateTime',
    onPick: (end, values) => {
      const next = pickEnd(datesOf(values), end);
      return { set: { ...next.dates }, message: next.error };
    },
  },
  registrationClosesAt: { notBefore: 'registrationOpensAt' },
};

// The registry's names are the description's fields (panelFields answers them as plain strings).
const eventFields = panelFields(eventDescription.fields, eventDescription.order).map((field) => ({
  ...field,
  ...behaviours[field.name as EventField],
})) as FormField<EventField>[];

/** The form's text values as the event form's rules read them. */
const ruleValues = (values: FormValues): EventFormValues =>
  ({ ...values, eventTypes: listOf(values.eventTypes), isFeatured: values.isFeatured === 'true' }) as EventFormValues;

/**
 * Events: name, state, city, at least one type and both dates required (one "Please fill in all required
 * fields" for the form, each field's own message beside it); the end not before the start; registration
 * not closing before it opens; a banner image of at most 5 MB; the featured flag the public site reads
 * (moving it to one event takes it off the others, on the server). Dates are typed in Hyderabad time.
 */
export const eventsConfig = panelResource(eventDescription, {
  title: 'Event Management',
  subtitle: 'Create and manage events',
  addLabel: 'Create Events',
  formTitle: { create: 'Create Events', edit: 'Edit Event' },
  submitLabel: { create: 'Create Event', edit: 'Update Event' },
  nameKey: 'eventName',
  searchPlaceholder: 'Search event, city, venue',
  eventFilter: false,
  findsDuplicates: false,
  statusMenu: false,
  pageSizes: [10, 25, 50, 100],
  // Its list is its registry fields; its form their inputs with the behaviours above.
  fields: eventFields,
  requiredMessage: EVENT_MESSAGES.required,
  check: (values) => {
    const { root, ...found } = checkEventValues(ruleValues(values));
    return root ? { ...found, '': root } : found;
  },
  fromRecord: (row: BaseRecord) => {
    const values = valuesFrom(eventFields, row);
    return { ...values, status: values.status || eventDescription.defaultStatus };
  },
  saveError: eventSaveError,
  messages: {
    created: 'Event created successfully!',
    updated: 'Event updated successfully!',
    createFailed: 'Failed to create event.',
    updateFailed: 'Failed to update event.',
    fetchFailed: 'Failed to fetch events',
    deleteFailed: 'Failed to delete event',
    confirmDelete: 'Are you sure you want to delete this event?',
    empty: 'No events found.',
    loading: 'Loading events...',
  },
  errorDisplay: 'inline',
  closeDelayMs: 1200,
});
