import * as z from 'zod/mini';
import type { sponsors } from '../../edge/db/tables/organisations';
import { amount, eventReference, optionalEmail, optionalMobile, text } from '../schemas/fields';
import { address, bookkeeping, PAYMENT_STATUSES, SPONSOR_STATUSES } from '../schemas/organisations';
import { describeResource } from './describe';
import { type FieldSpec, schemaOf } from './fields';
import { showOnSiteField, statusField } from './people-fields';

const SPONSOR_NAME_REQUIRED = 'Enter the sponsor or company name';

/**
 * Every field of a sponsor, in the API's order: nothing is required but a numeric amount (and a name of
 * some kind, checked below); a corporate sponsor in Delhi, bronze, unpaid unless given. The balance is the
 * server's (amount less paid). The panel's form edits them under its own names (its module there maps them).
 */
const fields = [
  { name: 'organizationName', label: 'Company', rule: z.optional(text()), list: { sort: true, priority: 1 }, csv: { header: 'Company' } },
  {
    name: 'contactPersonName',
    label: 'Contact Person',
    rule: z.optional(text()),
    list: { sort: true, priority: 2 },
    csv: { header: 'Contact Person' },
  },
  { name: 'organizationType', label: 'Organization Type', rule: z.optional(text(60)), default: 'corporate' },
  { name: 'industryType', label: 'Industry', rule: z.optional(text(100)), default: '' },
  { name: 'website', label: 'Website', rule: z.optional(text(300)), default: '' },
  { name: 'designation', label: 'Designation', rule: z.optional(text()), default: '' },
  { name: 'email', label: 'Email', rule: z.optional(optionalEmail()), default: '', csv: { header: 'Email' } },
  { name: 'mobileNumber', label: 'Phone', rule: z.optional(optionalMobile()), default: '', csv: { header: 'Phone', format: 'phone' } },
  { name: 'alternatePhone', label: 'Alternate Phone', rule: z.optional(optionalMobile()), default: '' },
  { name: 'eventId', label: 'Event', rule: z.optional(eventReference()), csv: { header: 'Event', key: 'eventName' } },
  { name: 'sponsorshipTier', label: 'Tier', rule: z.optional(text(60)), default: 'bronze', list: { sort: true, priority: 2 }, csv: { header: 'Tier' } },
  {
    name: 'sponsorshipAmount',
    label: 'Amount',
    rule: z.optional(amount('Amount')),
    list: { kind: 'money', sort: true, priority: 3 },
    csv: { header: 'Amount (INR)' },
  },
  { name: 'amountPaid', label: 'Amount Paid', rule: z.optional(amount('Amount paid')), csv: { header: 'Paid (INR)' } },
  { name: 'paymentStatus', label: 'Payment', rule: z.optional(z.enum(PAYMENT_STATUSES)), default: 'unpaid' },
  statusField(SPONSOR_STATUSES, 'yet_to_confirm'),
  showOnSiteField('Listed under Sponsors on the public site: company name and sponsorship type only.'),
  { name: 'address', label: 'Address', rule: address.address, default: '' },
  { name: 'city', label: 'City', rule: address.city, default: 'Delhi' },
  { name: 'state', label: 'State', rule: address.state, default: '' },
  { name: 'pincode', label: 'Pincode', rule: address.pincode, default: '' },
  { name: 'notes', label: 'Notes', rule: bookkeeping.notes, default: '' },
  { name: 'priority', label: 'Priority', rule: bookkeeping.priority, default: 'normal' },
  { name: 'tags', label: 'Tags', rule: bookkeeping.tags, default: [] },
  { name: 'balanceAmount', label: 'Balance', csv: { header: 'Balance (INR)' } },
  { name: 'createdAt', label: 'Created On', list: { kind: 'date', sort: true, priority: 3 }, csv: { header: 'Created On (IST)', format: 'dateTime' } },
] as const satisfies readonly FieldSpec[];

const sponsorCreateSchema = schemaOf(fields);

/** Sponsors: a sponsor needs a name of some kind (the organisation falls back to the contact person and back). */
export const sponsorDescription = describeResource<typeof sponsors>()({
  name: 'sponsors',
  singular: 'sponsor',
  sortKeys: ['organizationName', 'contactPersonName', 'sponsorshipTier', 'sponsorshipAmount', 'status', 'createdAt'],
  fields,
  order: {
    list: ['contactPersonName', 'organizationName', 'sponsorshipTier', 'sponsorshipAmount', 'status'],
    csv: [
      'contactPersonName',
      'organizationName',
      'sponsorshipTier',
      'sponsorshipAmount',
      'amountPaid',
      'balanceAmount',
      'email',
      'mobileNumber',
      'eventId',
      'status',
    ],
  },
  createSchema: sponsorCreateSchema.check(
    z.refine((v) => Boolean(v.organizationName || v.contactPersonName), { error: SPONSOR_NAME_REQUIRED, path: ['organizationName'] }),
  ),
  updateSchema: z.partial(sponsorCreateSchema),
  importable: true,
  defaultLimit: 20,
});
