import * as z from 'zod/mini';
import type { speakers } from '../../edge/db/tables/people';
import { VIP_STATUSES } from './kinds';
import { MAX_LONG_TEXT, text } from '../schemas/fields';
import { describeResource } from './describe';
import type { FieldSpec } from './fields';
import { schemaOf } from './fields';
import { personFields, recordFields, showOnSiteField, statusField } from './people-fields';

/** Every field of a speaker: the person's, plus title and bio (empty unless given). */
const fields = [
  ...personFields(true),
  { name: 'title', label: 'Title', rule: z.optional(text()), default: '', input: 'text', list: { sort: true, priority: 2 }, csv: { header: 'Title' } },
  { name: 'bio', label: 'Bio', rule: z.optional(text(MAX_LONG_TEXT)), default: '', input: 'textarea', full: true },
  // Speakers' list has no status column; their statuses are changed in the form, the menu and in bulk.
  { ...statusField(VIP_STATUSES, 'confirmed'), list: undefined },
  showOnSiteField('Listed under Speakers on the public site: name, title, bio and photo, never contact details.'),
  ...recordFields,
] as const satisfies readonly FieldSpec[];

const speakerCreateSchema = schemaOf(fields);

/** Speakers: the guest fields plus title and bio. */
export const speakerDescription = describeResource<typeof speakers>()({
  name: 'speakers',
  singular: 'speaker',
  staff: 'check-in',
  sortKeys: ['fullName', 'title', 'status', 'createdAt'],
  image: { formField: 'profileImage', column: 'profileImageKey', urlField: 'profileImageUrl', label: 'Profile Image' },
  fields,
  order: {
    form: ['fullName', 'email', 'mobileNumber', 'organizationName', 'designation', 'title', 'address', 'city', 'state', 'pincode', 'eventId', 'status', 'bio'],
    list: ['fullName', 'title', 'email', 'mobileNumber'],
    csv: ['fullName', 'title', 'email', 'mobileNumber'],
  },
  createSchema: speakerCreateSchema,
  updateSchema: z.partial(speakerCreateSchema),
  importable: true,
  defaultLimit: 20,
});
