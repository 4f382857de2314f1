// The venue roster as the device keeps it, and the one in-memory index of the event on screen.
//
// - `rosterChunks`: the first download of an event, one record per page as it arrived (IndexedDB's cost
//   is per record: 50,000 people as 50,000 records took longer to store than the budget of the whole
//   first load). Never changed once written.
// - `rosterPeople`: a person's own record, once anything about them changed after their page arrived
//   (a status change here, a walk-in, a server answer, a delta sync, a removal). It takes precedence.
// A later page of the first download holds newer server data than an own record made before it
// arrived, so storing a page removes those own records (keeping only the ones with a change still
// waiting, merged): precedence then never needs versions.
import { Dexie } from 'dexie';
import type { RosterEntry } from '@edge/routes/checkin';
import { database, type EventProDatabase, ROSTER_PAGE_STORES } from './db';
import { forgetDeviceRecord } from './device-record';
import { personKey, RosterIndex } from './roster-search-index';
import { announce, onOtherTabs } from './store-broadcast';
import type { CheckinOutboxEntry, RosterChunk, RosterCursor, RosterKind, RosterPerson } from './checkin-types';

export type { RosterEntry };

/** Every `[eventId+kind+id]` key of one event: from the bare prefix (which sorts first) to the prefix and the highest key. */
const eventRange = (eventId: string) => [[eventId], [eventId, Dexie.maxKey]] as const;

/** The download's copy of each person of `eventId`, by person key (later pages override earlier ones). */
async function downloadedPeople(db: EventProDatabase, eventId: string): Promise<Map<string, RosterPerson>> {
  const people = new Map<string, RosterPerson>();
  await db.rosterChunks
    .where('[eventId+cursor]')
    .between([eventId, Dexie.minKey], [eventId, Dexie.maxKey])
    .each((chunk) => {
      for (const p of chunk.people) people.set(personKey(p), p);
    });
  return people;
}

/** Every person of `eventId` on this device: the download's pages in order, then their own records. */
async function readEventRoster(eventId: string): Promise<RosterPerson[]> {
  const db = database();
  const { people, own } = await db.transaction('r', db.rosterChunks, db.rosterPeople, async () => ({
    people: await downloadedPeople(db, eventId),
    own: await db.rosterPeople
      .where('[eventId+kind+id]')
      .between(...eventRange(eventId))
      .toArray(),
  }));
  for (const p of own) {
    if (p.removed) people.delete(personKey(p));
    else people.set(personKey(p), p);
  }
  return [...people.values()];
}

/** Look-ups of people in one transaction share one read of each event's download pages. */
export type DownloadReads = Map<string, Promise<Map<string, RosterPerson>>>;

/**
 * This device's copy of one person: their own record, else the download's copy. Call inside a
 * transaction over `rosterPeople` and `rosterChunks`. The loaded index holds the download's copy of
 * everyone without an own record, so the pages are only read when this page has no index yet, and then
 * once per event for all the look-ups that share `downloads`.
 */
export async function localPerson(eventId: string, kind: RosterKind, id: string, downloads: DownloadReads = new Map()): Promise<RosterPerson | undefined> {
  const db = database();
  const own = await db.rosterPeople.get([eventId, kind, id]);
  if (own) return own.removed ? undefined : own;
  const index = loadedIndex(eventId);
  if (index?.ready) return index.get(personKey({ kind, id }));
  let people = downloads.get(eventId);
  if (!people) downloads.set(eventId, (people = downloadedPeople(db, eventId)));
  return (await people).get(personKey({ kind, id }));
}

/** The device's copies of these people (any event), for screens that show names from the roster. */
async function localPeople(keys: Array<[eventId: string, kind: RosterKind, id: string]>): Promise<RosterPerson[]> {
  const db = database();
  return db.transaction('r', db.rosterPeople, db.rosterChunks, async () => {
    const downloads: DownloadReads = new Map();
    const found: RosterPerson[] = [];
    for (const [eventId, kind, id] of keys) {
      const person = await localPerson(eventId, kind, id, downloads);
      if (person) found.push(person);
    }
    return found;
  });
}

// ---------------------------------------------------------------------------------------------------
// The one index of this page

let currentIndex: RosterIndex | undefined;
/** Whether this page already follows the other tabs' roster changes (for the page's whole life). */
let followingOtherTabs = false;

/** The index of `eventId`, loaded from IndexedDB the first time (the one index of this page). */
export async function openRosterIndex(eventId: string): Promise<RosterIndex> {
  if (currentIndex?.eventId === eventId) return currentIndex;
  const index = new RosterIndex(eventId);
  currentIndex = index;
  if (!followingOtherTabs) {
    onOtherTabs(followOtherTab);
    followingOtherTabs = true;
  }
  index.replaceAll(await readEventRoster(eventId));
  return index;
}

/** The loaded index, if it is `eventId`'s. */
export function loadedIndex(eventId?: string): RosterIndex | undefined {
  return currentIndex && (!eventId || currentIndex.eventId === eventId) ? currentIndex : undefined;
}

