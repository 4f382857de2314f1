// The app's IndexedDB database (Dexie), loaded on demand: nothing on the first paint of Home imports it.
//
// Version history (never edit a published version's stores; add a new `version(n)` instead):
// - 1: public submissions waiting for the network (`publicOutbox`) and saved entry passes (`passes`).
// - 2: the venue check-in (types in ./checkin-types.ts): the event's roster (`rosterPeople`), how far
//   each event's roster has been downloaded (`rosterCursors`), the operations waiting for the server
//   (`checkinOutbox`, in creation order by `seq`) and this device's id (`deviceInfo`).
// - 3: the first roster download of an event as a few large records (`rosterChunks`); `rosterPeople`
//   then holds only the people changed since (see checkin-store.ts).
import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import type { CheckinOutboxEntry, DeviceInfo, RosterChunk, RosterCursor, RosterPerson } from './checkin-types';

/** Which public endpoint a submission goes to. */
export type PublicEndpoint =
  | '/api/visitors/register'
  | '/api/stalls/register'
  | '/api/awards/register'
  | '/api/sponsors/register'
  | '/api/enquiries';

/** A public registration or enquiry kept on the device until the server has it. */
export interface OutboxEntry {
  /** The submission's `uniqueSubmissionId`: the server answers a repeat with the first record. */
  id: string;
  endpoint: PublicEndpoint;
  body: Record<string, unknown>;
  /** What the person sees in the waiting list. */
  name: string;
  typeLabel: string;
  createdAt: string;
  attempts: number;
  lastError?: string;
}

/** An entry pass, kept so it opens offline at the venue. */
export interface SavedPass {
  passCode: string;
  name: string;
  typeLabel: string;
  eventName: string;
  recordId: string;
  savedAt: string;
  /** The event's start and end (ISO, UTC), venue and city: absent on passes saved before they were kept. */
  startDateTime?: string;
  endDateTime?: string;
  venue?: string;
  city?: string;
  /** The pass link's token (`/p/<token>`) when the pass was opened by its link. */
  linkToken?: string;
}

export class EventProDatabase extends Dexie {
  publicOutbox!: EntityTable<OutboxEntry, 'id'>;
  passes!: EntityTable<SavedPass, 'passCode'>;
  rosterPeople!: Dexie.Table<RosterPerson, [string, string, string]>;
  rosterChunks!: Dexie.Table<RosterChunk, [string, number]>;
  rosterCursors!: EntityTable<RosterCursor, 'eventId'>;
  checkinOutbox!: EntityTable<CheckinOutboxEntry, 'seq'>;
  deviceInfo!: EntityTable<DeviceInfo, 'key'>;

  /** `options`: the check-in opens its own connection with strict durability (see checkin-store.ts). */
  constructor(name = 'eventpro', options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      publicOutbox: '&id, createdAt',
      passes: '&passCode, savedAt',
    });
    this.version(2).stores({
      rosterPeople: '[eventId+kind+id]',
      rosterCursors: '&eventId',
      checkinOutbox: '++seq, &id, eventId, state',
      deviceInfo: '&key',
    });
    this.version(3).stores({
      rosterChunks: '[eventId+cursor]',
    });
  }
}

let shared: EventProDatabase | undefined;

/** The one database of this page. */
export function database(): EventProDatabase {
  shared ??= new EventProDatabase();
  return shared;
}
