import * as z from 'zod/mini';
import { mobile, text } from './fields';
import { VIP_STATUSES, VISITOR_STATUSES } from './people';

/**
 * The venue door's sync protocol (docs/checkin-sync.md). Shared with the PWA's check-in feature.
 * A roster entry's `kind` is the resource it comes from; stall and sponsor entries are their contact
 * people, whose door status is kept apart from the booking's status.
 */
export const ROSTER_KINDS = ['visitors', 'guests', 'speakers', 'awardeesvip', 'stalls', 'sponsors'] as const;
export type RosterKind = (typeof ROSTER_KINDS)[number];

/** The statuses the door may set, per kind. */
export const DOOR_STATUSES: Record<RosterKind, readonly string[]> = {
  visitors: VISITOR_STATUSES,
  guests: VIP_STATUSES,
  speakers: VIP_STATUSES,
  awardeesvip: VIP_STATUSES,
  stalls: VIP_STATUSES,
  sponsors: VIP_STATUSES,
};

/** The one big action of a person card, in order (issue: venue check-in). */
export const DOOR_FLOW: Record<RosterKind, readonly string[]> = {
  visitors: ['registered_at_venue', 'checked_in', 'not_visited'],
  guests: ['reached', 'checked_in', 'exited_ramp', 'left_venue'],
  speakers: ['reached', 'checked_in', 'exited_ramp', 'left_venue'],
  awardeesvip: ['reached', 'checked_in', 'exited_ramp', 'left_venue'],
  stalls: ['reached', 'checked_in', 'exited_ramp', 'left_venue'],
  sponsors: ['reached', 'checked_in', 'exited_ramp', 'left_venue'],
};

export const MAX_OPERATIONS_PER_BATCH = 500;
export const ROSTER_PAGE_MAX = 2000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoTime = z.string().check(
  z.maxLength(40),
  z.refine((v) => !Number.isNaN(Date.parse(v)), { error: 'deviceTime must be an ISO date-time' }),
);

export const rosterQuerySchema = z.object({
  eventId: z.string({ error: 'eventId is required' }).check(z.trim(), z.minLength(1, { error: 'eventId is required' }), z.maxLength(100)),
  since: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(ROSTER_PAGE_MAX)), 1000),
});

export const checkinOperationSchema = z.object({
  /** Made by the device (UUID v7): the operation is applied once by this id. */
  id: z.string().check(z.regex(UUID, { error: 'id must be a UUID' })),
  deviceId: z.string().check(z.trim(), z.minLength(1, { error: 'deviceId is required' }), z.maxLength(100)),
  kind: z.enum(ROSTER_KINDS),
  recordId: z.string().check(z.minLength(1), z.maxLength(100)),
  /** The status the device saw before the change ('' when none). */
  fromStatus: z.optional(z.nullable(z.string().check(z.maxLength(60)))),
  toStatus: z.string().check(z.minLength(1, { error: 'toStatus is required' }), z.maxLength(60)),
  /** The device's clock when staff made the change: it decides which of two changes wins. */
  deviceTime: isoTime,
  note: z.optional(text(500)),
});
export type CheckinOperation = z.infer<typeof checkinOperationSchema>;

export const checkinBatchSchema = z.object({
  operations: z.array(checkinOperationSchema).check(
    z.minLength(1, { error: 'Send at least one operation' }),
    z.maxLength(MAX_OPERATIONS_PER_BATCH, { error: `At most ${MAX_OPERATIONS_PER_BATCH} operations per batch` }),
  ),
});

/** A visitor registered at the desk, possibly while offline: the device makes the id, so a resend is harmless. */
export const walkInSchema = z.object({
  id: z.string().check(z.regex(UUID, { error: 'id must be a UUID' })),
  eventId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  fullName: z.string({ error: 'Full name is required' }).check(z.trim(), z.minLength(1, { error: 'Full name is required' }), z.maxLength(200)),
  mobileNumber: mobile('Phone number is required'),
  organizationName: z.optional(text()),
  city: z.optional(text()),
  deviceId: z.optional(text(100)),
});

/** A device's word on its outbox, sent with every sync: the live counts show waiting operations apart. */
export const deviceReportSchema = z.object({
  deviceId: z.string().check(z.trim(), z.minLength(1, { error: 'deviceId is required' }), z.maxLength(100)),
  eventId: z.string().check(z.trim(), z.minLength(1, { error: 'eventId is required' }), z.maxLength(100)),
  waiting: z.number().check(z.int(), z.gte(0), z.lte(1_000_000)),
});

export const eventQuerySchema = z.object({
  eventId: z.string({ error: 'eventId is required' }).check(z.trim(), z.minLength(1, { error: 'eventId is required' }), z.maxLength(100)),
});
