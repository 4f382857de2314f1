import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { siteSettings } from '../db/tables/system';

/**
 * What the public pages show that an organiser may want to change without a release: contact phone and
 * e-mail, and the sponsorship packages. Stored one JSON value per key in `site_settings`; a key that was
 * never set (or holds something unusable) falls back to the defaults below, so the site always renders.
 */
export interface SitePackage {
  /** Stable slug, for links and for preselecting a package in the enquiry popup. */
  id: string;
  name: string;
  /** Shown as written, e.g. "10 Lakhs + GST". */
  price: string;
  badge?: string;
  features: string[];
}

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

export const GENERAL_ENQUIRY = 'General Enquiry';

/**
 * Seed 000 §2: the four cards and their prices, platinum "Most Popular". The seed lists the deliverables
 * (expo stalls, podcast life story, company profile, strip ads, online sales sessions, digital
 * strategies) but not which pack has which; the split and the counts below are a sensible default that
 * grows with the tier, for an organiser to correct in Settings.
 */
export const DEFAULT_PACKAGES: SitePackage[] = [
  {
    id: 'platinum-10',
    name: '10 PACK PLATINUM',
    price: '10 Lakhs + GST',
    badge: 'Most Popular',
    features: ['2 expo stalls', 'Podcast life story', 'Company profile', 'Strip ads', '4 online sales sessions', 'Digital strategies'],
  },
  {
    id: 'gold-6',
    name: '6 PACK GOLD',
    price: '6 Lakhs + GST',
    features: ['1 expo stall', 'Podcast life story', 'Company profile', 'Strip ads', '2 online sales sessions', 'Digital strategies'],
  },
  {
    id: 'silver-4',
    name: '4 PACK SILVER',
    price: '4 Lakhs + GST',
    features: ['1 expo stall', 'Company profile', 'Strip ads', '1 online sales session'],
  },
  {
    id: 'silver-3',
    name: '3 PACK SILVER',
    price: '3 Lakhs + GST',
    features: ['1 expo stall', 'Company profile', 'Strip ads'],
  },
];

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  contactPhone: '',
  contactEmail: '',
  packages: DEFAULT_PACKAGES,
  founderVideoUrl: '',
};

export type SiteSettingKey = keyof SiteSettings;
export const SITE_SETTING_KEYS = Object.keys(DEFAULT_SITE_SETTINGS) as SiteSettingKey[];

/**
 * The enquiry popup's subscription choices: the package names plus "General Enquiry". Derived from the
 * packages (not the seed's separate list with "2 PACK BRONZE", which no card offers), so the choices and
 * the cards can never disagree.
 */
export function subscriptionChoices(packages: SitePackage[]): string[] {
  return [...packages.map((p) => p.name), GENERAL_ENQUIRY];
}

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
