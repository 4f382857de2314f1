import * as z from 'zod/mini';
import type { guests } from '../../edge/db/tables/people';
import { guestCreateSchema, VIP_STATUSES } from '../schemas/people';
import { describeResource } from './describe';

/** Guests: confirmed unless given; a profile image. */
export const guestDescription = describeResource<typeof guests>()({
  name: 'guests',
  singular: 'guest',
  statuses: VIP_STATUSES,
  defaultStatus: 'confirmed',
  staff: 'check-in',
  sortKeys: ['fullName', 'status', 'createdAt'],
  image: { formField: 'profileImage', column: 'profileImageKey', urlField: 'profileImageUrl', label: 'Profile Image' },
  createSchema: guestCreateSchema,
  updateSchema: z.partial(guestCreateSchema),
  importable: true,
  defaultLimit: 20,
});
