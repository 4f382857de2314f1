import * as z from 'zod/mini';
import type { awardNominations } from '../../edge/db/tables/organisations';
import { NOMINATION_STATUSES, nominationCreateSchema } from '../schemas/organisations';
import { describeResource } from './describe';

/** Award nominations (`/api/awards`): nothing required but a nominee; new ones are `yet_to_decide`. */
export const nominationDescription = describeResource<typeof awardNominations>()({
  name: 'awards',
  singular: 'nomination',
  statuses: NOMINATION_STATUSES,
  defaultStatus: 'yet_to_decide',
  sortKeys: ['nomineeName', 'category', 'status', 'createdAt'],
  createSchema: nominationCreateSchema,
  updateSchema: z.partial(nominationCreateSchema),
  defaultLimit: 20,
});
