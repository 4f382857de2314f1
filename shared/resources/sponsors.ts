import * as z from 'zod/mini';
import type { sponsors } from '../../edge/db/tables/organisations';
import { SPONSOR_STATUSES, sponsorCreateSchema } from '../schemas/organisations';
import { describeResource } from './describe';

const SPONSOR_NAME_REQUIRED = 'Enter the sponsor or company name';

/** Sponsors: a sponsor needs a name of some kind (the organisation falls back to the contact person and back). */
export const sponsorDescription = describeResource<typeof sponsors>()({
  name: 'sponsors',
  singular: 'sponsor',
  statuses: SPONSOR_STATUSES,
  defaultStatus: 'yet_to_confirm',
  sortKeys: ['organizationName', 'contactPersonName', 'sponsorshipTier', 'sponsorshipAmount', 'status', 'createdAt'],
  createSchema: sponsorCreateSchema.check(
    z.refine((v) => Boolean(v.organizationName || v.contactPersonName), { error: SPONSOR_NAME_REQUIRED, path: ['organizationName'] }),
  ),
  updateSchema: z.partial(sponsorCreateSchema),
  importable: true,
  defaultLimit: 20,
});
