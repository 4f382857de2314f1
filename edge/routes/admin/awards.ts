import { awardNominations } from '../../db/tables/organisations';
import { newPassCode } from '../../lib/pass-code';
import { nominationDescription } from '../../../shared/resources/awards';
import type { RecordOf, ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { formatMobile } from '../../../shared/schemas/mobile-number';
import { csvDateTime } from '../../lib/csv';
import { statusLabel } from '../../schemas/status-labels';

/** Award nominations (`/api/awards`): new ones `yet_to_decide` with nominationStatus `pending`. */
export const nominationResource = {
  ...nominationDescription,
  table: awardNominations,
  defaults: (input, { user }) => ({
    mobileNumber: '',
    email: '',
    organizationName: '',
    awardCategory: '',
    category: '',
    description: '',
    achievements: '',
    status: nominationDescription.defaultStatus,
    nominationStatus: 'pending',
    notes: '',
    priority: 'normal',
    tags: [],
    ...input,
    registrationType: 'admin_nomination',
    createdBy: user.name,
    createdByRole: user.role,
    passCode: newPassCode(),
  }),
  identity: { name: 'nomineeName', organisation: 'organizationName' },
  searchColumns: [
    awardNominations.nomineeName,
    awardNominations.mobileNumber,
    awardNominations.email,
    awardNominations.organizationName,
    awardNominations.category,
  ],
  csv: [
    ['Nominee', (r) => r.nomineeName],
    ['Contact', (r) => formatMobile(r.mobileNumber as string)],
    ['Email', (r) => r.email],
    ['Organization', (r) => r.organizationName],
    ['Category', (r) => r.category || r.awardCategory],
    ['Description', (r) => r.description],
    ['Achievements', (r) => r.achievements],
    ['Event', (r) => r.eventName],
    ['Status', (r) => statusLabel(r.status)],
    ['Created On (IST)', (r) => csvDateTime(r.createdAt)],
  ],
} satisfies ResourceDescription;

/** A awards record as the API answers it. */
export type NominationRecord = RecordOf<typeof awardNominations, typeof nominationDescription>;

export const nominationRoutes = resourceRoutes<NominationRecord, typeof nominationResource>(nominationResource);