/** Empties and drops the loaded index (a logout, or site data cleared under the page). */
export function forgetLoadedIndex(): void {
  currentIndex?.replaceAll([]);
  currentIndex = undefined;
}

/** Another tab's write: people it changed are re-read into this tab's index, a roster it downloaded is re-read whole. */
function followOtherTab(message: Parameters<Parameters<typeof onOtherTabs>[0]>[0]) {
  const index = currentIndex;
  if (message.type === 'wiped') {
    forgetLoadedIndex();
    return;
  }
  if (!index || !('eventId' in message) || message.eventId !== index.eventId) return;
  void (async () => {
    if (message.type === 'people') index.upsert(await localPeople(message.keys.map(([kind, id]) => [message.eventId, kind, id])));
    else index.replaceAll(await readEventRoster(index.eventId));
  })();
}

// ---------------------------------------------------------------------------------------------------
// How a change still on its way shows on the roster

type DoorState = Pick<RosterPerson, 'status' | 'statusChangedAt' | 'statusChangedBy' | 'statusDeviceId' | 'statusOperationId'>;

/** What a waiting outbox entry made its person look like on this device (a status change, a walk-in). */
function optimisticState(entry: CheckinOutboxEntry): { key: string; state: DoorState } {
  if (entry.op) {
    return {
      key: `${entry.op.kind}:${entry.op.recordId}`,
      state: {
        status: entry.op.toStatus,
        statusChangedAt: entry.op.deviceTime,
        statusChangedBy: entry.by ?? '',
        statusDeviceId: entry.deviceId ?? null,
        statusOperationId: entry.op.id,
      },
    };
  }
  return {
    key: `visitors:${entry.walkIn!.id}`,
    state: {
      status: 'registered_at_venue',
      statusChangedAt: entry.createdAt,
      statusChangedBy: entry.by ?? '',
      statusDeviceId: entry.deviceId ?? null,
      statusOperationId: entry.walkIn!.id,
    },
  };
}

/** The people with an operation still on its way (their local status is newer than the server's), by person key. */
export async function pendingRecordKeys(eventId: string, except?: Set<string>): Promise<Set<string>> {
  const pending = new Set<string>();
  await database()
    .checkinOutbox.where('eventId')
    .equals(eventId)
    .each((entry) => {
      if (entry.state === 'refused' || except?.has(entry.id)) return;
      pending.add(optimisticState(entry).key);
    });
  return pending;
}

// ---------------------------------------------------------------------------------------------------
// Roster pages

/** The own record that hides a removed person's copy in the download. */
const removedPerson = {
  name: '',
  mobile: '',
  organisation: '',
  passCode: '',
  status: '',
  statusChangedAt: null,
  statusChangedBy: null,
  statusDeviceId: null,
  statusOperationId: null,
  removed: true,
} as const;

/** A roster page whose predecessor was not stored: rolled back rather than leave a gap behind its cursor. */
class RosterPageOutOfOrder extends Error {
  constructor() {
    super('Roster page not stored: the page before it was not stored');
  }
}

/**
 * Stores one roster page and its cursor in one transaction (an interrupted download resumes from the
 * last stored page). During the first download (`asChunk`) the page is one `rosterChunks` record; later
 * (delta syncs, a few people at a time) each person gets their own record. Tombstones remove. A person
 * with an operation still waiting keeps the local status. Committed with relaxed durability (db.ts):
 * roster pages can always be fetched again.
 *
 * Pages can be stored back to back without waiting for each other: transactions over the same stores
 * run in the order they were created, the page's writes are handed to IndexedDB before the cursor check
 * is awaited, and each transaction checks that the stored cursor is still `after` (where this page
 * continues from): a page whose predecessor failed is rolled back.
 */
