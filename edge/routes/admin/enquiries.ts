import { enquiries } from '../../db/tables/organisations';
import { enquiryDescription } from '../../../shared/resources/enquiries';
import type { RecordOf, ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { formatMobile } from '../../../shared/schemas/mobile-number';
import { csvDateTime } from '../../lib/csv';
import { statusLabel } from '../../schemas/status-labels';

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
  csv: [
    ['Name', (r) => r.name],
    ['Email', (r) => r.email],
    ['Phone', (r) => formatMobile(r.mobileNumber as string)],
    ['Organization', (r) => r.organization],
    ['Subscription', (r) => r.subscriptionType],
    ['Status', (r) => statusLabel(r.status)],
    ['Notes', (r) => r.notes],
    ['Created On (IST)', (r) => csvDateTime(r.createdAt)],
  ],
} satisfies ResourceDescription;

/** A enquiries record as the API answers it. */
export type EnquiryRecord = RecordOf<typeof enquiries, typeof enquiryDescription, { phone: string }>;

export const enquiryRoutes = resourceRoutes<EnquiryRecord, typeof enquiryResource>(enquiryResource);
