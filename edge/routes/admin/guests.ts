import * as z from 'zod/mini';
import { guests } from '../../db/tables/people';
import { newPassCode } from '../../lib/pass-code';
import type { ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { guestCreateSchema, VIP_STATUSES } from '../../schemas/people';
import { personCsv, personDefaults } from './people-defaults';

/** Guests (seed 001 §3): working professional fixed to Others; confirmed unless given. */
export const guestResource: ResourceDescription = {
  name: 'guests',
  singular: 'guest',
  table: guests,
  statuses: VIP_STATUSES,
  createSchema: guestCreateSchema,
  updateSchema: z.partial(guestCreateSchema),
  defaults: (input, context) => ({
    status: 'confirmed',
    ...personDefaults(input, context),
    workingProfessional: 'Others',
    passCode: newPassCode(),
  }),
  searchColumns: [guests.fullName, guests.mobileNumber, guests.email, guests.organizationName, guests.passCode],
  sortColumns: { fullName: guests.fullName, status: guests.status, createdAt: guests.createdAt },
  image: { formField: 'profileImage', column: 'profileImageKey', urlField: 'profileImageUrl' },
  staffMayChangeStatus: true,
  identity: { name: 'fullName', organisation: 'organizationName' },
  csv: personCsv,
};

export const guestRoutes = resourceRoutes(guestResource);
