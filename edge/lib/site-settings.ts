import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sponsors } from '../db/tables/organisations';
import { guests, speakers } from '../db/tables/people';
import { siteSettings } from '../db/tables/system';
import { currentEvent, sharedCacheOwner } from './events';
import { DEFAULT_PACKAGES, type SitePackage, subscriptionChoices } from './site-defaults';
import { DEFAULT_PRIVACY_NOTICE } from '../../shared/consent';
import { DEFAULT_MESSAGE_GUARD, type MessageGuard } from '../notifications/message-guard';

export { DEFAULT_PACKAGES, subscriptionChoices } from './site-defaults';

/**
 * What the public pages show that an organiser may want to change without a release: contact phone and
 * e-mail, the sponsorship packages, the founder's video and the awards' categories. Stored one JSON value per key in `site_settings`; a key that was
 * never set (or holds something unusable) falls back to DEFAULT_SITE_SETTINGS, so the site always renders.
 */
export interface SiteSettings {
  /** Empty until an organiser sets it in Settings; the pages hide an empty contact. */
  contactPhone: string;
  contactEmail: string;
  packages: SitePackage[];
  /**
   * The founder's video: a path on this site (the CSP plays media from this origin only), e.g. a file
   * deployed as /media/founder.mp4. Empty: the poster says the video is coming.
   */
  founderVideoUrl: string;
  /** The awards' categories in the organiser's order; empty until set (the site then lists none). */
  awardCategories: string[];
  /**
   * The privacy notice at /privacy, paragraphs separated by a blank line; empty until an organiser writes
   * theirs: the site then shows DEFAULT_PRIVACY_NOTICE (shared/consent.ts).
   */
  privacyNotice: string;
  /** The founder's profile beside the video, as the organiser writes it; empty: the home says nothing about them. */
  founderBio: string;
  /** Where paid messages (WhatsApp, SMS) may go and how many (notifications/message-guard.ts); never shown on the site. */
  messageGuard: MessageGuard;
}

const DEFAULT_SITE_SETTINGS: SiteSettings = {
  contactPhone: '',
  contactEmail: '',
  packages: DEFAULT_PACKAGES,
  founderVideoUrl: '',
  awardCategories: [],
  privacyNotice: '',
  founderBio: '',
  messageGuard: DEFAULT_MESSAGE_GUARD,
};

export type SiteSettingKey = keyof SiteSettings;
const SITE_SETTING_KEYS = Object.keys(DEFAULT_SITE_SETTINGS) as SiteSettingKey[];

/** Each stored value is checked before use: a hand-edited or older value must never break the site. */
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const isPackage = (value: unknown): value is SitePackage => {
  if (value === null || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return isString(p.id) && isString(p.name) && isString(p.price) && (p.badge === undefined || isString(p.badge)) && isStringArray(p.features);
};

const VALIDATORS: { [K in SiteSettingKey]: (value: unknown) => value is SiteSettings[K] } = {
  contactPhone: isString,
  contactEmail: isString,
  packages: (value): value is SitePackage[] => Array.isArray(value) && value.every(isPackage),
  founderVideoUrl: isString,
  awardCategories: isStringArray,
  privacyNotice: isString,
  founderBio: isString,
  messageGuard: (value): value is MessageGuard => messageGuardOf(value) !== undefined,
};

/**
 * A stored guard as the code reads it, or undefined when it is unusable. A guard saved before the human
 * check's fields existed gets their defaults (never the default caps in place of the organiser's).
 */
function messageGuardOf(value: unknown): MessageGuard | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const g: Record<string, unknown> = {
    humanCheck: DEFAULT_MESSAGE_GUARD.humanCheck,
    humanCheckAtPercent: DEFAULT_MESSAGE_GUARD.humanCheckAtPercent,
    ...(value as Record<string, unknown>),
  };
  const count = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
  const valid =
    isStringArray(g.allowedCountryCodes) &&
    count(g.paidPerHour) &&
    count(g.paidPerDay) &&
    count(g.paidPerNumberPerDay) &&
    count(g.paidPerNetworkPerHour) &&
    typeof g.smsAlsoWhenWhatsapp === 'boolean' &&
    (g.humanCheck === 'off' || g.humanCheck === 'busy' || g.humanCheck === 'always') &&
    count(g.humanCheckAtPercent) &&
    (g.humanCheckAtPercent as number) <= 100;
  return valid ? (g as unknown as MessageGuard) : undefined;
}

export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select().from(siteSettings);
  const settings: SiteSettings = { ...DEFAULT_SITE_SETTINGS };
  for (const { key, value } of rows) {
    if (!(SITE_SETTING_KEYS as string[]).includes(key)) continue;
    const name = key as SiteSettingKey;
    if (name === 'messageGuard') settings.messageGuard = messageGuardOf(value) ?? settings.messageGuard;
    else if (VALIDATORS[name](value)) (settings as unknown as Record<string, unknown>)[name] = value;
  }
  return settings;
}

