import * as z from 'zod/mini';
import type { enquiries } from '../../edge/db/tables/organisations';
import { MAX_LONG_TEXT, mobile, optionalEmail, requiredText, statusOf, text } from '../schemas/fields';
import { ENQUIRY_STATUSES } from '../schemas/organisations';
import { describeResource } from './describe';
import { type FieldSpec, schemaOf } from './fields';

/**
 * Every field of an enquiry, in the API's order. The public site creates them, so each rule is the update's
 * (all optional) and nothing has a default; the panel has no form for them, only the list and its status
 * moves. Enquiries of the older site answer `phone`, newer ones `mobileNumber`: the list reads either.
 */
const fields = [
  { name: 'name', label: 'Name', rule: z.optional(requiredText('Name is required')), list: { sort: true, priority: 1 }, csv: { header: 'Name' } },
  { name: 'email', label: 'Email', rule: z.optional(optionalEmail()), list: { priority: 3 }, csv: { header: 'Email' } },
  {
    name: 'mobileNumber',
    label: 'Phone',
    rule: z.optional(mobile('Phone number is required')),
    list: { key: 'phone', fallbackKeys: ['mobileNumber'], kind: 'phone', priority: 2 },
    csv: { header: 'Phone', format: 'phone' },
  },
  { name: 'organization', label: 'Organization', rule: z.optional(text()), list: { priority: 3 }, csv: { header: 'Organization' } },
  {
    name: 'subscriptionType',
    label: 'Subscription',
    rule: z.optional(text(100)),
    list: { sort: true, priority: 2 },
    csv: { header: 'Subscription' },
  },
  { name: 'notes', label: 'Notes', rule: z.optional(text(MAX_LONG_TEXT)), csv: { header: 'Notes' } },
  {
    name: 'status',
    label: 'Status',
    rule: z.optional(statusOf(ENQUIRY_STATUSES)),
    // A new enquiry (from the public site) is `new`; the statuses and the default are not form inputs here.
    default: 'new',
    options: ENQUIRY_STATUSES,
    list: { kind: 'status', sort: true, priority: 1 },
    csv: { header: 'Status', format: 'status' },
  },
  { name: 'createdAt', label: 'Created On', list: { kind: 'date', sort: true, priority: 3 }, csv: { header: 'Created On (IST)', format: 'dateTime' } },
] as const satisfies readonly FieldSpec[];

/** Enquiries: created by the public site only (no admin create); the panel edits them and moves them along. */
export const enquiryDescription = describeResource<typeof enquiries>()({
  name: 'enquiries',
  singular: 'enquiry',
  sortKeys: ['name', 'status', 'subscriptionType', 'createdAt'],
  fields,
  order: { csv: ['name', 'email', 'mobileNumber', 'organization', 'subscriptionType', 'status'] },
  createSchema: undefined,
  updateSchema: schemaOf(fields),
  defaultLimit: 20,
});
