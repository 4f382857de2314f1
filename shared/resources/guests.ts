import * as z from 'zod/mini';
import type { guests } from '../../edge/db/tables/people';
import { describeResource } from './describe';
import { type FieldSpec, schemaOf } from './fields';
import { VIP_STATUSES } from './kinds';
import { PERSON_LEAD, personFields, recordFields, showOnSiteField, statusField } from './people-fields';

/** Every field of a guest: the person's, a status and "Show on site". */
const fields = [
  ...personFields(true),
  statusField(VIP_STATUSES, 'confirmed'),
  showOnSiteField('Listed as the jury on the public site: name, designation, organisation and photo, never contact details.'),
  ...recordFields,
] as const satisfies readonly FieldSpec[];

const guestCreateSchema = schemaOf(fields);

/** Guests: confirmed unless given; a profile image. */
export const guestDescription = describeResource<typeof guests>()({
  name: 'guests',
  singular: 'guest',
  staff: 'check-in',
  sortKeys: ['fullName', 'status', 'createdAt'],
  image: { formField: 'profileImage', column: 'profileImageKey', urlField: 'profileImageUrl', label: 'Profile Image' },
  fields,
  order: { form: PERSON_LEAD, list: PERSON_LEAD, csv: PERSON_LEAD },
  createSchema: guestCreateSchema,
  updateSchema: z.partial(guestCreateSchema),
  importable: true,
  defaultLimit: 20,
});
