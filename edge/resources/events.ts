import type { events } from '../db/tables/events';
import { EVENT_STATUSES, eventCreateSchema, eventUpdateSchema } from '../schemas/events';
import { describeResource } from './describe';

/** Events: 10 a page, `active` when created without a status, a banner image. */
export const eventDescription = describeResource<typeof events>()({
  name: 'events',
  singular: 'event',
  statuses: EVENT_STATUSES,
  defaultStatus: 'active',
  staffMayChangeStatus: false,
  sortKeys: ['eventName', 'startDateTime', 'status', 'createdAt'],
  image: { formField: 'banner', column: 'bannerKey', urlField: 'bannerUrl', label: 'Banner' },
  createSchema: eventCreateSchema,
  updateSchema: eventUpdateSchema,
  defaultLimit: 10,
});
