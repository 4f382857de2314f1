import * as z from 'zod/mini';
import type { vipAwardees } from '../../edge/db/tables/people';
import { eventReference, mobile, requiredText, statusOf } from '../schemas/fields';
import { describeResource } from './describe';
import { type FieldSpec, schemaOf } from './fields';
import { VIP_STATUSES } from './kinds';
import { PERSON_LEAD, personFields, recordFields, statusField, workingProfessionalField } from './people-fields';

/**
 * Awardees' statuses arrive in older spellings ("Not Confirmed", "checked-in", "pending"): spaces and
 * hyphens become underscores, and pending, unknown or empty become `not_confirmed`, before checking.
 */
export function normaliseVipStatus(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const status = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (VIP_STATUSES as readonly string[]).includes(status) ? status : 'not_confirmed';
}

/** Event, name, phone and city are required, all with the one message. */
const VIP_REQUIRED = 'Please fill in all required fields';

/** The person's fields as an awardee has them: event, name, phone and city required; organisation and designation listed. */
const AWARDEE_PERSON: { readonly [name: string]: Partial<FieldSpec> } = {
  fullName: { rule: requiredText(VIP_REQUIRED) },
  mobileNumber: { rule: mobile(VIP_REQUIRED) },
  city: { rule: requiredText(VIP_REQUIRED), required: true },
  eventId: {
    rule: z.pipe(eventReference(), z.string().check(z.minLength(1, { error: VIP_REQUIRED }))),
    required: true,
    marked: false,
    list: { kind: 'event', priority: 2, key: 'eventName' },
  },
  organizationName: { list: { sort: true, priority: 3 } },
  designation: { list: { priority: 3 } },
};

/** Every field of a VIP awardee: the person's (above), a profession ('Working Professional' unless chosen) and a status in older spellings read. */
const fields = [
  ...personFields(true).map((field) => ({ ...field, ...AWARDEE_PERSON[field.name] }) as typeof field),
  // The export has no profession column for awardees.
  { ...workingProfessionalField('Working Professional'), csv: undefined },
  { ...statusField(VIP_STATUSES, 'confirmed'), rule: z.optional(z.pipe(z.transform(normaliseVipStatus), statusOf(VIP_STATUSES))) },
  ...recordFields,
] as const satisfies readonly FieldSpec[];

const vipAwardeeCreateSchema = schemaOf(fields);

/** VIP awardees (`/api/awardeesvip`): event, name, phone and city required; statuses in older spellings are read. */
export const vipAwardeeDescription = describeResource<typeof vipAwardees>()({
  name: 'awardeesvip',
  singular: 'awardee',
  staff: 'check-in',
  sortKeys: ['fullName', 'organizationName', 'status', 'createdAt'],
  image: { formField: 'profileImage', column: 'profileImageKey', urlField: 'profileImageUrl', label: 'Profile Image' },
  fields,
  order: {
    form: [
      'eventId',
      'fullName',
      'email',
      'mobileNumber',
      'city',
      'organizationName',
      'designation',
      'workingProfessional',
      'state',
      'pincode',
      'address',
      'status',
    ],
    list: [...PERSON_LEAD, 'organizationName', 'designation', 'status', 'eventId'],
    csv: PERSON_LEAD,
  },
  createSchema: vipAwardeeCreateSchema,
  updateSchema: z.partial(vipAwardeeCreateSchema),
  importable: true,
  defaultLimit: 20,
});
