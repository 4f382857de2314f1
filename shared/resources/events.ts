import type { events } from '../../edge/db/tables/events';
import { EVENT_STATUSES, eventCreateSchema, eventUpdateSchema } from '../schemas/events';
import { describeResource } from './describe';

/**
 * Events: 10 a page, `active` when created without a status, a banner image; staff read their public face
 * only. `sort=isFeatured&order=desc` is the event pickers' order: the featured event, then the newest (ties
 * follow insertion, lib/resource.ts).
 */
export const eventDescription = describeResource<typeof events>()({
  name: 'events',
  singular: 'event',
  statuses: EVENT_STATUSES,
  defaultStatus: 'active',
  // Staff choose an event at the door and in the people lists' filter: its name, dates, place and flag.
  staff: ['id', 'eventName', 'startDateTime', 'endDateTime', 'venue', 'city', 'status', 'isFeatured', 'createdAt', 'updatedAt'],
  sortKeys: ['eventName', 'startDateTime', 'status', 'createdAt', 'isFeatured'],
  image: { formField: 'banner', column: 'bannerKey', urlField: 'bannerUrl', label: 'Banner' },
  createSchema: eventCreateSchema,
  updateSchema: eventUpdateSchema,
  defaultLimit: 10,
});
