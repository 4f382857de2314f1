// The venue check-in's device side of docs/checkin-sync.md: the roster kept in IndexedDB, the outbox
// of operations, the device id, and an in-memory search index over the current event's roster.
// Every change of a person's status is written with its operation in ONE read-write transaction, on a
// connection opened with strict durability (the commit waits for the disk). Knows no screen.
import { Dexie, type DexieOptions } from 'dexie';
import { EventProDatabase } from './db';
import type { PersonState, RosterEntry } from '../../../edge/routes/checkin';
import { uuidv7 } from '../../../edge/lib/uuid-v7';
import { canonicalMobile, mobileSearchTerm } from '../../../edge/schemas/mobile-number';
import { getToken, tokenClaims } from '../lib/auth-token';
import { normalisePassCode } from './pass-code-match';
import type { AuthorTicket, CheckinOperation, CheckinOutboxEntry, DeviceInfo, OutboxAuthor, RosterChunk, RosterCursor, RosterKind, RosterPerson, WalkInDraft } from './checkin-types';

let shared: EventProDatabase | undefined;

/**
 * The check-in's own connection to the `eventpro` database. Dexie 4 sets durability per connection
 * (`chromeTransactionDurability`), not per transaction, so the check-in opens a second connection with
 * 'strict' instead of changing the public site's one.
 */
export function checkinDb(): EventProDatabase {
  shared ??= new EventProDatabase('eventpro', { chromeTransactionDurability: 'strict' } satisfies DexieOptions);
  return shared;
}

let relaxed: EventProDatabase | undefined;
/** A connection with the browser's default durability, for data the server can give again (roster pages). */
function relaxedDb(): EventProDatabase {
  relaxed ??= new EventProDatabase('eventpro', { chromeTransactionDurability: 'relaxed', cache: 'disabled' });
  return relaxed;
}

// ---------------------------------------------------------------------------------------------------
// Ids

let devicePromise: Promise<DeviceInfo> | undefined;

