import { enquiries } from '../../db/tables/organisations';
import { enquiryDescription } from '../../../shared/resources/enquiries';
import type { RecordOf, ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';

/**
 * Enquiries: created by the public `POST /api/enquiries` (so no admin create here); the panel searches
 * name, email, phone, organization and status, and moves them along with notes (`PUT /:id/status`).
 */
export const enquiryResource = {
  ...enquiryDescription,
  table: enquiries,
  defaults: (input) => input,
  statusNotesOnRecord: true,
  present: (row) => ({ phone: row.mobileNumber }),
  identity: { name: 'name', organisation: 'organization', sameRegistration: ['subscriptionType'] },
  searchColumns: [enquiries.name, enquiries.email, enquiries.mobileNumber, enquiries.organization, enquiries.status],
} satisfies ResourceDescription;

/** A enquiries record as the API answers it. */
export type EnquiryRecord = RecordOf<typeof enquiries, typeof enquiryDescription, { phone: string }>;

export const enquiryRoutes = resourceRoutes<EnquiryRecord, typeof enquiryResource>(enquiryResource);
