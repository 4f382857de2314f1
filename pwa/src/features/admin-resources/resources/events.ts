import { eventDescription } from '@shared/resources/events';
import { EVENT_MESSAGES, EVENT_TYPES } from '@shared/schemas/events';
import type { BaseRecord } from '@pwa/lib/api';
// The state → city table is shared with the public registration forms (dependency-free module).
import { citiesOf, INDIA_STATES } from '@pwa/lib/india-locations';
import { listOf, statusColumn, statusField, valuesFrom } from '../fields';
import { type FieldNameOf, type FormField, type FormValues, panelResource } from '../types';
import { checkEventValues, type EventFormValues, eventSaveError, pickEnd, pickStart } from './event-rules';

const datesOf = (values: FormValues) => ({ startDateTime: values.startDateTime ?? '', endDateTime: values.endDateTime ?? '' });

const eventFields: FormField<FieldNameOf<typeof eventDescription>>[] = [
  { name: 'eventName', label: 'Event Name', type: 'text', required: true, full: true },
  // A new state empties the city: the cities offered are the state's.
  {
    name: 'state',
    label: 'State',
    type: 'select',
    required: true,
    options: INDIA_STATES,
    placeholder: 'Select state',
    onPick: (state) => ({ set: { state, city: '' } }),
  },
  {
    name: 'city',
    label: 'City',
    type: 'select',
    required: true,
    placeholder: 'Select city',
    dependsOn: { field: 'state', options: citiesOf, waiting: 'Select a state first' },
  },
  { name: 'eventTypes', label: 'Event Types', type: 'choices', required: true, options: EVENT_TYPES },
  // Both dates are needed ("Start date and end date are required", checked with the form's rules below).
  // A start later than the end clears the end; an end before the start is refused (cleared) with its message.
  {
    name: 'startDateTime',
    label: 'Start Date & Time',
    type: 'datetime',
    marked: true,
    onPick: (start, values) => ({ set: { ...pickStart(datesOf(values), start) } }),
  },
  {
    name: 'endDateTime',
    label: 'End Date & Time',
    type: 'datetime',
    marked: true,
    notBefore: 'startDateTime',
    onPick: (end, values) => {
      const next = pickEnd(datesOf(values), end);
      return { set: { ...next.dates }, message: next.error };
    },
  },
  { name: 'venue', label: 'Venue', type: 'text' },
  { name: 'registrationOpensAt', label: 'Registration Opens', type: 'datetime', hint: 'Empty: open now.' },
  { name: 'registrationClosesAt', label: 'Registration Closes', type: 'datetime', notBefore: 'registrationOpensAt', hint: 'Empty: no closing time.' },
  { name: 'address', label: 'Full Address', type: 'text', full: true },
  { name: 'mapUrl', label: 'Map Link', type: 'url', placeholder: 'https://maps.google.com/…' },
  { name: 'openingHours', label: 'Opening Hours', type: 'text', placeholder: '10:00 AM – 8:00 PM' },
  { name: 'awardsNightAt', label: 'Awards Night', type: 'datetime' },
  statusField(eventDescription),
  { name: 'description', label: 'Description', type: 'textarea', full: true },
  { name: 'isFeatured', label: 'Featured on the public site', type: 'checkbox', full: true },
];

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
  columns: [
    { key: 'bannerUrl', label: 'Banner', kind: 'image', priority: 3 },
    { key: 'eventName', label: 'Event', sort: 'eventName', badge: { key: 'isFeatured', text: 'Featured' }, priority: 1 },
    { key: 'city', label: 'City', priority: 3 },
    { key: 'startDateTime', label: 'Dates', kind: 'period', endKey: 'endDateTime', sort: 'startDateTime', priority: 2 },
    statusColumn,
  ],
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
