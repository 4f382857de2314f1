import type { events } from '../../edge/db/tables/events';
import { EVENT_STATUSES, EVENT_TYPES, eventCreateSchema, eventUpdateSchema } from '../schemas/events';
import { describeResource } from './describe';
import type { FieldSpec } from './fields';

/**
 * Every field of an event, in the form's order: name, state, city, at least one type and both dates
 * required; `active`, not featured, no description or venue unless given. Their rules are the schemas of
 * ../schemas/events.ts, not each field's: an event's create and update differ field by field and are
 * checked across fields (the end not before the start). The panel adds the form's behaviours (the state's
 * cities, the dates' order) to these inputs in its events module.
 */
const fields = [
  { name: 'bannerKey', label: 'Banner', list: { key: 'bannerUrl', kind: 'image', priority: 3 } },
  {
    name: 'eventName',
    label: 'Event Name',
    input: 'text',
    required: true,
    full: true,
    list: { label: 'Event', sort: true, badge: { key: 'isFeatured', text: 'Featured' }, priority: 1 },
    csv: { header: 'Event' },
  },
  { name: 'state', label: 'State', input: 'select', required: true, placeholder: 'Select state', csv: { header: 'State' } },
  { name: 'city', label: 'City', input: 'select', required: true, placeholder: 'Select city', list: { priority: 3 }, csv: { header: 'City' } },
  { name: 'eventTypes', label: 'Event Types', input: 'choices', required: true, options: EVENT_TYPES, csv: { header: 'Types' } },
  {
    name: 'startDateTime',
    label: 'Start Date & Time',
    input: 'datetime',
    marked: true,
    list: { label: 'Dates', kind: 'period', endKey: 'endDateTime', sort: true, priority: 2 },
    csv: { header: 'Starts (IST)', format: 'dateTime' },
  },
  { name: 'endDateTime', label: 'End Date & Time', input: 'datetime', marked: true, csv: { header: 'Ends (IST)', format: 'dateTime' } },
  { name: 'venue', label: 'Venue', default: '', input: 'text', csv: { header: 'Venue' } },
  {
    name: 'registrationOpensAt',
    label: 'Registration Opens',
    input: 'datetime',
    hint: 'Empty: open now.',
    csv: { header: 'Registration Opens (IST)', format: 'dateTime' },
  },
  {
    name: 'registrationClosesAt',
    label: 'Registration Closes',
    input: 'datetime',
    hint: 'Empty: no closing time.',
    csv: { header: 'Registration Closes (IST)', format: 'dateTime' },
  },
  { name: 'address', label: 'Full Address', input: 'text', full: true },
  { name: 'mapUrl', label: 'Map Link', input: 'url', placeholder: 'https://maps.google.com/…' },
  { name: 'openingHours', label: 'Opening Hours', input: 'text', placeholder: '10:00 AM – 8:00 PM' },
  { name: 'awardsNightAt', label: 'Awards Night', input: 'datetime' },
  {
    name: 'status',
    label: 'Status',
    default: 'active',
    input: 'select',
    options: EVENT_STATUSES,
    list: { kind: 'status', sort: true, priority: 1 },
    csv: { header: 'Status', format: 'status' },
  },
  { name: 'description', label: 'Description', default: '', input: 'textarea', full: true },
  { name: 'isFeatured', label: 'Featured on the public site', default: false, input: 'checkbox', full: true, csv: { header: 'Featured', format: 'yes' } },
  { name: 'createdAt', label: 'Created On', csv: { header: 'Created On (IST)', format: 'dateTime' } },
] as const satisfies readonly FieldSpec[];

/**
 * Events: 10 a page, `active` when created without a status, a banner image; staff read their public face
 * only. `sort=isFeatured&order=desc` is the event pickers' order: the featured event, then the newest (ties
 * follow insertion, lib/resource.ts).
 */
export const eventDescription = describeResource<typeof events>()({
  name: 'events',
  singular: 'event',
  // Staff choose an event at the door and in the people lists' filter: its name, dates, place and flag; its
  // questions name the answers in the visitors list.
  staff: ['id', 'eventName', 'startDateTime', 'endDateTime', 'venue', 'city', 'status', 'isFeatured', 'createdAt', 'updatedAt', 'registrationQuestions'],
  sortKeys: ['eventName', 'startDateTime', 'status', 'createdAt', 'isFeatured'],
  image: { formField: 'banner', column: 'bannerKey', urlField: 'bannerUrl', label: 'Banner' },
  fields,
  order: {
    csv: [
      'eventName',
      'state',
      'city',
      'venue',
      'eventTypes',
      'startDateTime',
      'endDateTime',
      'registrationOpensAt',
      'registrationClosesAt',
      'status',
      'isFeatured',
    ],
  },
  createSchema: eventCreateSchema,
  updateSchema: eventUpdateSchema,
  defaultLimit: 10,
});
