import * as z from 'zod/mini';
import { mobile, text } from '../../shared/schemas/fields';
import { byDoorKind, DOOR_KINDS, type DoorKind, doorOf, isDoorKind } from '../../shared/resources/kinds';

/**
 * The venue door's sync protocol (docs/checkin-sync.md). Shared with the PWA's check-in feature.
 * A roster entry's `kind` is the resource it comes from; stall and sponsor entries are their contact
 * people, whose door status is kept apart from the booking's status. The kinds, their statuses, flow and
 * holds are the registry's (shared/resources/kinds.ts).
 */
export const ROSTER_KINDS = DOOR_KINDS;
export type RosterKind = DoorKind;

/** The statuses the door may set, per kind. */
export const DOOR_STATUSES: Record<RosterKind, readonly string[]> = byDoorKind((kind) => doorOf(kind).statuses);

/**
 * Organisers' holds, per kind: statuses that say "do not admit on this pass". The one definition both sides
 * read: the door refuses these passes on the device (features/checkin/flow.ts), and the server's status
 * engine keeps them against late or concurrent door changes (lib/status-engine.ts). Only organisers
 * (admins) set or lift a hold; a staff member's change into or out of one waits in the conflict inbox.
 */
export const DOOR_HOLDS: Record<RosterKind, readonly string[]> = byDoorKind((kind) => doorOf(kind).holds);

/** Whether `status` is an organiser's hold for `kind` (false for a kind that is not the door's). */
export function isDoorHold(kind: string, status: string | null | undefined): boolean {
  return status != null && isDoorKind(kind) && DOOR_HOLDS[kind].includes(status);
}

/** The one big action of a person card at the venue door: the next status in this order. */
export const DOOR_FLOW: Record<RosterKind, readonly string[]> = byDoorKind((kind) => doorOf(kind).flow);

const MAX_OPERATIONS_PER_BATCH = 500;
const ROSTER_PAGE_MAX = 2000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuid = (what: string) => z.string({ error: `${what} is required` }).check(z.regex(UUID, { error: `${what} must be a UUID` }));

/**
 * A full ISO 8601 date-time with its zone (`2026-10-18T09:30:00.000Z`, `…+05:30`): a device's clock
 * reading. Anything looser ("1", "2026") is refused rather than guessed at.
 */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
export const isoTime = (what: string) =>
  z.string({ error: `${what} is required` }).check(
    z.maxLength(40),
    z.refine((v) => ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)), { error: `${what} must be an ISO 8601 date-time with a time zone` }),
  );

/** The id the panel's own changes carry; a device may not claim it. */
const RESERVED_DEVICE_IDS = ['panel'];
const deviceIdField = z.string({ error: 'deviceId is required' }).check(
  z.trim(),
  z.minLength(1, { error: 'deviceId is required' }),
  z.maxLength(100),
  z.refine((v) => !RESERVED_DEVICE_IDS.includes(v.toLowerCase()), { error: 'This device id is reserved' }),
);
const eventIdField = z.string({ error: 'eventId is required' }).check(z.trim(), z.minLength(1, { error: 'eventId is required' }), z.maxLength(100));

export const rosterQuerySchema = z.object({
  eventId: eventIdField,
  since: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(ROSTER_PAGE_MAX)), 1000),
  /** The asking device, proved by its signature (routes/checkin.ts `unsignedPull`): a revoked one is answered 403 and wipes its copy. */
  deviceId: deviceIdField,
});

/** The app's build a device runs (its service worker's version), shown on the Devices screen. */
const appVersionField = z.optional(z.string().check(z.trim(), z.maxLength(40)));

/**
 * `POST /api/checkin/device`: signs this device in for the logged-in user. The first call registers the
 * device id with the hash of a secret only the device keeps; later calls must prove the same secret, so
 * no other session can speak for the device. Answers the author ticket the device attaches to what it
 * queues, so changes are credited to whoever made them, even when sent after another login, and the key it
 * MACs its requests with under that ticket (auth/device-signature.ts).
 */
export const deviceSignInSchema = z.object({
  id: deviceIdField,
  secret: z.string({ error: 'secret is required' }).check(z.minLength(32, { error: 'secret must be at least 32 characters' }), z.maxLength(200)),
  name: z._default(text(60), ''),
  eventId: z.optional(z.string().check(z.maxLength(100))),
  appVersion: appVersionField,
  /**
   * The device this browser was before its data was wiped, with the author ticket it last held there (kept
   * outside IndexedDB): that device is marked replaced by this one when the ticket is the signed-in user's
   * (decision 086).
   */
  replaces: z.optional(
    z.object({
      deviceId: deviceIdField,
      author: z.string({ error: 'replaces.author is required' }).check(z.minLength(1, { error: 'replaces.author is required' }), z.maxLength(2000)),
    }),
  ),
});

/** The device and the author of a batch, as the device states them; the server checks both through the ticket. */
export const sender = {
  deviceId: deviceIdField,
  /** The device's name as staff set it ("Gate 2 tablet"). */
  deviceName: z._default(text(60), ''),
  /** The author ticket of the user who queued these changes on this device (from `POST /device`). */
  author: z.string({ error: 'author is required' }).check(z.minLength(1, { error: 'author is required' }), z.maxLength(2000)),
  /** The device's clock when it sent the request: the server measures the device's offset from it. */
  sentAt: isoTime('sentAt'),
};

