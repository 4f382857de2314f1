// The organiser's data for the public pages (`GET /api/public/site`): featured event, contacts and the
// sponsorship packages. Until it answers (first paint, offline, or an older server) the pages show the
// seed's values below, so nothing shifts and nothing is blank.
import { useSyncExternalStore } from 'react';
import type { PublicEvent } from '../../../../edge/lib/events';
import { FEATURED_EVENT } from '../../../../edge/lib/featured-event';
import type { SitePackage } from '../../../../edge/lib/site-defaults';
import { readEnvelope } from '../../lib/envelope';

export interface SiteData {
  event: PublicEvent | null;
  contactPhone: string;
  contactEmail: string;
  packages: SitePackage[];
  subscriptionChoices: string[];
  /** A path on this site, or '' while there is no video. */
  founderVideoUrl: string;
}

/** Seed 000's values, shown until the API answers. */
export const FALLBACK_SITE: SiteData = {
  event: {
    id: '',
    // The event created on the first start, so the prerendered page and the live one agree.
    eventName: FEATURED_EVENT.eventName,
    city: FEATURED_EVENT.city,
    venue: FEATURED_EVENT.venue,
    startDateTime: FEATURED_EVENT.startDateTime,
    endDateTime: FEATURED_EVENT.endDateTime,
  },
  contactPhone: '',
  contactEmail: '',
  // The seed's four packages and choices live with the (lazily loaded) sections that show them.
  packages: [],
  subscriptionChoices: [],
  founderVideoUrl: '',
};

async function fetchSite(): Promise<SiteData> {
  const body = await readEnvelope(fetch('/api/public/site', { headers: { Accept: 'application/json' } }));
  const data = body.data as Partial<SiteData> | undefined;
  return {
    event: data?.event ?? null,
    contactPhone: data?.contactPhone ?? '',
    contactEmail: data?.contactEmail ?? '',
    packages: Array.isArray(data?.packages) ? data.packages : [],
    subscriptionChoices: Array.isArray(data?.subscriptionChoices) ? data.subscriptionChoices : [],
    founderVideoUrl: typeof data?.founderVideoUrl === 'string' ? data.founderVideoUrl : '',
  };
}

// A tiny store instead of TanStack Query's useQuery: Home's JS budget has no room for the observer code.
// The last answer is kept in localStorage, so a returning or offline visitor sees the organiser's data.
const CACHE_KEY = 'eventpro.public-site';
const listeners = new Set<() => void>();
let site: SiteData | null = readCache();
let requested = false;

function readCache(): SiteData | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(CACHE_KEY);
    return raw ? (JSON.parse(raw) as SiteData) : null;
  } catch {
    return null;
  }
}

function load(): void {
  if (requested) return;
  requested = true;
  fetchSite().then(
    (data) => {
      site = data;
      try {
        localStorage.setItem(CACHE_KEY, JSON.stringify(data));
      } catch {
        // storage full or disabled: the next visit asks again
      }
      listeners.forEach((listener) => listener());
    },
    () => {
      // Offline or an older server: keep what we have; ask again on the next page load.
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
};
const snapshot = () => site;

/** The site data; the cached or seed values until (or unless) the API answers. */
export function useSite(): SiteData {
  return useSyncExternalStore(subscribe, snapshot, snapshot) ?? FALLBACK_SITE;
}

/** The featured event, the seed's when the organiser has none. */
export function useEvent(): PublicEvent {
  return useSite().event ?? FALLBACK_SITE.event!;
}
