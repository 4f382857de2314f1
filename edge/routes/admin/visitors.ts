import { visitors } from '../../db/tables/people';
import { visitorDescription } from '../../../shared/resources/visitors';
import type { RecordOf, ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { newPassCode } from '../../lib/pass-code';
import { fieldDefaults } from '../../lib/resource-fields';
import { adminRegistration } from './admin-registration';

/** Visitors: created by the public site or by an admin; an admin's are 'registered_online' and 'Others' unless the form says. */
export const visitorResource = {
  ...visitorDescription,
  table: visitors,
  defaults: (input, context) => ({ ...fieldDefaults(visitorDescription.fields), ...adminRegistration(input, context), passCode: newPassCode() }),
  searchColumns: [visitors.fullName, visitors.mobileNumber, visitors.email, visitors.organizationName, visitors.city, visitors.passCode],
  identity: { name: 'fullName', organisation: 'organizationName' },
} satisfies ResourceDescription;

/** A visitors record as the API answers it. */
export type VisitorRecord = RecordOf<typeof visitors, typeof visitorDescription>;

export const visitorRoutes = resourceRoutes<VisitorRecord, typeof visitorResource>(visitorResource);