export async function storeRosterPage(
  eventId: string,
  items: RosterEntry[],
  page: { after: number; cursor: number; complete: boolean; asChunk: boolean },
): Promise<{ upserted: RosterPerson[]; removed: string[] }> {
  const db = database();
  const upserted = new Map<string, RosterPerson>();
  const removed: string[] = [];
  const removals: RosterPerson[] = [];
  for (const item of items) {
    const key = `${item.kind}:${item.id}`;
    if (item.deleted) {
      // The person may sit in an earlier page of the download: a removal record hides that copy.
      removals.push({ ...removedPerson, eventId, kind: item.kind, id: item.id, version: item.version });
      removed.push(key);
      continue;
    }
    upserted.set(key, {
      eventId,
      kind: item.kind,
      id: item.id,
      name: item.name ?? '',
      mobile: item.mobile ?? '',
      organisation: item.organisation ?? '',
      passCode: item.passCode ?? '',
      status: item.status ?? '',
      statusChangedAt: item.statusChangedAt,
      statusChangedBy: item.statusChangedBy,
      statusDeviceId: item.statusDeviceId,
      statusOperationId: item.statusOperationId,
      version: item.version,
      ...(item.aliases ? { aliases: item.aliases.split(',') } : {}),
    });
  }
  await db.transaction('rw', [...ROSTER_PAGE_STORES], async () => {
    const stored = db.rosterCursors.get(eventId);
    const writes: Array<Promise<unknown>> = [];
    if (removals.length) writes.push(db.rosterPeople.bulkPut(removals));
    if (page.asChunk) {
      if (upserted.size) writes.push(db.rosterChunks.put({ eventId, cursor: page.cursor, people: [...upserted.values()] } satisfies RosterChunk));
    } else if (upserted.size) {
      writes.push(db.rosterPeople.bulkPut([...upserted.values()]));
    }
    const outOfOrder = ((await stored)?.cursor ?? 0) !== page.after;
    await Promise.all(writes);
    if (outOfOrder) throw new RosterPageOutOfOrder();
    if (page.asChunk && upserted.size) {
      // Own records made before this page arrived are older than it (see above).
      const ownKeys = (await db.rosterPeople
        .where('[eventId+kind+id]')
        .between(...eventRange(eventId))
        .primaryKeys()) as Array<[string, RosterKind, string]>;
      await db.rosterPeople.bulkDelete(ownKeys.filter((key) => upserted.has(`${key[1]}:${key[2]}`)));
    }
    // An operation of this device still on its way: its person keeps the local status until the answer
    // (the latest waiting entry's, written over the server's copy).
    const merged: RosterPerson[] = [];
    for (const entry of await db.checkinOutbox.where('eventId').equals(eventId).toArray()) {
      if (entry.state === 'refused') continue;
      const local = optimisticState(entry);
      const server = upserted.get(local.key);
      if (!server) continue;
      const person: RosterPerson = { ...server, ...local.state };
      upserted.set(local.key, person);
      merged.push(person);
    }
    if (merged.length) await db.rosterPeople.bulkPut(merged);
    await db.rosterCursors.put({ eventId, cursor: page.cursor, complete: page.complete, updatedAt: new Date().toISOString() } satisfies RosterCursor);
  });
  const index = loadedIndex(eventId);
  index?.remove(removed);
  index?.upsert([...upserted.values()]);
  if (upserted.size || removed.length) {
    announce(
      page.asChunk
        ? { type: 'roster', eventId }
        : {
            type: 'people',
            eventId,
            keys: [...upserted.values()].map((p) => [p.kind, p.id] as [RosterKind, string]).concat(removed.map((k) => k.split(':') as [RosterKind, string])),
          },
    );
  }
  return { upserted: [...upserted.values()], removed };
}

/** How far `eventId`'s roster has been downloaded. */
export async function rosterCursor(eventId: string): Promise<RosterCursor | undefined> {
  return database().rosterCursors.get(eventId);
}

/**
 * The server's database was restored under this device (a new generation, or a roster cursor beyond the
 * server's sequence; docs/checkin-sync.md, "Restores"). Every roster is downloaded again, and the changes
 * delivered in the last 48 hours go back into the outbox under their original `seq` — so in their original
 * order, ahead of anything queued since — for the server to apply what it lost (and answer `duplicate` for
 * what it still has). Answers how many went back.
 */
export async function recoverFromServerRestore(generation: string | null): Promise<number> {
  const db = database();
  let requeued = 0;
  await db.transaction('rw', [db.rosterPeople, db.rosterChunks, db.rosterCursors, db.checkinOutbox, db.checkinDelivered, db.deviceInfo], async () => {
    await Promise.all([db.rosterPeople.clear(), db.rosterChunks.clear(), db.rosterCursors.clear()]);
    for (const { deliveredAt: _at, ...entry } of await db.checkinDelivered.toArray()) {
      if (await db.checkinOutbox.where('id').equals(entry.id).count()) continue;
      await db.checkinOutbox.put({ ...entry, state: 'waiting', attempts: 0 });
      requeued++;
    }
    await db.checkinDelivered.clear();
    const info = await db.deviceInfo.get('device');
    if (info) await db.deviceInfo.put({ ...info, ...(generation ? { generation } : {}) });
  });
  forgetDeviceRecord();
  // The index of this page stays (the door holds it) and fills again with the new download.
  currentIndex?.replaceAll([]);
  announce({ type: 'outbox' });
  return requeued;
}

/**
 * Logging out: the device forgets every event's roster (names, mobile numbers, pass codes) and the
 * tickets of users with nothing left to send. Changes still waiting stay, credited to their authors.
 */
export async function wipeRoster(): Promise<void> {
  const db = database();
  await db.transaction('rw', [db.rosterPeople, db.rosterChunks, db.rosterCursors, db.checkinOutbox, db.deviceInfo], async () => {
    await db.rosterPeople.clear();
    await db.rosterChunks.clear();
    await db.rosterCursors.clear();
    const waitingAuthors = new Set<string>();
    await db.checkinOutbox.each((e) => void (e.author && waitingAuthors.add(e.author.userId)));
    const info = await db.deviceInfo.get('device');
    if (info?.tickets) {
      const tickets = Object.fromEntries(Object.entries(info.tickets).filter(([userId]) => waitingAuthors.has(userId)));
      await db.deviceInfo.put({ ...info, tickets });
    }
  });
  forgetDeviceRecord();
  forgetLoadedIndex();
  announce({ type: 'wiped' });
}
