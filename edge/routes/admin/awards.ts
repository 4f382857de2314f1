import { awardNominations } from '../../db/tables/organisations';
import { newPassCode } from '../../lib/pass-code';
import { nominationDescription } from '../../../shared/resources/awards';
import type { RecordOf, ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { fieldDefaults } from '../../lib/resource-fields';

/** Award nominations (`/api/awards`): the registry's defaults (`yet_to_decide`, nominationStatus `pending`) unless the form says. */
export const nominationResource = {
  ...nominationDescription,
  table: awardNominations,
  defaults: (input, { user }) => ({
    ...fieldDefaults(nominationDescription.fields),
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
} satisfies ResourceDescription;

/** A awards record as the API answers it. */
export type NominationRecord = RecordOf<typeof awardNominations, typeof nominationDescription>;

export const nominationRoutes = resourceRoutes<NominationRecord, typeof nominationResource>(nominationResource);
