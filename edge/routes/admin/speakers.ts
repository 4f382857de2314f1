import * as z from 'zod/mini';
import { speakers } from '../../db/tables/people';
import { newPassCode } from '../../lib/pass-code';
import type { ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { speakerCreateSchema, VIP_STATUSES } from '../../schemas/people';
import { personCsv, personDefaults } from './people-defaults';

/** Speakers (seed 001 §3): the guest fields without working professional, plus title and bio. */
export const speakerResource: ResourceDescription = {
  name: 'speakers',
  singular: 'speaker',
  table: speakers,
  statuses: VIP_STATUSES,
  createSchema: speakerCreateSchema,
  updateSchema: z.partial(speakerCreateSchema),
  defaults: (input, context) => ({
    status: 'confirmed',
    title: '',
    bio: '',
    ...personDefaults(input, context),
    passCode: newPassCode(),
  }),
  identity: { name: 'fullName', organisation: 'organizationName' },
  searchColumns: [speakers.fullName, speakers.title, speakers.mobileNumber, speakers.email, speakers.passCode],
  sortColumns: { fullName: speakers.fullName, title: speakers.title, status: speakers.status, createdAt: speakers.createdAt },
  image: { formField: 'profileImage', column: 'profileImageKey', urlField: 'profileImageUrl' },
  staffMayChangeStatus: true,
  csv: [['Name', (r) => r.fullName], ['Title', (r) => r.title], ...personCsv.slice(1)],
};

export const speakerRoutes = resourceRoutes(speakerResource);
