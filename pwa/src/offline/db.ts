// The app's IndexedDB database (Dexie), loaded on demand: nothing on the first paint of Home imports it.
//
// Version history (never edit a published version's stores; add a new `version(n)` instead):
// - 1: public submissions waiting for the network (`publicOutbox`) and saved entry passes (`passes`).
// - 2: the venue check-in (types in ./checkin-types.ts): the event's roster (`rosterPeople`), how far
//   each event's roster has been downloaded (`rosterCursors`), the operations waiting for the server
//   (`checkinOutbox`, in creation order by `seq`) and this device's id (`deviceInfo`).
// - 3: the first roster download of an event as a few large records (`rosterChunks`); `rosterPeople`
//   then holds only the people changed since (see roster-repository.ts).
// - 4: the admin panel's last-fetched lists (`panelCache`), until then a database of their own
//   (`eventpro-panel`, deleted on first use: a cache the server gives again). Every earlier table and
//   what it holds (waiting submissions and door changes) stays as it was.
// - 5: the door's delivered journal (`checkinDelivered`): changes the server acknowledged, kept 48 hours by
//   their outbox `seq`, so that after a restore of the server's database they are sent again (the server
//   answers `duplicate` for what it still has; docs/checkin-sync.md, "Restores").
//
// One connection per page (`database()`). Every transaction commits with strict durability (the commit
// waits for the disk: a change staff made at the door survives a power cut), except the one that stores
// a roster download page (ROSTER_PAGE_STORES), which the server can always give again and which runs
// back to back during a 50,000-person download: that one is relaxed.
import type { Language } from '@shared/languages';
import { Dexie, type DBCore, type EntityTable } from 'dexie';
import type { CheckinOutboxEntry, DeviceInfo, RosterChunk, RosterCursor, RosterPerson } from './checkin-types';
import { DATABASE_NAME } from './db-name';

/** Which public endpoint a submission goes to. */
export type PublicEndpoint =
  | '/api/visitors/register'
  | '/api/stalls/register'
  | '/api/awards/register'
  | '/api/sponsors/register'
  | '/api/enquiries'
  | '/api/next-edition';

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
  /**
   * The server's refusal of a submission sent from here (the window closed meanwhile, already registered, a
   * field it refused): kept, with the server's words, where the person looks (the waiting list on every
   * public page, My passes) until they dismiss it. A refused entry is never sent again.
   */
  refused?: { kind: 'duplicate' | 'rejected'; message: string; at: string };
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
  /** The language its holder registered in (decision 087): the pass page speaks it. English when absent. */
  language?: Language;
}

/** A saved copy of the panel's query cache (TanStack Query's persisted client), written by the service worker. */
export interface PanelCacheEntry {
  key: 'queries';
  savedAt: number;
  state: unknown;
}

/** The stores of the transaction that stores one roster download page, in this order: the one relaxed transaction. */
export const ROSTER_PAGE_STORES = ['rosterChunks', 'rosterPeople', 'rosterCursors', 'checkinOutbox'] as const;

const isRosterPage = (stores: string[]) => stores.length === ROSTER_PAGE_STORES.length && ROSTER_PAGE_STORES.every((name) => stores.includes(name));

export class EventProDatabase extends Dexie {
  publicOutbox!: EntityTable<OutboxEntry, 'id'>;
  passes!: EntityTable<SavedPass, 'passCode'>;
  rosterPeople!: Dexie.Table<RosterPerson, [string, string, string]>;
  rosterChunks!: Dexie.Table<RosterChunk, [string, number]>;
  rosterCursors!: EntityTable<RosterCursor, 'eventId'>;
  checkinOutbox!: EntityTable<CheckinOutboxEntry, 'seq'>;
  checkinDelivered!: EntityTable<CheckinOutboxEntry & { deliveredAt: string }, 'seq'>;
  deviceInfo!: EntityTable<DeviceInfo, 'key'>;
  panelCache!: EntityTable<PanelCacheEntry, 'key'>;

  constructor(name = DATABASE_NAME) {
    super(name, { chromeTransactionDurability: 'strict' });
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
    this.version(4).stores({
      panelCache: '&key',
    });
    this.version(5).stores({
      checkinDelivered: '&seq, deliveredAt',
    });
    this.use({
      stack: 'dbcore',
      name: 'roster-pages-relaxed',
      create: (down: DBCore): DBCore => ({
        ...down,
        transaction: (stores, mode, options) => down.transaction(stores, mode, isRosterPage(stores) ? { ...options, durability: 'relaxed' } : options),
      }),
    });
  }
}

let shared: EventProDatabase | undefined;

/** The one database of this page. */
export function database(): EventProDatabase {
  shared ??= new EventProDatabase();
  return shared;
}
