// The shapes of the check-in tables of the `eventpro` database (version 2, see db.ts). Types only:
// importing this file loads no code, so db.ts (used by the public site) stays small.
import type { CheckinOperation, RosterKind } from '@edge/schemas/checkin';
import type { LeadOperation } from '@edge/schemas/exhibitor-leads';

export type { CheckinOperation, LeadOperation, RosterKind };

/** One person of an event's roster, as the device keeps it (the server's roster entry + local bookkeeping). */
export interface RosterPerson {
  eventId: string;
  kind: RosterKind;
  id: string;
  name: string;
  mobile: string;
  organisation: string;
  passCode: string;
  status: string;
  statusChangedAt: string | null;
  statusChangedBy: string | null;
  statusDeviceId: string | null;
  /**
   * The status change that set `status` as this device knows it (the server's, or this device's own
   * change still on its way): the base of the next change made here (docs/checkin-sync.md).
   */
  statusOperationId: string | null;
  /** The server's roster version of this row; 0 for a walk-in the server has not confirmed yet. */
  version: number;
  /** Pass codes of this person's registrations merged into this one: the door admits them as this person's. */
  aliases?: string[];
  /**
   * Only on a person's own record (`rosterPeople`): taken off the roster since the first download, so the
   * download's copy (`rosterChunks`) no longer counts.
   */
  removed?: true;
}

/**
 * One page of an event's first roster download, stored as one record (`rosterChunks`). IndexedDB's cost
 * is per record: 50,000 people as 25 records store in a twentieth of the time of 50,000 records. A
 * person's own record in `rosterPeople` (any change after their page arrived) takes precedence.
 */
export interface RosterChunk {
  eventId: string;
  /** The roster cursor at the end of this page: chunks apply in this order. */
  cursor: number;
  people: RosterPerson[];
}

/** How far an event's roster has been downloaded: `cursor` is the last version stored. */
export interface RosterCursor {
  eventId: string;
  cursor: number;
  /** The first full download finished (later pulls are deltas). */
  complete: boolean;
  updatedAt: string;
}

/** A walk-in registration made at the desk, waiting for `POST /api/checkin/walk-ins`. */
export interface WalkInDraft {
  id: string;
  eventId: string;
  fullName: string;
  mobileNumber: string;
  organizationName?: string;
  city?: string;
  /** The device's clock when staff registered the person. */
  deviceTime: string;
  /**
   * The pass code the server issued when it took the walk-in (kept in the delivered journal): sent again
   * with it after a restore of the server's database, so the person's pass stays theirs.
   */
  passCode?: string;
}

/** Who made a change on this device: the server credits it through this user's author ticket. */
export interface OutboxAuthor {
  userId: string;
  name: string;
}

type OutboxState = 'waiting' | 'sending' | 'refused';

/**
 * Which engine sends an entry: the door's (status operations and walk-ins, `/api/checkin`) or an exhibitor
 * phone's lead lane (lead operations, `/api/exhibitor`, issue 32). One outbox, one engine class; each
 * engine sends its own lane's entries only.
 */
export type OutboxLane = 'door' | 'leads';

/** A change waiting for the server, in creation order (`seq`). */
export interface CheckinOutboxEntry {
  seq?: number;
  /** The operation's id (UUID v7) or the walk-in's id. */
  id: string;
  eventId: string;
  type: 'op' | 'walk-in' | 'lead';
  op?: CheckinOperation;
  walkIn?: WalkInDraft;
  /** A lead operation of an exhibitor's phone (a scan carries the scanned pass code, nothing else of the person). */
  lead?: LeadOperation;
  /** For the sync bar's list: whom the change is about. */
  label: string;
  /** Who made the change on this device (shown as "changed by" until the server answers). */
  by?: string;
  /** The user who queued it; their author ticket goes with it, whoever is logged in when it is sent. */
  author?: OutboxAuthor;
  /** This device's id when the change was made (shown as the change's device until the server answers). */
  deviceId?: string;
  state: OutboxState;
  reason?: string;
  attempts: number;
  createdAt: string;
}

/** An author ticket this device holds for a user (`POST /api/checkin/device`). */
export interface AuthorTicket {
  userId: string;
  name: string;
  ticket: string;
  expiresAt: string;
  /**
   * The key this device MACs what it sends under the ticket with (@edge/auth/device-signature), issued with it:
   * imported with `extractable: false`, so it cannot be read out of IndexedDB.
   */
  macKey: CryptoKey;
}

export interface DeviceInfo {
  key: 'device';
  id: string;
  createdAt: string;
  /** Proves this device to the server (registered with the id on first sign-in); never leaves the device otherwise. */
  secret?: string;
  /** The name staff gave this device ("Gate 2 tablet"), shown in the history and the conflict inbox. */
  name?: string;
  /** Author tickets by user id: the signed-in user's, and those of earlier users with changes still waiting. */
  tickets?: Record<string, AuthorTicket>;
  /**
   * The device this browser was before its data was wiped, with the last author ticket it held (device-record.ts
   * keeps them outside IndexedDB): named at the next sign-in, which retires it (decision 086), then dropped.
   */
  replaces?: { deviceId: string; author: string };
  /**
   * The generation of the server's database this device's roster and delivered changes belong to (its
   * roster and `/ops` answers carry it): another one means the server's data was restored under the device.
   */
  generation?: string;
}
