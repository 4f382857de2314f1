// The organiser's data for the public pages (`GET /api/public/site`): featured event, contacts and the
// sponsorship packages. A page the server rendered carries the data it was rendered with (and the moment
// it was rendered), so the app's first render is that same page; a page started without it (offline, from
// the service worker's shell) asks the API and shows the last answer kept on this device meanwhile.
import { createContext, createElement, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { PublicEvent } from '@edge/lib/events';
import { FEATURED_EVENT } from '@edge/lib/featured-event';
import { REGISTRATION_CLOSED_MESSAGE, REGISTRATION_NOT_YET_MESSAGE, registrationClosedMessage } from '@edge/lib/registration-window';
import { useLocale } from './i18n/locale';
import type { publicSite } from '@edge/lib/site-settings';

/**
 * What `GET /api/public/site` answers (its type is the route's own): the featured event, contacts,
 * packages and enquiry choices, the founder's video (a path on this site, or '' while there is none), the
 * award categories set in Settings, and the panel's records marked "show on site".
 */
export type SiteData = Awaited<ReturnType<typeof publicSite>>;

/** The featured expo's details, shown until the API answers. */
const FALLBACK_SITE: SiteData = {
  event: {
    id: '',
    // The event created on the first start, so the prerendered page and the live one agree.
    eventName: FEATURED_EVENT.eventName,
    city: FEATURED_EVENT.city,
    venue: FEATURED_EVENT.venue,
    startDateTime: FEATURED_EVENT.startDateTime,
    endDateTime: FEATURED_EVENT.endDateTime,
    registrationOpensAt: null,
    registrationClosesAt: null,
    address: '',
    mapUrl: '',
    openingHours: '',
    awardsNightAt: null,
    registrationQuestions: [],
  },
  contactPhone: '',
  contactEmail: '',
  // The four default packages and enquiry choices live with the (lazily loaded) sections that show them.
  packages: [],
  subscriptionChoices: [],
  founderVideoUrl: '',
  awardCategories: [],
  founderBio: '',
  // The privacy page is rendered by the server with the organiser's text (or the default); offline, the last copy.
  privacyNotice: '',
  privacyNoticeIsDefault: false,
  speakers: [],
  jury: [],
  sponsors: [],
};

async function fetchSite(): Promise<SiteData> {
  // Only a page started without the server's data asks (offline shell, panel → public): the client is loaded then.
  const [{ apiClient }, { readEnvelope }] = await Promise.all([import('../../lib/api-client'), import('../../lib/envelope')]);
  return (await readEnvelope(apiClient().api.public.site.$get())).data;
}

/** What a server-rendered page carries in its `#site-data` block. */
export interface RenderedSite {
  site: SiteData;
  /** When the page was rendered (ms since the epoch): the countdown's first value, on server and client alike. */
  renderedAt: number;
  /** The site's public address (share links are absolute). */
  origin: string;
}

const SITE_DATA_ELEMENT_ID = 'site-data';

function readRendered(): RenderedSite | null {
  if (typeof document === 'undefined') return null;
  try {
    const text = document.getElementById(SITE_DATA_ELEMENT_ID)?.textContent;
    return text ? (JSON.parse(text) as RenderedSite) : null;
  } catch {
    return null;
  }
}

/** The site data as a JSON block for the page's HTML (`<` escaped, so no text can close the element). */
export function renderedSiteScript(rendered: RenderedSite): string {
  const json = JSON.stringify(rendered)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${json}</script>`;
}

// A tiny store instead of TanStack Query's useQuery: Home's JS budget has no room for the observer code.
// The last answer is kept in localStorage, so a returning or offline visitor sees the organiser's data.
const CACHE_KEY = 'eventpro.public-site';
const listeners = new Set<() => void>();
const rendered = readRendered();
let site: SiteData | null = rendered?.site ?? readCache();
// A rendered page's data is the server's current data: no need to ask again.
let requested = rendered !== null;

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

/** On the server, the data a page is rendered with (requests render side by side: no module state). */
const ServerSite = createContext<RenderedSite | null>(null);

export function ServerSiteProvider({ value, children }: { value: RenderedSite; children: ReactNode }) {
  return createElement(ServerSite.Provider, { value }, children);
}

/** The site data; the cached or built-in values until (or unless) the API answers. */
export function useSite(): SiteData {
  const server = useContext(ServerSite);
  const client = useSyncExternalStore(subscribe, snapshot, snapshot);
  return server?.site ?? client ?? FALLBACK_SITE;
}

/** The site's public address: the server's, or this page's for a page the app started itself. */
export function useSiteOrigin(): string {
  return useContext(ServerSite)?.origin ?? rendered?.origin ?? window.location.origin;
}

/** The moment the page was rendered (the server's clock), or now for a page the app started itself. */
export function useRenderedAt(): number {
  return useContext(ServerSite)?.renderedAt ?? rendered?.renderedAt ?? Date.now();
}

/** The featured event; the expo's built-in details when the organiser has none. */
export function useEvent(): PublicEvent {
  return useSite().event ?? FALLBACK_SITE.event!;
}

/**
 * What the public forms say when the featured event takes no registrations now (before its window opens,
 * after it closes); null while it is open. The first render uses the page's rendering moment, like the
 * server did; then the visitor's clock.
 */
export function useRegistrationClosed(): string | null {
  const event = useEvent();
  const renderedAt = useRenderedAt();
  const [now, setNow] = useState(renderedAt);
  useEffect(() => setNow(Date.now()), []);
  const { language, t, dayTime } = useLocale();
  const message = registrationClosedMessage(event, new Date(now));
  // Not yet open, on a Telugu or Hindi page: the opening in the page's language (English keeps the server's words).
  if (!message || message === REGISTRATION_CLOSED_MESSAGE || language === 'en' || !event.registrationOpensAt) return message;
  return t(REGISTRATION_NOT_YET_MESSAGE, { date: dayTime(event.registrationOpensAt) });
}
