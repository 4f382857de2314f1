import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { siteSettings } from '../db/tables/system';
import { currentEvent } from './events';
import { DEFAULT_PACKAGES, type SitePackage, subscriptionChoices } from './site-defaults';

export { DEFAULT_PACKAGES, GENERAL_ENQUIRY, type SitePackage, subscriptionChoices } from './site-defaults';

/**
 * What the public pages show that an organiser may want to change without a release: contact phone and
 * e-mail, and the sponsorship packages. Stored one JSON value per key in `site_settings`; a key that was
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
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  contactPhone: '',
  contactEmail: '',
  packages: DEFAULT_PACKAGES,
  founderVideoUrl: '',
};

export type SiteSettingKey = keyof SiteSettings;
export const SITE_SETTING_KEYS = Object.keys(DEFAULT_SITE_SETTINGS) as SiteSettingKey[];

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
};

export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select().from(siteSettings);
  const settings: SiteSettings = { ...DEFAULT_SITE_SETTINGS };
  for (const { key, value } of rows) {
    if (!(SITE_SETTING_KEYS as string[]).includes(key)) continue;
    const name = key as SiteSettingKey;
    if (VALIDATORS[name](value)) (settings as unknown as Record<string, unknown>)[name] = value;
  }
  return settings;
}

/** Sets one setting (the admin Settings API). Throws on a value of the wrong shape: validate before calling. */
export async function putSiteSetting<K extends SiteSettingKey>(db: Database, key: K, value: SiteSettings[K], now: Date): Promise<void> {
  if (!VALIDATORS[key](value)) throw new TypeError(`Invalid value for site setting ${key}`);
  const at = now.toISOString();
  await db
    .insert(siteSettings)
    .values({ key, value, updatedAt: at })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: at } });
}

/** What the public pages show: the featured event and the organiser's settings (`GET /api/public/site`). */
export async function publicSite(db: Database) {
  const [event, settings] = await Promise.all([currentEvent(db), getSiteSettings(db)]);
  return {
    event: event ?? null,
    contactPhone: settings.contactPhone,
    contactEmail: settings.contactEmail,
    packages: settings.packages,
    subscriptionChoices: subscriptionChoices(settings.packages),
    founderVideoUrl: settings.founderVideoUrl,
  };
}
