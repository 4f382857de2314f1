import * as z from 'zod/mini';
import type { visitors } from '../../edge/db/tables/people';
import { VISITOR_STATUSES, visitorCreateSchema } from '../schemas/people';
import { describeResource } from './describe';

/** Visitors: registered on the public site or by an admin; the venue door checks them in. */
export const visitorDescription = describeResource<typeof visitors>()({
  name: 'visitors',
  singular: 'visitor',
  statuses: VISITOR_STATUSES,
  defaultStatus: 'registered_online',
  staff: 'check-in',
  sortKeys: ['fullName', 'status', 'createdAt'],
  createSchema: visitorCreateSchema,
  updateSchema: z.partial(visitorCreateSchema),
  importable: true,
  defaultLimit: 20,
});
