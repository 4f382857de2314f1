import { visitors } from '../../db/tables/people';
import type { ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { newPassCode } from '../../lib/pass-code';
import { VISITOR_STATUSES, visitorCreateSchema } from '../../schemas/people';
import * as z from 'zod/mini';
import { personCsv, personDefaults } from './people-defaults';

/** Visitors (seed 001 §3): created by the public site or by an admin (registered_online, Others). */
export const visitorResource: ResourceDescription = {
  name: 'visitors',
  singular: 'visitor',
  table: visitors,
  statuses: VISITOR_STATUSES,
  createSchema: visitorCreateSchema,
  updateSchema: z.partial(visitorCreateSchema),
  defaults: (input, context) => ({
    workingProfessional: 'Others',
    status: 'registered_online',
    ...personDefaults(input, context),
    passCode: newPassCode(),
  }),
  searchColumns: [visitors.fullName, visitors.mobileNumber, visitors.email, visitors.organizationName, visitors.passCode],
  sortColumns: { fullName: visitors.fullName, status: visitors.status, createdAt: visitors.createdAt },
  staffMayChangeStatus: true,
  identity: { name: 'fullName', organisation: 'organizationName' },
  csv: [...personCsv.slice(0, 4), ['Professional Type', (r) => r.workingProfessional], ...personCsv.slice(4)],
};

export const visitorRoutes = resourceRoutes(visitorResource);