/** 32 random bytes as hex: the device's secret. */
const randomSecret = () => [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** This device's record, made once (an id and a secret) and kept in IndexedDB. */
export function deviceInfo(): Promise<DeviceInfo> {
  devicePromise ??= (async () => {
    const db = checkinDb();
    return db.transaction('rw', db.deviceInfo, async () => {
      const found = await db.deviceInfo.get('device');
      if (found?.secret) return found;
      const info: DeviceInfo = { key: 'device', id: found?.id ?? crypto.randomUUID(), createdAt: found?.createdAt ?? new Date().toISOString(), secret: randomSecret(), name: found?.name ?? '', tickets: {} };
      await db.deviceInfo.put(info);
      return info;
    });
  })();
  return devicePromise;
}

/**
 * Calls `onCleared` with the device record this page had when the browser's site data is cleared under
 * it (the user cleared it, or the browser evicted it): IndexedDB closes the connection, the database
 * comes back empty, and from then on this is a new device. Whatever waited in the outbox is gone; the
 * page only still knows what it last counted (the sync engine says so). A connection closed for any
 * other reason finds the device record still there and calls nothing.
 */
export function watchClearedStorage(onCleared: (previous: DeviceInfo) => void): void {
  const db = checkinDb();
  db.on('close', () => {
    const known = devicePromise;
    if (!known) return;
    void (async () => {
      const previous = await known.catch(() => undefined);
      // Dexie opens the database again on its next use: an emptied origin gives an empty database.
      const stored = await db.deviceInfo.get('device').catch(() => undefined);
      if (!previous || stored?.id === previous.id) return;
      devicePromise = undefined;
      currentIndex?.replaceAll([]);
      currentIndex = undefined;
      onCleared(previous);
    })();
  });
}

/** This device's id. */
export async function deviceId(): Promise<string> {
  return (await deviceInfo()).id;
}

/** Changes the device record (its name, its tickets) in one transaction; answers the new record. */
async function updateDevice(change: (info: DeviceInfo) => DeviceInfo): Promise<DeviceInfo> {
  const db = checkinDb();
  await deviceInfo();
  const next = await db.transaction('rw', db.deviceInfo, async () => {
    // Site data cleared while the page was open: this is a new device from now on.
    const stored = (await db.deviceInfo.get('device')) ?? { key: 'device' as const, id: crypto.randomUUID(), createdAt: new Date().toISOString(), secret: randomSecret(), name: '', tickets: {} };
    const info = change(stored);
    await db.deviceInfo.put(info);
    return info;
  });
  devicePromise = Promise.resolve(next);
  announce({ type: 'device' });
  return next;
}

/** Names this device ("Gate 2 tablet"); the name goes with its next sign-in and batch. */
export function setDeviceName(name: string): Promise<DeviceInfo> {
  return updateDevice((info) => ({ ...info, name: name.trim().slice(0, 60) }));
}

/** Keeps the author ticket the server issued for a user of this device. */
export function storeAuthorTicket(ticket: AuthorTicket): Promise<DeviceInfo> {
  return updateDevice((info) => ({ ...info, tickets: { ...info.tickets, [ticket.userId]: ticket } }));
}

/** The ticket this device holds for `userId`, if any and not expired. */
export async function authorTicket(userId: string): Promise<AuthorTicket | undefined> {
  const ticket = (await deviceInfo()).tickets?.[userId];
  return ticket && Date.parse(ticket.expiresAt) > Date.now() ? ticket : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Every tab of this device sees every change at once

/** What one tab tells the others after writing to the check-in's tables. */
export type StoreMessage =
  | { type: 'people'; eventId: string; keys: Array<[kind: RosterKind, id: string]> }
  | { type: 'roster'; eventId: string }
  | { type: 'outbox' }
  | { type: 'device' }
  | { type: 'wiped' };

const CHANNEL = 'eventpro-checkin';
let channel: BroadcastChannel | null | undefined;
function storeChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  return channel;
}

/** Tells the other tabs (and workers) of this device what changed. */
function announce(message: StoreMessage) {
  try {
    storeChannel()?.postMessage(message);
  } catch {
    // a closed channel: the other tabs re-read on their next sync
  }
}

/**
 * Follows the other tabs' writes: people they changed are re-read into this tab's index, a roster they
 * downloaded is re-read whole, and `onChange` hears of every message (the sync engine re-counts its
 * outbox). Answers an unsubscribe.
 */
export function followOtherTabs(onChange: (message: StoreMessage) => void): () => void {
  const source = storeChannel();
  if (!source) return () => {};
  const listener = (event: MessageEvent<StoreMessage>) => {
    const message = event.data;
    void (async () => {
      if (message.type === 'device') devicePromise = undefined;
      const index = currentIndex;
      if (message.type === 'wiped') {
        currentIndex = undefined;
        index?.replaceAll([]);
      } else if (index && 'eventId' in message && message.eventId === index.eventId) {
        if (message.type === 'people') index.upsert(await localPeople(message.keys.map(([kind, id]) => [message.eventId, kind, id])));
        else index.replaceAll(await readEventRoster(checkinDb(), index.eventId));
      }
      onChange(message);
    })();
  };
  source.addEventListener('message', listener);
  return () => source.removeEventListener('message', listener);
}

// ---------------------------------------------------------------------------------------------------
// The in-memory search index of one event

export const personKey = (p: Pick<RosterPerson, 'kind' | 'id'>) => `${p.kind}:${p.id}`;

type Listener = () => void;

/**
 * All people of the current event, in memory. Search scans one joined, lower-cased text of every person
 * ("name | organisation | pass code | mobile digits") with `indexOf`, which stays far below 30 ms at
 * 50,000 people; the text is rebuilt lazily, only when a roster change touched the searchable fields.
 * Status changes only replace the person object.
 */
export class RosterIndex {
  readonly people = new Map<string, RosterPerson>();
  private byCode = new Map<string, string>();
  private text = '';
  private starts: number[] = [];
  private keys: string[] = [];
  private dirty = true;
  private listeners = new Set<Listener>();
  /** Bumped on every change: screens re-render on it. */
  revision = 0;

  constructor(readonly eventId: string) {}

  /** Digits typed to find a mobile number: fewer are in almost every number, so they are not looked for there. */
  static readonly MOBILE_MIN_DIGITS = 4;
  private static shortDigits(word: string): boolean {
    return word.length < RosterIndex.MOBILE_MIN_DIGITS && /^\d+$/.test(word);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private warmTimer: ReturnType<typeof setTimeout> | undefined;

  private changed() {
    // Rebuild the search text soon after a burst of roster changes, so the next keystroke does not pay.
    if (this.dirty) {
      clearTimeout(this.warmTimer);
      this.warmTimer = setTimeout(() => this.dirty && this.rebuild(), 300);
    }
    this.revision++;
    for (const listener of this.listeners) listener();
  }

  get size() {
    return this.people.size;
  }

  /** Changes that arrived while the first read from IndexedDB ran: replayed after it (idempotent). */
  private buffer: Array<() => void> | null = [];

  replaceAll(people: RosterPerson[]) {
    this.people.clear();
    this.byCode.clear();
    for (const p of people) this.setOne(p);
    const buffered = this.buffer ?? [];
    this.buffer = null;
    for (const replay of buffered) replay();
    this.dirty = true;
    this.changed();
  }

  private setOne(p: RosterPerson) {
    const key = personKey(p);
    const old = this.people.get(key);
    if (old && (old.name !== p.name || old.mobile !== p.mobile || old.organisation !== p.organisation || old.passCode !== p.passCode)) this.dirty = true;
    if (!old) this.dirty = true;
    if (old?.passCode && old.passCode !== p.passCode) this.byCode.delete(normalisePassCode(old.passCode));
    if (p.passCode) this.byCode.set(normalisePassCode(p.passCode), key);
    this.people.set(key, p);
  }

  /** People added or changed (by the store, the sync engine, a roster page). */
  upsert(people: RosterPerson[]) {
    if (!people.length) return;
    if (this.buffer) {
      this.buffer.push(() => this.upsert(people));
      return;
    }
    for (const p of people) if (p.eventId === this.eventId) this.setOne(p);
    this.changed();
  }

  remove(keys: string[]) {
    if (!keys.length) return;
    if (this.buffer) {
      this.buffer.push(() => this.remove(keys));
      return;
    }
    for (const key of keys) {
      const p = this.people.get(key);
      if (!p) continue;
      if (p.passCode) this.byCode.delete(normalisePassCode(p.passCode));
      this.people.delete(key);
      this.dirty = true;
    }
    this.changed();
  }

  get(key: string) {
    return this.people.get(key);
  }

  /** Holds the whole roster (the first read from IndexedDB is done). */
  get ready() {
    return this.buffer === null;
  }

  /**
   * The person whose pass code `code` is, read as the door reads codes (pass-code-match.ts): any case,
   * spaces and dashes ignored, O for 0, I or L for 1.
   */
  byPassCode(code: string): RosterPerson | undefined {
    const read = normalisePassCode(code);
    const key = read ? this.byCode.get(read) : undefined;
    return key ? this.people.get(key) : undefined;
  }

  /** How many people of this event's roster have `status` on this device (e.g. the door's checked-in count). */
  countWithStatus(status: string): number {
    let count = 0;
    for (const p of this.people.values()) if (p.status === status) count++;
    return count;
  }

  private rebuild() {
    const parts: string[] = [];
    const starts: number[] = [];
    const keys: string[] = [];
    let at = 0;
    for (const [key, p] of this.people) {
      const line = `${p.name} | ${p.organisation} | ${p.passCode} | ${p.mobile.replace(/\D/g, '')}\n`.toLowerCase();
      starts.push(at);
      keys.push(key);
      parts.push(line);
      at += line.length;
    }
    this.text = parts.join('');
    this.starts = starts;
    this.keys = keys;
    this.dirty = false;
  }

  /** Which person's line holds text position `pos` (binary search over the line starts). */
  private lineAt(pos: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * People matching every word of `query` (any case): a word is found in the name, organisation or pass
   * code, and a run of at least MOBILE_MIN_DIGITS digits also in the mobile number (spaces, dashes and +91
   * in the query are ignored for digit words). A shorter run ("Person 001", "Hall 3") is not looked for in
   * mobile numbers, where nearly everyone has it. An exact pass-code match comes first. At most `limit`
   * results; `more` says there were more.
   */
  search(query: string, limit = 50): { items: RosterPerson[]; more: boolean } {
    // A whole phone number in any spelling ("098765 43210", "+91 98765 43210") is its canonical digits.
    const number = mobileSearchTerm(query);
    const words = (number ? number.slice(1) : query)
      .toLowerCase()
      .split(/\s+/)
      .map((w) => (/^[+\d][\d-]*$/.test(w) ? w.replace(/\D/g, '') : w))
      .filter(Boolean);
    if (!words.length) return { items: [], more: false };
    if (this.dirty) this.rebuild();
    const exact = this.byPassCode(query);
    const items: RosterPerson[] = exact ? [exact] : [];
    // Scan for the longest word; check the others on the line found.
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    const others = words.filter((w) => w !== longest);
    const text = this.text;
    let pos = text.indexOf(longest);
    while (pos !== -1) {
      const line = this.lineAt(pos);
      const start = this.starts[line]!;
      const end = line + 1 < this.starts.length ? this.starts[line + 1]! : text.length;
      const lineText = text.slice(start, end);
      // The mobile digits come after the line's last separator.
      const mobileAt = lineText.lastIndexOf(' | ');
      let all = !(RosterIndex.shortDigits(longest) && pos - start >= mobileAt); // its first place on this line is the mobile
      if (all && others.length) {
        for (const w of others) {
          const at = lineText.indexOf(w);
          if (at === -1 || (RosterIndex.shortDigits(w) && at >= mobileAt)) { all = false; break; }
        }
      }
      if (all) {
        const person = this.people.get(this.keys[line]!);
        if (person && person !== exact) {
          if (items.length >= limit) return { items, more: true };
          items.push(person);
        }
      }
      pos = text.indexOf(longest, end); // next line
    }
    return { items, more: false };
  }
}

// ---------------------------------------------------------------------------------------------------
// Where the roster lives on the device
//
// - `rosterChunks`: the first download of an event, one record per page as it arrived (IndexedDB's cost
//   is per record: 50,000 people as 50,000 records took longer to store than the budget of the whole
//   first load). Never changed once written.
// - `rosterPeople`: a person's own record, once anything about them changed after their page arrived
//   (a status change here, a walk-in, a server answer, a delta sync, a removal). It takes precedence.
// A later page of the first download holds newer server data than an own record made before it
// arrived, so storing a page removes those own records (keeping only the ones with a change still
// waiting, merged): precedence then never needs versions.

const eventRange = (eventId: string) => [[eventId, Dexie.minKey, Dexie.minKey], [eventId, Dexie.maxKey, Dexie.maxKey]] as const;

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
async function readEventRoster(db: EventProDatabase, eventId: string): Promise<RosterPerson[]> {
  const { people, own } = await db.transaction('r', db.rosterChunks, db.rosterPeople, async () => ({
    people: await downloadedPeople(db, eventId),
    own: await db.rosterPeople.where('[eventId+kind+id]').between(...eventRange(eventId)).toArray(),
  }));
  for (const p of own) {
    if (p.removed) people.delete(personKey(p));
    else people.set(personKey(p), p);
  }
  return [...people.values()];
}

/**
 * This device's copy of one person: their own record, else the download's copy. Call inside a
 * transaction over `rosterPeople` and `rosterChunks`. The loaded index holds the download's copy of
 * everyone without an own record, so the pages are only read when this page has no index yet, and then
 * once per event for all the look-ups that share `downloads`.
 */
async function localPerson(
  db: EventProDatabase,
  eventId: string,
  kind: RosterKind,
  id: string,
  downloads = new Map<string, Promise<Map<string, RosterPerson>>>(),
): Promise<RosterPerson | undefined> {
  const own = await db.rosterPeople.get([eventId, kind, id]);
  if (own) return own.removed ? undefined : own;
  const index = loadedIndex(eventId);
  if (index?.ready) return index.get(personKey({ kind, id }));
  let people = downloads.get(eventId);
  if (!people) downloads.set(eventId, (people = downloadedPeople(db, eventId)));
  return (await people).get(personKey({ kind, id }));
}

/** The device's copies of these people (any event), for screens that show names from the roster. */
export async function localPeople(keys: Array<[eventId: string, kind: RosterKind, id: string]>): Promise<RosterPerson[]> {
  const db = checkinDb();
  return db.transaction('r', db.rosterPeople, db.rosterChunks, async () => {
    const downloads = new Map<string, Promise<Map<string, RosterPerson>>>();
    const found: RosterPerson[] = [];
    for (const [eventId, kind, id] of keys) {
      const person = await localPerson(db, eventId, kind, id, downloads);
      if (person) found.push(person);
    }
    return found;
  });
}

let currentIndex: RosterIndex | undefined;

/** The index of `eventId`, loaded from IndexedDB the first time (the one index of this page). */
export async function openRosterIndex(eventId: string): Promise<RosterIndex> {
  if (currentIndex?.eventId === eventId) return currentIndex;
  const index = new RosterIndex(eventId);
  currentIndex = index;
  index.replaceAll(await readEventRoster(checkinDb(), eventId));
  return index;
}

/** The loaded index, if it is `eventId`'s. */
export function loadedIndex(eventId?: string): RosterIndex | undefined {
  return currentIndex && (!eventId || currentIndex.eventId === eventId) ? currentIndex : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Writes

/** One entry of `GET /api/checkin/roster`, as the server declares it. */
export type { RosterEntry };

/** A person's door state, as the server answers it after a change. */
export type { PersonState };

/** The record ids with an operation still on its way (their local status is newer than the server's). */
async function pendingRecordKeys(db: EventProDatabase, eventId: string, except?: Set<string>): Promise<Set<string>> {
  const pending = new Set<string>();
  await db.checkinOutbox
    .where('eventId')
    .equals(eventId)
    .each((entry) => {
      if (entry.state === 'refused' || except?.has(entry.id)) return;
      if (entry.op) pending.add(`${entry.op.kind}:${entry.op.recordId}`);
      if (entry.walkIn) pending.add(`visitors:${entry.walkIn.id}`);
    });
  return pending;
}

/** Opens the connection `storeRosterPage` writes through; call before a series of pages. */
export async function openRosterStore(): Promise<void> {
  const db = relaxedDb();
  if (!db.isOpen()) await db.open();
}

/**
 * Stores one roster page and its cursor in one transaction (an interrupted download resumes from the
 * last stored page). During the first download (`asChunk`) the page is one `rosterChunks` record; later
 * (delta syncs, a few people at a time) each person gets their own record. Tombstones remove. A person
 * with an operation still waiting keeps the local status. Written through the raw IndexedDB connection
 * with relaxed durability: roster pages can always be fetched again.
 *
 * Pages can be stored back to back without waiting for each other: the transaction is created (and the
 * page handed to IndexedDB) during this call, so while the browser commits one page the next is already
 * being copied in. Transactions over the same stores run in the order they were created, and each checks
 * that the stored cursor is still `after` (where this page continues from): a page whose predecessor
 * failed is rolled back instead of leaving a gap behind its cursor.
 */
export function storeRosterPage(
  eventId: string,
  items: RosterEntry[],
  page: { after: number; cursor: number; complete: boolean; asChunk: boolean },
): Promise<{ upserted: RosterPerson[]; removed: string[] }> {
  const db = relaxedDb();
  if (!db.isOpen()) return openRosterStore().then(() => storeRosterPage(eventId, items, page));
  const idb = db.backendDB();
  const upserted = new Map<string, RosterPerson>();
  const removed: string[] = [];
  return new Promise((resolve, reject) => {
    const tx = idb.transaction(['rosterChunks', 'rosterPeople', 'rosterCursors', 'checkinOutbox'], 'readwrite', { durability: 'relaxed' });
    tx.oncomplete = () => {
      const index = loadedIndex(eventId);
      index?.remove(removed);
      index?.upsert([...upserted.values()]);
      if (upserted.size || removed.length) announce(page.asChunk ? { type: 'roster', eventId } : { type: 'people', eventId, keys: [...upserted.values()].map((p) => [p.kind, p.id] as [RosterKind, string]).concat(removed.map((k) => k.split(':') as [RosterKind, string])) });
      resolve({ upserted: [...upserted.values()], removed });
    };
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('Roster page not stored: the page before it was not stored'));

    const cursors = tx.objectStore('rosterCursors');
    const stored = cursors.get(eventId);
    stored.onsuccess = () => {
      if (((stored.result as RosterCursor | undefined)?.cursor ?? 0) !== page.after) tx.abort();
    };

    const own = tx.objectStore('rosterPeople');
    const chunk: RosterPerson[] = [];
    for (const item of items) {
      const key = `${item.kind}:${item.id}`;
      if (item.deleted) {
        // The person may sit in an earlier page of the download: a removal record hides that copy.
        own.put({ ...removedPerson, eventId, kind: item.kind, id: item.id, version: item.version } satisfies RosterPerson);
        removed.push(key);
        continue;
      }
      const person: RosterPerson = {
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
      };
      if (page.asChunk) chunk.push(person);
      else own.put(person);
      upserted.set(key, person);
    }
    if (page.asChunk && chunk.length) {
      tx.objectStore('rosterChunks').put({ eventId, cursor: page.cursor, people: chunk } satisfies RosterChunk);
      // Own records made before this page arrived are older than it (see above).
      const ownKeys = own.getAllKeys(IDBKeyRange.bound(...eventRange(eventId)));
      ownKeys.onsuccess = () => {
        for (const key of ownKeys.result as Array<[string, RosterKind, string]>) {
          if (upserted.has(`${key[1]}:${key[2]}`)) own.delete(key);
        }
      };
    }

    // An operation of this device still on its way: its person keeps the local status until the answer.
    // That status is the latest waiting entry's, written over the server's copy in this transaction
    // (these requests run after the ones above).
    const waiting = tx.objectStore('checkinOutbox').index('eventId').getAll(eventId);
    waiting.onsuccess = () => {
      for (const entry of waiting.result as CheckinOutboxEntry[]) {
        if (entry.state === 'refused') continue;
        const local = optimisticState(entry);
        const server = upserted.get(local.key);
        if (!server) continue;
        const merged: RosterPerson = { ...server, ...local.state };
        own.put(merged);
        upserted.set(local.key, merged);
      }
    };
    cursors.put({ eventId, cursor: page.cursor, complete: page.complete, updatedAt: new Date().toISOString() } satisfies RosterCursor);
  });
}

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

type DoorState = Pick<RosterPerson, 'status' | 'statusChangedAt' | 'statusChangedBy' | 'statusDeviceId' | 'statusOperationId'>;

/** What a waiting outbox entry made its person look like on this device (see changeStatus, registerWalkIn). */
function optimisticState(entry: CheckinOutboxEntry): { key: string; state: DoorState } {
  if (entry.op) {
    return {
      key: `${entry.op.kind}:${entry.op.recordId}`,
      state: { status: entry.op.toStatus, statusChangedAt: entry.op.deviceTime, statusChangedBy: entry.by ?? '', statusDeviceId: entry.deviceId ?? null, statusOperationId: entry.op.id },
    };
  }
  return {
    key: `visitors:${entry.walkIn!.id}`,
    state: { status: 'registered_at_venue', statusChangedAt: entry.createdAt, statusChangedBy: entry.by ?? '', statusDeviceId: entry.deviceId ?? null, statusOperationId: entry.walkIn!.id },
  };
}

export async function rosterCursor(eventId: string): Promise<RosterCursor | undefined> {
  return checkinDb().rosterCursors.get(eventId);
}

/** Who makes a change on this device: credited to them (their author ticket), shown as "changed by". */
export interface Actor {
  /** The signed-in user's id; read from the login token when not given. */
  userId?: string;
  name: string;
}

/**
 * Moves a person to `toStatus`: the optimistic change and its operation, in one strict transaction.
 * Reads the person inside the transaction, so the operation's base (the change this device last saw for
 * them) and `fromStatus` are what this device really held.
 */
export async function changeStatus(person: Pick<RosterPerson, 'eventId' | 'kind' | 'id'>, toStatus: string, actor: Actor, note?: string): Promise<RosterPerson> {
  const db = checkinDb();
  const device = await deviceId();
  const updated = await db.transaction('rw', db.rosterPeople, db.rosterChunks, db.checkinOutbox, async () => {
    const current = await localPerson(db, person.eventId, person.kind, person.id);
    if (!current) throw new Error('This person is not on this device’s roster');
    const now = new Date();
    const op: CheckinOperation = {
      id: uuidv7(now.getTime()),
      kind: current.kind,
      recordId: current.id,
      eventId: current.eventId,
      baseOperationId: current.statusOperationId ?? null,
      fromStatus: current.status || null,
      toStatus,
      deviceTime: now.toISOString(),
      ...(note ? { note } : {}),
    };
    const next: RosterPerson = { ...current, status: toStatus, statusChangedAt: op.deviceTime, statusChangedBy: actor.name, statusDeviceId: device, statusOperationId: op.id };
    await db.rosterPeople.put(next);
    await db.checkinOutbox.add({ id: op.id, eventId: current.eventId, type: 'op', op, label: `${current.name}: ${toStatus}`, by: actor.name, author: authorOf(actor), deviceId: device, state: 'waiting', attempts: 0, createdAt: op.deviceTime });
    return next;
  });
  loadedIndex(updated.eventId)?.upsert([updated]);
  announce({ type: 'people', eventId: updated.eventId, keys: [[updated.kind, updated.id]] });
  announce({ type: 'outbox' });
  return updated;
}

const authorOf = (actor: Actor): OutboxAuthor | undefined => {
  const userId = actor.userId ?? tokenClaims(getToken()).sub;
  return userId ? { userId, name: actor.name } : undefined;
};


/** A visitor registered at the desk: on the roster at once (registered_at_venue), sent when online. */
export async function registerWalkIn(input: Omit<WalkInDraft, 'id' | 'deviceTime'>, actor: Actor): Promise<RosterPerson> {
  const db = checkinDb();
  const device = await deviceId();
  const now = new Date().toISOString();
  const walkIn: WalkInDraft = { ...input, id: uuidv7(), deviceTime: now };
  const person: RosterPerson = {
    eventId: input.eventId,
    kind: 'visitors',
    id: walkIn.id,
    name: input.fullName,
    mobile: canonicalMobile(input.mobileNumber) ?? input.mobileNumber,
    organisation: input.organizationName ?? '',
    passCode: '',
    status: 'registered_at_venue',
    statusChangedAt: now,
    statusChangedBy: actor.name,
    statusDeviceId: device,
    // The registration is the person's first status change: the next change made here builds on it.
    statusOperationId: walkIn.id,
    version: 0,
  };
  await db.transaction('rw', db.rosterPeople, db.checkinOutbox, async () => {
    await db.rosterPeople.put(person);
    await db.checkinOutbox.add({ id: walkIn.id, eventId: input.eventId, type: 'walk-in', walkIn, label: `Walk-in: ${input.fullName}`, by: actor.name, author: authorOf(actor), deviceId: device, state: 'waiting', attempts: 0, createdAt: now });
  });
  loadedIndex(input.eventId)?.upsert([person]);
  announce({ type: 'people', eventId: input.eventId, keys: [['visitors', walkIn.id]] });
  announce({ type: 'outbox' });
  return person;
}

/**
 * Logging out: the device forgets every event's roster (names, mobile numbers, pass codes) and the
 * tickets of users with nothing left to send. Changes still waiting stay, credited to their authors.
 */
export async function wipeRoster(): Promise<void> {
  const db = checkinDb();
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
  devicePromise = undefined;
  currentIndex?.replaceAll([]);
  currentIndex = undefined;
  announce({ type: 'wiped' });
}

// ---------------------------------------------------------------------------------------------------
// The outbox

export async function outboxEntries(): Promise<CheckinOutboxEntry[]> {
  return checkinDb().checkinOutbox.orderBy('seq').toArray();
}

/** The oldest entries still to send (waiting, or left 'sending' by a page that closed mid-send). */
export async function nextToSend(limit: number): Promise<CheckinOutboxEntry[]> {
  const out: CheckinOutboxEntry[] = [];
  await checkinDb()
    .checkinOutbox.orderBy('seq')
    .until(() => out.length >= limit)
    .each((entry) => {
      if (entry.state !== 'refused') out.push(entry);
    });
  return out;
}

export async function markSending(seqs: number[]): Promise<void> {
  const db = checkinDb();
  await db.checkinOutbox.where('seq').anyOf(seqs).modify({ state: 'sending' });
}

/** Back to waiting after a failure (network, 5xx, 401): nothing is lost. */
export async function markWaiting(seqs: number[], error?: string): Promise<void> {
  const db = checkinDb();
  await db.checkinOutbox
    .where('seq')
    .anyOf(seqs)
    .modify((entry) => {
      entry.state = 'waiting';
      entry.attempts += 1;
      if (error) entry.reason = error;
    });
}

export interface Delivery {
  seq: number;
  /** Refused for good: kept with the reason, until staff retry or discard it. */
  refused?: string;
  /** The person's state on the server after the batch (null: no longer on the roster). */
  person?: { eventId: string; kind: RosterKind; id: string; state: PersonState | null; walkIn?: Partial<RosterPerson> };
}

/**
 * Applies the server's answers in one transaction: delivered entries leave the outbox, refused ones stay
 * with the reason, and each person takes the server's state — unless a later operation of this device
 * for that person is still waiting (its own answer will bring the final state).
 */
export async function applyDeliveries(eventId: string, deliveries: Delivery[]): Promise<RosterPerson[]> {
  const db = checkinDb();
  const changed: RosterPerson[] = [];
  await db.transaction('rw', db.rosterPeople, db.rosterChunks, db.checkinOutbox, async () => {
    const seqs = new Set(deliveries.map((d) => d.seq));
    const batchIds = new Set((await db.checkinOutbox.bulkGet([...seqs])).filter((e): e is CheckinOutboxEntry => !!e).map((e) => e.id));
    for (const d of deliveries) {
      if (d.refused) await db.checkinOutbox.update(d.seq, { state: 'refused', reason: d.refused });
      else await db.checkinOutbox.delete(d.seq);
    }
    const pending = await pendingRecordKeys(db, eventId, batchIds);
    const seen = new Set<string>();
    const downloads = new Map<string, Promise<Map<string, RosterPerson>>>();
    for (const d of deliveries) {
      if (!d.person) continue;
      const key = `${d.person.kind}:${d.person.id}`;
      if (seen.has(key) || pending.has(key)) continue;
      seen.add(key);
      const current = await localPerson(db, d.person.eventId, d.person.kind, d.person.id, downloads);
      if (!current) continue;
      const state = d.person.state;
      if (!state) continue; // no longer on the roster: the next roster pull brings the tombstone
      const next: RosterPerson = {
        ...current,
        ...d.person.walkIn,
        status: state.status ?? '',
        statusChangedAt: state.statusChangedAt,
        statusChangedBy: state.statusChangedBy,
        statusDeviceId: state.statusDeviceId,
        statusOperationId: state.statusOperationId,
      };
      await db.rosterPeople.put(next);
      changed.push(next);
    }
  });
  loadedIndex(eventId)?.upsert(changed);
  if (changed.length) announce({ type: 'people', eventId, keys: changed.map((p) => [p.kind, p.id]) });
  announce({ type: 'outbox' });
  return changed;
}

/** "Retry" on a refused entry: it goes back to the queue, in its original place. */
export async function retryRefused(seq: number): Promise<void> {
  await checkinDb().checkinOutbox.update(seq, { state: 'waiting', reason: undefined });
  announce({ type: 'outbox' });
}

/** "Discard" on a refused entry: the server's state is taken at the next pull. */
export async function discardRefused(seq: number): Promise<void> {
  await checkinDb().checkinOutbox.delete(seq);
  announce({ type: 'outbox' });
}

export async function outboxSummary(): Promise<{ waiting: number; refused: CheckinOutboxEntry[]; unsent: CheckinOutboxEntry[] }> {
  const db = checkinDb();
  const all = await db.checkinOutbox.orderBy('seq').toArray();
  const unsent = all.filter((e) => e.state !== 'refused');
  return { waiting: unsent.length, refused: all.filter((e) => e.state === 'refused'), unsent };
}

// ---------------------------------------------------------------------------------------------------
// The admin panel's offline changes (issue 7): the same outbox, for people the device may not hold

/**
 * A status change made in the admin panel while offline: one operation in the outbox. The person need
 * not be on this device's roster; when they are, their copy changes in the same transaction (as in
 * `changeStatus`). `fromStatus` is what this device last held: the newest change still waiting for
 * that person, else the roster copy, else the status the panel showed.
 */
export async function queuePanelStatusChange(input: {
  eventId: string;
  kind: RosterKind;
  recordId: string;
  fromStatus: string | null;
  /** The change that set the status the panel showed (the row's `statusOperationId`). */
  baseOperationId: string | null;
  toStatus: string;
  label: string;
  actor: Actor;
}): Promise<CheckinOutboxEntry> {
  const db = checkinDb();
  const device = await deviceId();
  const { entry, updated } = await db.transaction('rw', db.rosterPeople, db.rosterChunks, db.checkinOutbox, async () => {
    let fromStatus = input.fromStatus;
    let base = input.baseOperationId;
    const current = input.eventId ? await localPerson(db, input.eventId, input.kind, input.recordId) : undefined;
    if (current) {
      fromStatus = current.status || null;
      base = current.statusOperationId ?? null;
    }
    const waiting = await db.checkinOutbox.where('eventId').equals(input.eventId).toArray();
    for (const e of waiting) {
      if (e.state !== 'refused' && e.op?.kind === input.kind && e.op.recordId === input.recordId) {
        fromStatus = e.op.toStatus;
        base = e.op.id;
      }
    }
    const now = new Date();
    const op: CheckinOperation = {
      id: uuidv7(now.getTime()),
      kind: input.kind,
      recordId: input.recordId,
      eventId: input.eventId,
      baseOperationId: base,
      fromStatus,
      toStatus: input.toStatus,
      deviceTime: now.toISOString(),
    };
    const entry: CheckinOutboxEntry = { id: op.id, eventId: input.eventId, type: 'op', op, label: input.label, by: input.actor.name, author: authorOf(input.actor), deviceId: device, state: 'waiting', attempts: 0, createdAt: op.deviceTime };
    entry.seq = await db.checkinOutbox.add(entry);
    let updated: RosterPerson | undefined;
    if (current) {
      updated = { ...current, status: input.toStatus, statusChangedAt: op.deviceTime, statusChangedBy: input.actor.name, statusDeviceId: device, statusOperationId: op.id };
      await db.rosterPeople.put(updated);
    }
    return { entry, updated };
  });
  if (updated) {
    loadedIndex(updated.eventId)?.upsert([updated]);
    announce({ type: 'people', eventId: updated.eventId, keys: [[updated.kind, updated.id]] });
  }
  announce({ type: 'outbox' });
  return entry;
}