export const checkinOperationSchema = z.object({
  /** Made by the device (UUID v7): the operation is applied once by this id. */
  id: uuid('id'),
  kind: z.enum(ROSTER_KINDS),
  recordId: z.string().check(z.minLength(1), z.maxLength(100)),
  /** The event the device made the change in: a person since moved to another event is refused. */
  eventId: eventIdField,
  /**
   * The status change the device last saw for this person (`statusOperationId` of its copy; null when the
   * person had none): equal to the server's current change means causally later (lib/status-engine.ts).
   */
  baseOperationId: z.nullable(z.string().check(z.maxLength(100))),
  /** The status the device saw before the change, for the history ('' when none). */
  fromStatus: z.optional(z.nullable(z.string().check(z.maxLength(60)))),
  toStatus: z.string().check(z.minLength(1, { error: 'toStatus is required' }), z.maxLength(60)),
  /** The device's clock when staff made the change: shown and charted (corrected), never compared. */
  deviceTime: isoTime('deviceTime'),
  note: z.optional(text(500)),
});
export type CheckinOperation = z.infer<typeof checkinOperationSchema>;

export const operationList = <Item extends z.core.SomeType>(item: Item) =>
  z
    .array(item)
    .check(
      z.minLength(1, { error: 'Send at least one operation' }),
      z.maxLength(MAX_OPERATIONS_PER_BATCH, { error: `At most ${MAX_OPERATIONS_PER_BATCH} operations per batch` }),
    );
export const checkinBatchSchema = z.object({ ...sender, operations: operationList(checkinOperationSchema) });
/**
 * A device's batch (the door's or a lead phone's) with its operations not yet checked one by one: the server
 * checks those a slice at a time (`validateJsonInChunks`, http/validate.ts).
 */
export const operationBatchEnvelopeSchema = z.object({ ...sender, operations: operationList(z.unknown()) });
export type CheckinBatch = z.infer<typeof checkinBatchSchema>;

/** The person of a walk-in, as the desk's form takes them (the device makes the id). */
export const walkInFieldsSchema = z.object({
  id: uuid('id'),
  eventId: eventIdField,
  fullName: z.string({ error: 'Full name is required' }).check(z.trim(), z.minLength(1, { error: 'Full name is required' }), z.maxLength(200)),
  mobileNumber: mobile('Phone number is required'),
  organizationName: z.optional(text()),
  city: z.optional(text()),
});

/** A visitor registered at the desk, possibly while offline: the device makes the id, so a resend is harmless. */
export const walkInSchema = z.extend(walkInFieldsSchema, {
  ...sender,
  /**
   * The pass code the server issued when it first took this walk-in, sent again by a device re-sending it
   * after a restore of the server's database: the person's pass stays theirs at every gate.
   */
  passCode: z.optional(z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{12}$/, { error: 'passCode is not a pass code' }))),
  /** The device's clock when staff registered the walk-in. */
  deviceTime: isoTime('deviceTime'),
});

/** A device's word on its outbox, sent with every sync: the live counts show waiting operations apart. */
export const deviceReportSchema = z.object({
  deviceId: deviceIdField,
  eventId: eventIdField,
  waiting: z.number().check(z.int(), z.gte(0), z.lte(1_000_000)),
  appVersion: appVersionField,
  /** An author ticket issued to this device: only the device's own sessions may report for it. */
  author: z.string({ error: 'author is required' }).check(z.minLength(1, { error: 'author is required' }), z.maxLength(2000)),
  /**
   * The device's storage is gone (site data cleared under an open page, which still knew its ticket): a new
   * device took its place on the same browser, and this one leaves the live counts (decision 072).
   */
  replaced: z.optional(z.literal(true, { error: 'replaced can only be true' })),
});

/** An organiser's decision on a conflict: keep the current status, or apply the status of one side. */
export const conflictResolutionSchema = z.object({
  decision: z.enum(['keep', 'apply'], { error: 'decision must be keep or apply' }),
  /** With `apply`: the operation whose status becomes the person's status. */
  operationId: z.optional(z.string().check(z.maxLength(100))),
  /** The person's current change as the organiser saw it (the inbox item's `currentOperationId`; null when none). */
  personOperationId: z.nullable(z.string({ error: 'personOperationId is required' }).check(z.maxLength(100))),
  note: z.optional(text(500)),
});

/** The conflict inbox's views: held for a decision, settled by the door's rule, or decided. */
export const CONFLICT_VIEWS = ['decision', 'settled', 'decided'] as const;
export const conflictQuerySchema = z.object({
  eventId: z.optional(z.string().check(z.maxLength(100))),
  view: z._default(z.enum(CONFLICT_VIEWS, { error: `view must be one of: ${CONFLICT_VIEWS.join(', ')}` }), 'decision'),
  deviceId: z.optional(z.string().check(z.maxLength(100))),
  recordId: z.optional(z.string().check(z.maxLength(100))),
  page: z._default(
    z.coerce.number({ error: 'page must be a whole number' }).check(z.int({ error: 'page must be a whole number' }), z.gte(1), z.lte(100_000)),
    1,
  ),
  limit: z._default(
    z.coerce.number({ error: 'limit must be a whole number' }).check(z.int({ error: 'limit must be a whole number' }), z.gte(1), z.lte(100)),
    50,
  ),
});

export const eventQuerySchema = z.object({
  eventId: z.string({ error: 'eventId is required' }).check(z.trim(), z.minLength(1, { error: 'eventId is required' }), z.maxLength(100)),
});
