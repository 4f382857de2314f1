import * as z from 'zod/mini';
import type { visitors } from '../../edge/db/tables/people';
import { answersRule } from '../schemas/questions';
import { describeResource } from './describe';
import { type FieldSpec, schemaOf } from './fields';
import { VISITOR_STATUSES } from './kinds';
import { PERSON_LEAD, personFields, recordFields, statusField, workingProfessionalField } from './people-fields';

/** Every field of a visitor: the person's (e-mail optional), a profession ('Others' unless chosen) and a status. */
const fields = [
  ...personFields(false),
  workingProfessionalField('Others'),
  statusField(VISITOR_STATUSES, 'registered_online'),
  {
    // The event's registration questions (../registration-questions.ts): the public form asks its event's, the
    // list shows and filters them, the export and the import have a column per question. Not in the panel's form.
    name: 'answers',
    label: 'Answers',
    rule: z.optional(answersRule),
    list: { kind: 'answers', priority: 3 },
    csv: { header: 'Answers', format: 'answers' },
  },
  ...recordFields,
] as const satisfies readonly FieldSpec[];

const visitorCreateSchema = schemaOf(fields);

/** Visitors: registered on the public site or by an admin; the venue door checks them in. */
export const visitorDescription = describeResource<typeof visitors>()({
  name: 'visitors',
  singular: 'visitor',
  staff: 'check-in',
  sortKeys: ['fullName', 'status', 'createdAt'],
  fields,
  order: {
    form: [...PERSON_LEAD, 'organizationName', 'designation', 'workingProfessional'],
    list: PERSON_LEAD,
    csv: [...PERSON_LEAD, 'organizationName', 'workingProfessional'],
  },
  createSchema: visitorCreateSchema,
  updateSchema: z.partial(visitorCreateSchema),
  importable: true,
  defaultLimit: 20,
});
