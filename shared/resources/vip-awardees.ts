import * as z from 'zod/mini';
import type { vipAwardees } from '../../edge/db/tables/people';
import { VIP_STATUSES, vipAwardeeCreateSchema } from '../schemas/people';
import { describeResource } from './describe';

/** VIP awardees (`/api/awardeesvip`): event, name, phone and city required; statuses in older spellings are read. */
export const vipAwardeeDescription = describeResource<typeof vipAwardees>()({
  name: 'awardeesvip',
  singular: 'awardee',
  statuses: VIP_STATUSES,
  defaultStatus: 'confirmed',
  staff: 'check-in',
  sortKeys: ['fullName', 'organizationName', 'status', 'createdAt'],
  image: { formField: 'profileImage', column: 'profileImageKey', urlField: 'profileImageUrl', label: 'Profile Image' },
  createSchema: vipAwardeeCreateSchema,
  updateSchema: z.partial(vipAwardeeCreateSchema),
  importable: true,
  defaultLimit: 20,
});