/**
 * The message guard as the senders and the public routes read it: a value read in the last second is
 * reused (a crowd's registrations read it once a second, not once each), with the event cache's owner so
 * a Worker's requests share it; Settings' save forgets it at once.
 */
const GUARD_CACHE_MS = 1_000;
const guardCache = new WeakMap<object, { guard: MessageGuard; until: number }>();

export async function cachedMessageGuard(db: Database): Promise<MessageGuard> {
  const owner = sharedCacheOwner(db);
  const hit = guardCache.get(owner);
  const at = Date.now();
  if (hit && hit.until > at) return hit.guard;
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, 'messageGuard'));
  const guard = (row && messageGuardOf(row.value)) || DEFAULT_MESSAGE_GUARD;
  guardCache.set(owner, { guard, until: at + GUARD_CACHE_MS });
  return guard;
}

export const forgetCachedMessageGuard = (db: Database) => guardCache.delete(sharedCacheOwner(db));

/** Sets one setting (the admin Settings API). Throws on a value of the wrong shape: validate before calling. */
export async function putSiteSetting<K extends SiteSettingKey>(db: Database, key: K, value: SiteSettings[K], now: Date): Promise<void> {
  if (!VALIDATORS[key](value)) throw new TypeError(`Invalid value for site setting ${key}`);
  const at = now.toISOString();
  await db
    .insert(siteSettings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: at } });
}

/** At most this many of each kind on the site: a longer list belongs on a page of its own. */
const SITE_LIST_LIMIT = 40;
const imageUrl = (key: string | null) => (key ? `/api/files/${key}` : null);

/** A person the site lists (speakers, jury): what the organiser chose to publish, never contact details. */
export interface SitePerson {
  name: string;
  /** Title, or designation and organisation. */
  role: string;
  bio: string;
  photoUrl: string | null;
}
export interface SiteSponsor {
  name: string;
  tier: string;
}

/**
 * The featured event's speakers, jury (guests marked "show on site") and sponsors, as organisers marked them
 * in the panel: so they are edited once, there. Cancelled or declined records are not shown.
 */
async function siteLists(db: Database, eventId: string): Promise<{ speakers: SitePerson[]; jury: SitePerson[]; sponsors: SiteSponsor[] }> {
  const [speakerRows, juryRows, sponsorRows] = await Promise.all([
    db
      .select({
        name: speakers.fullName,
        title: speakers.title,
        designation: speakers.designation,
        organisation: speakers.organizationName,
        bio: speakers.bio,
        photo: speakers.profileImageKey,
      })
      .from(speakers)
      .where(and(eq(speakers.eventId, eventId), eq(speakers.showOnSite, true), ne(speakers.status, 'not_attending')))
      .orderBy(asc(speakers.fullName))
      .limit(SITE_LIST_LIMIT),
    db
      .select({ name: guests.fullName, designation: guests.designation, organisation: guests.organizationName, photo: guests.profileImageKey })
      .from(guests)
      .where(and(eq(guests.eventId, eventId), eq(guests.showOnSite, true), ne(guests.status, 'not_attending')))
      .orderBy(asc(guests.fullName))
      .limit(SITE_LIST_LIMIT),
    db
      .select({ name: sponsors.organizationName, contact: sponsors.contactPersonName, tier: sponsors.sponsorshipTier })
      .from(sponsors)
      .where(and(eq(sponsors.eventId, eventId), eq(sponsors.showOnSite, true), ne(sponsors.status, 'not_attending')))
      .orderBy(asc(sponsors.organizationName))
      .limit(SITE_LIST_LIMIT),
  ]);
  const role = (designation: string, organisation: string) => [designation, organisation].filter(Boolean).join(', ');
  return {
    speakers: speakerRows.map((r) => ({ name: r.name, role: r.title || role(r.designation, r.organisation), bio: r.bio, photoUrl: imageUrl(r.photo) })),
    jury: juryRows.map((r) => ({ name: r.name, role: role(r.designation, r.organisation), bio: '', photoUrl: imageUrl(r.photo) })),
    sponsors: sponsorRows.map((r) => ({ name: r.name || r.contact, tier: r.tier })),
  };
}

/** What the public pages show: the featured event and the organiser's settings (`GET /api/public/site`). */
export async function publicSite(db: Database) {
  const [event, settings] = await Promise.all([currentEvent(db), getSiteSettings(db)]);
  const lists = event ? await siteLists(db, event.id) : { speakers: [], jury: [], sponsors: [] };
  return {
    event: event ?? null,
    contactPhone: settings.contactPhone,
    contactEmail: settings.contactEmail,
    packages: settings.packages,
    subscriptionChoices: subscriptionChoices(settings.packages),
    founderVideoUrl: settings.founderVideoUrl,
    awardCategories: settings.awardCategories,
    founderBio: settings.founderBio,
    privacyNotice: settings.privacyNotice || DEFAULT_PRIVACY_NOTICE,
    // The default is the site's own words, which a Telugu or Hindi page shows from its catalogue; an
    // organiser's own notice is theirs, shown as written in every language.
    privacyNoticeIsDefault: !settings.privacyNotice,
    ...lists,
  };
}
