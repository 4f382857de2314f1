import * as z from 'zod/mini';
import type { awardNominations } from '../../edge/db/tables/organisations';
import { eventReference, MAX_LONG_TEXT, optionalEmail, optionalMobile, requiredText, text } from '../schemas/fields';
import { bookkeeping, NOMINATION_STATUSES } from '../schemas/organisations';
import { describeResource } from './describe';
import { type FieldSpec, schemaOf } from './fields';
import { statusField } from './people-fields';

/**
 * Every field of a nomination, in the API's order: nothing required but a nominee. The category chooses
 * from the organiser's award categories (Settings), the list the public nomination form offers; older
 * records keep theirs in `awardCategory`, which the list and the export show when `category` is empty.
 */
const fields = [
  {
    name: 'nomineeName',
    label: 'Nominee Name',
    rule: requiredText('Nominee name is required'),
    input: 'text',
    list: { label: 'Nominee', sort: true, priority: 1 },
    csv: { header: 'Nominee' },
  },
  {
    name: 'mobileNumber',
    label: 'Contact Number',
    rule: z.optional(optionalMobile()),
    default: '',
    input: 'tel',
    placeholder: '+91 98765 43210',
    list: { label: 'Contact', fallbackKeys: ['email'], kind: 'phone', priority: 3 },
    csv: { header: 'Contact', format: 'phone' },
  },
  { name: 'email', label: 'Email', rule: z.optional(optionalEmail()), default: '', input: 'email', csv: { header: 'Email' } },
  { name: 'organizationName', label: 'Organization', rule: z.optional(text()), default: '', csv: { header: 'Organization' } },
  { name: 'awardCategory', label: 'Award Category', rule: z.optional(text()), default: '' },
  {
    name: 'category',
    label: 'Category',
    rule: z.optional(text()),
    default: '',
    input: 'text',
    settingsList: 'awardCategories',
    list: { sort: true, fallbackKeys: ['awardCategory'], priority: 2 },
    csv: { header: 'Category', fallbackKey: 'awardCategory' },
  },
  {
    name: 'description',
    label: 'Description',
    rule: z.optional(text(MAX_LONG_TEXT)),
    default: '',
    input: 'textarea',
    full: true,
    csv: { header: 'Description' },
  },
  {
    name: 'achievements',
    label: 'Achievements',
    rule: z.optional(text(MAX_LONG_TEXT)),
    default: '',
    input: 'textarea',
    full: true,
    csv: { header: 'Achievements' },
  },
  { name: 'eventId', label: 'Event', rule: z.optional(eventReference()), input: 'event', marked: true, csv: { header: 'Event', key: 'eventName' } },
  statusField(NOMINATION_STATUSES, 'yet_to_decide'),
  { name: 'nominationStatus', label: 'Nomination Status', rule: z.optional(z.enum(['pending', 'approved', 'rejected'])), default: 'pending' },
  { name: 'notes', label: 'Notes', rule: bookkeeping.notes, default: '' },
  { name: 'priority', label: 'Priority', rule: bookkeeping.priority, default: 'normal' },
  { name: 'tags', label: 'Tags', rule: bookkeeping.tags, default: [] },
  { name: 'createdAt', label: 'Created On', list: { kind: 'date', sort: true, priority: 3 }, csv: { header: 'Created On (IST)', format: 'dateTime' } },
] as const satisfies readonly FieldSpec[];

const nominationCreateSchema = schemaOf(fields);

/** Award nominations (`/api/awards`): nothing required but a nominee; new ones are `yet_to_decide`. */
export const nominationDescription = describeResource<typeof awardNominations>()({
  name: 'awards',
  singular: 'nomination',
  sortKeys: ['nomineeName', 'category', 'status', 'createdAt'],
  fields,
  order: { form: ['nomineeName', 'category', 'mobileNumber', 'email', 'eventId', 'status', 'description', 'achievements'] },
  createSchema: nominationCreateSchema,
  updateSchema: z.partial(nominationCreateSchema),
  defaultLimit: 20,
});
