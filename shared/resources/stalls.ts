import * as z from 'zod/mini';
import type { stalls } from '../../edge/db/tables/organisations';
import { amount, eventReference, MAX_LONG_TEXT, requiredEmail, requiredText, text } from '../schemas/fields';
import { address, bookkeeping, PAYMENT_STATUSES, STALL_STATUSES } from '../schemas/organisations';
import { describeResource } from './describe';
import { type FieldSpec, schemaOf } from './fields';
import { mobileField, statusField } from './people-fields';

const STALL_UNITS = ['feet', 'metres'] as const;

/**
 * Every field of a stall booking: contact name, e-mail and phone required; the place and size (number,
 * type, and width × length in feet or metres) a standard stall of 0 × 0 feet unless given. The API takes
 * the size as one `stallSize` object; the form edits its three columns.
 */
const fields = [
  {
    name: 'companyName',
    label: 'Organization',
    rule: z.optional(text()),
    input: 'text',
    list: { label: 'Company', sort: true, priority: 1 },
    csv: { header: 'Company' },
  },
  {
    name: 'contactPersonName',
    label: 'Name',
    rule: requiredText('Contact person name is required'),
    input: 'text',
    required: true,
    list: { label: 'Contact Person', sort: true, priority: 2 },
    csv: { header: 'Contact Person' },
  },
  mobileField(3),
  { name: 'email', label: 'Email', rule: requiredEmail('Email is required'), input: 'email', required: true, list: { priority: 3 }, csv: { header: 'Email' } },
  { name: 'designation', label: 'Designation', rule: z.optional(text()), default: '', input: 'text', csv: { header: 'Designation' } },
  { name: 'eventId', label: 'Event', rule: z.optional(eventReference()), input: 'event', marked: true, csv: { header: 'Event', key: 'eventName' } },
  { name: 'stallNumber', label: 'Stall Number', rule: z.optional(text(40)), default: '', input: 'text', csv: { header: 'Stall Number' } },
  { name: 'stallType', label: 'Stall Type', rule: z.optional(text(40)), default: 'standard', input: 'text', csv: { header: 'Stall Type' } },
  {
    name: 'stallSize',
    label: 'Stall size',
    rule: z.optional(z.object({ width: z.optional(amount('Stall width')), length: z.optional(amount('Stall length')), unit: z.optional(z.enum(STALL_UNITS)) })),
  },
  { name: 'stallWidth', label: 'Width', default: 0, input: 'number' },
  { name: 'stallLength', label: 'Length', default: 0, input: 'number' },
  { name: 'stallUnit', label: 'Unit', default: 'feet', input: 'select', options: STALL_UNITS },
  {
    name: 'additionalRequirements',
    label: 'Requirements',
    rule: z.optional(text(MAX_LONG_TEXT)),
    default: '',
    input: 'textarea',
    full: true,
    csv: { header: 'Requirements' },
  },
  statusField(STALL_STATUSES, 'pending'),
  { name: 'paymentStatus', label: 'Payment', rule: z.optional(z.enum(PAYMENT_STATUSES)), default: 'unpaid', csv: { header: 'Payment' } },
  { name: 'address', label: 'Address', rule: address.address, default: '' },
  { name: 'city', label: 'City', rule: address.city, default: '' },
  { name: 'state', label: 'State', rule: address.state, default: '' },
  { name: 'pincode', label: 'Pincode', rule: address.pincode, default: '' },
  { name: 'notes', label: 'Notes', rule: bookkeeping.notes, default: '' },
  { name: 'priority', label: 'Priority', rule: bookkeeping.priority, default: 'normal' },
  { name: 'tags', label: 'Tags', rule: bookkeeping.tags, default: [] },
  { name: 'createdAt', label: 'Created On', list: { kind: 'date', sort: true, priority: 3 }, csv: { header: 'Created On (IST)', format: 'dateTime' } },
] as const satisfies readonly FieldSpec[];

const stallCreateSchema = schemaOf(fields);

/** Stall bookings: name, e-mail and phone required; the nested `stallSize` is kept as three columns. */
export const stallDescription = describeResource<typeof stalls>()({
  name: 'stalls',
  singular: 'stall',
  sortKeys: ['companyName', 'contactPersonName', 'status', 'createdAt'],
  inputOnly: ['stallSize'],
  fields,
  order: {
    form: ['contactPersonName', 'companyName', 'email', 'mobileNumber', 'designation', 'eventId', 'status'],
    list: ['contactPersonName', 'companyName', 'email', 'mobileNumber', 'status'],
    csv: [
      'contactPersonName',
      'companyName',
      'email',
      'mobileNumber',
      'designation',
      'stallNumber',
      'stallType',
      'additionalRequirements',
      'eventId',
      'status',
      'paymentStatus',
    ],
  },
  createSchema: stallCreateSchema,
  updateSchema: z.partial(stallCreateSchema),
  importable: true,
  defaultLimit: 20,
});
