import * as z from 'zod/mini';
import { vipAwardees } from '../../db/tables/people';
import { newPassCode } from '../../lib/pass-code';
import type { ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { normaliseVipStatus, VIP_STATUSES, vipAwardeeCreateSchema } from '../../schemas/people';
import { personCsv, personDefaults } from './people-defaults';

/**
 * VIP awardees (`/api/awardeesvip`, seed 001 §3): "Working Professional" by default; statuses in older
 * spellings are normalised (§4) on create, update and status change alike.
 */
export const vipAwardeeResource: ResourceDescription = {
  name: 'awardeesvip',
  singular: 'awardee',
  table: vipAwardees,
  statuses: VIP_STATUSES,
  createSchema: vipAwardeeCreateSchema,
  updateSchema: z.partial(vipAwardeeCreateSchema),
  defaults: (input, context) => ({
    workingProfessional: 'Working Professional',
    status: 'confirmed',
    ...personDefaults(input, context),
    passCode: newPassCode(),
  }),
  normaliseStatus: (status) => String(normaliseVipStatus(status)),
  identity: { name: 'fullName', organisation: 'organizationName' },
  searchColumns: [vipAwardees.fullName, vipAwardees.mobileNumber, vipAwardees.email, vipAwardees.organizationName, vipAwardees.designation, vipAwardees.passCode],
  sortColumns: { fullName: vipAwardees.fullName, organizationName: vipAwardees.organizationName, status: vipAwardees.status, createdAt: vipAwardees.createdAt },
  image: { formField: 'profileImage', column: 'profileImageKey', urlField: 'profileImageUrl' },
  staffMayChangeStatus: true,
  csv: personCsv,
};

export const vipAwardeeRoutes = resourceRoutes(vipAwardeeResource);
