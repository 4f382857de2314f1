import type { enquiries } from '../../edge/db/tables/organisations';
import { ENQUIRY_STATUSES, enquiryUpdateSchema } from '../schemas/organisations';
import { describeResource } from './describe';

/** Enquiries: created by the public site only (no admin create); the panel edits them and moves them along. */
export const enquiryDescription = describeResource<typeof enquiries>()({
  name: 'enquiries',
  singular: 'enquiry',
  statuses: ENQUIRY_STATUSES,
  defaultStatus: 'new',
  sortKeys: ['name', 'status', 'subscriptionType', 'createdAt'],
  createSchema: undefined,
  updateSchema: enquiryUpdateSchema,
  defaultLimit: 20,
});
