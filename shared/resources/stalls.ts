import * as z from 'zod/mini';
import type { stalls } from '../../edge/db/tables/organisations';
import { STALL_STATUSES, stallCreateSchema } from '../schemas/organisations';
import { describeResource } from './describe';

/** Stall bookings: name, e-mail and phone required; the nested `stallSize` is kept as three columns. */
export const stallDescription = describeResource<typeof stalls>()({
  name: 'stalls',
  singular: 'stall',
  statuses: STALL_STATUSES,
  defaultStatus: 'pending',
  sortKeys: ['companyName', 'contactPersonName', 'status', 'createdAt'],
  inputOnly: ['stallSize'],
  createSchema: stallCreateSchema,
  updateSchema: z.partial(stallCreateSchema),
  importable: true,
  defaultLimit: 20,
});
