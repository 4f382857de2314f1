import * as z from 'zod/mini';
import type { speakers } from '../../edge/db/tables/people';
import { speakerCreateSchema, VIP_STATUSES } from '../schemas/people';
import { describeResource } from './describe';

/** Speakers: the guest fields plus title and bio. */
export const speakerDescription = describeResource<typeof speakers>()({
  name: 'speakers',
  singular: 'speaker',
  statuses: VIP_STATUSES,
  defaultStatus: 'confirmed',
  staff: 'check-in',
  sortKeys: ['fullName', 'title', 'status', 'createdAt'],
  image: { formField: 'profileImage', column: 'profileImageKey', urlField: 'profileImageUrl', label: 'Profile Image' },
  createSchema: speakerCreateSchema,
  updateSchema: z.partial(speakerCreateSchema),
  importable: true,
  defaultLimit: 20,
});
