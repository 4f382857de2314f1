import * as z from 'zod/mini';
import { questionsRule } from './questions';
import { dateTime, flag, MAX_LONG_TEXT, optionalDateTime, requiredText, statusOf, stringList, text } from './fields';

/** The event form's statuses, types and the messages its rules show. */
export const EVENT_STATUSES = ['draft', 'active', 'completed', 'cancelled'] as const;
export const EVENT_TYPES = ['Exhibition', 'Awards', 'Conference', 'Workshop', 'Other'] as const;
export const EVENT_MESSAGES = {
  required: 'Please fill in all required fields',
  dates: 'Start date and end date are required',
  order: 'End date cannot be before start date',
  registrationOrder: 'Registration cannot close before it opens',
  mapUrl: 'The map link must be a web address (https://…)',
} as const;

/** A link to the venue on a map: a web address, or '' for none. */
const mapLink = z.optional(text(500).check(z.refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: EVENT_MESSAGES.mapUrl })));

const eventFields = {
  eventName: text(),
  state: text(),
  city: text(),
  eventTypes: stringList(10),
  description: z.optional(text(MAX_LONG_TEXT)),
  venue: z.optional(text(300)),
  startDateTime: dateTime(EVENT_MESSAGES.dates),
  endDateTime: dateTime(EVENT_MESSAGES.dates),
  status: z.optional(statusOf(EVENT_STATUSES)),
  isFeatured: z.optional(flag()),
  registrationOpensAt: optionalDateTime(),
  registrationClosesAt: optionalDateTime(),
  address: z.optional(text(500)),
  mapUrl: mapLink,
  openingHours: z.optional(text(200)),
  awardsNightAt: optionalDateTime(),
  registrationQuestions: z.optional(questionsRule),
};

const requiredPresent = (v: { eventName?: string; state?: string; city?: string; eventTypes?: string[] }) =>
  v.eventName !== '' && v.state !== '' && v.city !== '' && (v.eventTypes === undefined || v.eventTypes.length > 0);
const orderedDates = (v: { startDateTime?: string; endDateTime?: string }) => !v.startDateTime || !v.endDateTime || v.endDateTime >= v.startDateTime;
const orderedWindow = (v: { registrationOpensAt?: string | null; registrationClosesAt?: string | null }) =>
  !v.registrationOpensAt || !v.registrationClosesAt || v.registrationClosesAt >= v.registrationOpensAt;
const knownTypes = (v: { eventTypes?: string[] }) => (v.eventTypes ?? []).every((t) => (EVENT_TYPES as readonly string[]).includes(t));

function eventSchema<T extends z.ZodMiniType<Record<string, unknown>>>(base: T) {
  return base.check(
    z.refine((v) => requiredPresent(v as never), { error: EVENT_MESSAGES.required, path: ['eventName'] }),
    z.refine((v) => knownTypes(v as never), { error: `Event types must be among: ${EVENT_TYPES.join(', ')}`, path: ['eventTypes'] }),
    z.refine((v) => orderedDates(v as never), { error: EVENT_MESSAGES.order, path: ['endDateTime'] }),
    z.refine((v) => orderedWindow(v as never), { error: EVENT_MESSAGES.registrationOrder, path: ['registrationClosesAt'] }),
  );
}

export const eventCreateSchema = eventSchema(
  z.object({
    ...eventFields,
    // One line, like every name: it goes into every pass message (WhatsApp refuses a parameter with a line break).
    eventName: requiredText(EVENT_MESSAGES.required),
    eventTypes: z.pipe(stringList(10), z.array(z.string()).check(z.minLength(1, { error: EVENT_MESSAGES.required }))),
    state: z.string({ error: EVENT_MESSAGES.required }).check(z.trim(), z.minLength(1, { error: EVENT_MESSAGES.required }), z.maxLength(200)),
    city: z.string({ error: EVENT_MESSAGES.required }).check(z.trim(), z.minLength(1, { error: EVENT_MESSAGES.required }), z.maxLength(200)),
  }),
);

export const eventUpdateSchema = eventSchema(z.partial(z.object(eventFields)));
