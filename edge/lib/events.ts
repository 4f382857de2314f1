import type { RegistrationQuestion } from '../../shared/registration-questions';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { events } from '../db/tables/events';

export interface PublicEvent {
  id: string;
  eventName: string;
  city: string;
  venue: string;
  startDateTime: string;
  endDateTime: string;
  /** The public forms' window; null: no limit on that side. */
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  address: string;
  mapUrl: string;
  openingHours: string;
  awardsNightAt: string | null;
  /** The visitor form's questions (shared/registration-questions.ts): the public form shows them, the submission is checked against them. */
  registrationQuestions: RegistrationQuestion[];
}

const publicEventColumns = {
  id: events.id,
  eventName: events.eventName,
  city: events.city,
  venue: events.venue,
  startDateTime: events.startDateTime,
  endDateTime: events.endDateTime,
  registrationOpensAt: events.registrationOpensAt,
  registrationClosesAt: events.registrationClosesAt,
  address: events.address,
  mapUrl: events.mapUrl,
  openingHours: events.openingHours,
  awardsNightAt: events.awardsNightAt,
  registrationQuestions: events.registrationQuestions,
};

/**
 * The event a public page or submission is about: the featured one. Should an organiser have left no
 * event featured, the active event starting last stands in, so the site and its forms keep working.
 */
export async function currentEvent(db: Database): Promise<PublicEvent | undefined> {
  const [featured] = await db.select(publicEventColumns).from(events).where(eq(events.isFeatured, true)).orderBy(desc(events.startDateTime)).limit(1);
  if (featured) return featured;
  const [active] = await db.select(publicEventColumns).from(events).where(eq(events.status, 'active')).orderBy(desc(events.startDateTime)).limit(1);
  return active;
}

export async function eventById(db: Database, id: string): Promise<PublicEvent | undefined> {
  const [event] = await db.select(publicEventColumns).from(events).where(eq(events.id, id)).limit(1);
  return event;
}

/**
 * Events change a few times a season and are read by every submission, so a submission reuses a look-up
 * made in the last second (one query a second instead of one per registration under a crowd). Only found
 * events are kept: a new event id is seen at once. Event writes may call `forgetCachedEvents` to apply
 * at once rather than within the second.
 *
 * The cache holds found values, never a promise of one: concurrent misses each run their own query, so no
 * request ever waits on a look-up another request started (Workers cancel such a request; decision 013).
 */
const EVENT_CACHE_MS = 1_000;
const CURRENT = '\u0000current';
const eventCache = new WeakMap<object, Map<string, { event: PublicEvent; until: number }>>();
const cacheOwners = new WeakMap<Database, object>();

/**
 * Makes `db` use the event cache of `owner`: on Workers each request has a database object of its own over
 * the same database, and they share one cache through the same owner.
 */
export function shareEventCache(db: Database, owner: object) {
  cacheOwners.set(db, owner);
}

/** Whose caches `db` uses: its shared owner (Workers), else itself. The message guard's cache shares it. */
export const sharedCacheOwner = (db: Database): object => cacheOwners.get(db) ?? db;
const ownerOf = sharedCacheOwner;

export function forgetCachedEvents(db: Database) {
  eventCache.delete(ownerOf(db));
}

export async function cachedEvent(db: Database, id: string | undefined): Promise<PublicEvent | undefined> {
  const owner = ownerOf(db);
  let cache = eventCache.get(owner);
  if (!cache) eventCache.set(owner, (cache = new Map()));
  const cacheKey = id ?? CURRENT;
  const hit = cache.get(cacheKey);
  const at = Date.now();
  if (hit && hit.until > at) return hit.event;
  const event = id === undefined ? await currentEvent(db) : await eventById(db, id);
  if (event) {
    // Bounded: ids are client input; a flood of distinct (found) ids must not grow this without limit.
    if (cache.size >= 100) cache.clear();
    cache.set(cacheKey, { event, until: at + EVENT_CACHE_MS });
  } else {
    cache.delete(cacheKey);
  }
  return event;
}
