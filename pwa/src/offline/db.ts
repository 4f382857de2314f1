// The app's IndexedDB database (Dexie), loaded on demand: nothing on the first paint of Home imports it.
//
// Version history (never edit a published version's stores; add a new `version(n)` instead):
// - 1: public submissions waiting for the network (`publicOutbox`) and saved entry passes (`passes`).
// NOTE for the check-in issue: add the roster/check-in tables in `this.version(2).stores({...})`,
// repeating nothing from version 1 (Dexie keeps the tables it is not told about).
import { Dexie, type EntityTable } from 'dexie';

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
}

export class EventProDatabase extends Dexie {
  publicOutbox!: EntityTable<OutboxEntry, 'id'>;
  passes!: EntityTable<SavedPass, 'passCode'>;

  constructor(name = 'eventpro') {
    super(name);
    this.version(1).stores({
      publicOutbox: '&id, createdAt',
      passes: '&passCode, savedAt',
    });
  }
}

let shared: EventProDatabase | undefined;

/** The one database of this page. */
export function database(): EventProDatabase {
  shared ??= new EventProDatabase();
  return shared;
}
