import * as z from 'zod/mini';
import { eventReference, MAX_LONG_TEXT, mobile, optionalEmail, requiredText, showOnSite, statusOf, stringList, text } from '../schemas/fields';
import { WORKING_PROFESSIONAL_CHOICES } from '../schemas/vocabulary';
import type { FieldSpec } from './fields';

/** A required mobile number, as every person and stall contact has it; its list column's priority is the list's. */
export const mobileField = <const Priority extends 1 | 2 | 3>(priority: Priority) =>
  ({
    name: 'mobileNumber',
    label: 'Phone',
    rule: mobile('Phone number is required'),
    input: 'tel',
    required: true,
    placeholder: '+91 98765 43210',
    list: { kind: 'phone', priority },
    csv: { header: 'Phone', format: 'phone' },
  }) as const satisfies FieldSpec;

/**
 * The fields every person has (visitors, guests, speakers, VIP awardees), in the API's order, and the
 * fields every record has. A resource adds its own and orders its views (its module in this folder).
 */
export const personFields = <const EmailRequired extends boolean>(emailRequired: EmailRequired) =>
  [
    {
      name: 'fullName',
      label: 'Full Name',
      rule: requiredText('Full name is required'),
      input: 'text',
      required: true,
      list: { label: 'Name', sort: true, priority: 1 },
      csv: { header: 'Name' },
    },
    mobileField(2),
    {
      name: 'email',
      label: 'Email',
      rule: z.optional(optionalEmail()),
      default: '',
      input: 'email',
      required: emailRequired,
      list: { priority: 3 },
      csv: { header: 'Email' },
    },
    { name: 'organizationName', label: 'Organization', rule: z.optional(text()), default: '', input: 'text', csv: { header: 'Organization' } },
    { name: 'designation', label: 'Designation', rule: z.optional(text()), default: '', input: 'text', csv: { header: 'Designation' } },
    { name: 'address', label: 'Address', rule: z.optional(text(500)), default: '', input: 'textarea', full: true },
    { name: 'city', label: 'City', rule: z.optional(text()), default: '', input: 'text', csv: { header: 'City' } },
    { name: 'state', label: 'State', rule: z.optional(text()), default: '', input: 'text', csv: { header: 'State' } },
    { name: 'pincode', label: 'Pincode', rule: z.optional(text(12)), default: '', input: 'text' },
    { name: 'eventId', label: 'Event', rule: z.optional(eventReference()), input: 'event', marked: true, csv: { header: 'Event', key: 'eventName' } },
    { name: 'notes', label: 'Notes', rule: z.optional(text(MAX_LONG_TEXT)), default: '' },
    { name: 'priority', label: 'Priority', rule: z.optional(z.enum(['low', 'normal', 'high', 'urgent'])), default: 'normal' },
    { name: 'tags', label: 'Tags', rule: z.optional(stringList()), default: [] },
  ] as const satisfies readonly FieldSpec[];

/** A resource's status: a select of its statuses, its default status preselected; in the list and the export in words. */
export const statusField = <const S extends readonly [string, ...string[]]>(statuses: S, defaultStatus: S[number]) =>
  ({
    name: 'status',
    label: 'Status',
    rule: z.optional(statusOf(statuses)),
    default: defaultStatus,
    input: 'select',
    options: statuses,
    list: { kind: 'status', sort: true, priority: 1 },
    csv: { header: 'Status', format: 'status' },
  }) as const satisfies FieldSpec;

/** "Show on site": the public site lists this record (speakers, the jury's guests, sponsors). */
export const showOnSiteField = (hint: string) =>
  ({ name: 'showOnSite', label: 'Show on site', rule: showOnSite, input: 'checkbox', hint, full: true }) as const satisfies FieldSpec;

/** A person's name and contacts lead the form, the list and the export: name, e-mail, phone. */
export const PERSON_LEAD = ['fullName', 'email', 'mobileNumber'] as const;

/** Working professional, business or others: a visitor's or an awardee's profession ("Professional Type" in the export). */
export const workingProfessionalField = <const D extends (typeof WORKING_PROFESSIONAL_CHOICES)[number]>(defaultValue: D) =>
  ({
    name: 'workingProfessional',
    label: 'Working Professional',
    rule: z.optional(z.enum(WORKING_PROFESSIONAL_CHOICES)),
    default: defaultValue,
    input: 'select',
    options: WORKING_PROFESSIONAL_CHOICES,
    csv: { header: 'Professional Type' },
  }) as const satisfies FieldSpec;

/** What every record with a pass has: its pass code and creation time, in the list and the export. */
export const recordFields = [
  { name: 'passCode', label: 'Pass code', csv: { header: 'Pass code' } },
  { name: 'createdAt', label: 'Created On', list: { kind: 'date', sort: true, priority: 3 }, csv: { header: 'Created On (IST)', format: 'dateTime' } },
] as const satisfies readonly FieldSpec[];
