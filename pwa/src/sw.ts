// The service worker (vite-plugin-pwa `injectManifest`): precaches the app shell, answers navigations
// with it (never for /api), takes over only when the page says so (the "new version" prompt), and sends
// the public site's waiting submissions when Background Sync wakes it — even with every tab closed. It also
// keeps the admin panel's offline list cache for the panel's pages.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { PUBLIC_PAGE_PATHS } from './features/public-site/page-meta';
import { OUTBOX_REPORT_MESSAGE, reportLine } from './features/public-site/registration/outbox-report';
import { flushNow } from './features/public-site/registration/submit';
import type { FlushReport } from './offline/public-outbox';
import { CHECKIN_OUTBOX_SYNC_TAG, flushOutboxOnce } from './offline/checkin-background-sync';
import { answerPanelCacheMessage } from './offline/panel-cache-store';

export const PUBLIC_OUTBOX_SYNC_TAG = 'eventpro-public-outbox';

/** The parts of ServiceWorkerGlobalScope used here (the WebWorker lib clashes with the DOM lib in one tsconfig). */
interface WorkerScope {
  /** The build's files; `panel` marks the admin panel's (pwa/vite.config.ts `visitorAssets`). */
  __WB_MANIFEST: Array<{ url: string; revision: string | null; panel?: true }>;
  skipWaiting(): Promise<void>;
  location: { origin: string };
  clients: {
    claim(): Promise<void>;
    matchAll(options: {
      type: 'window';
      includeUncontrolled?: boolean;
    }): Promise<Array<{ url: string; visibilityState: DocumentVisibilityState; postMessage(message: unknown): void }>>;
  };
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: { waitUntil(promise: Promise<unknown>): void }) => void): void;
  addEventListener(
    type: 'message',
    listener: (event: { data?: { type?: string }; ports: readonly MessagePort[]; waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(type: 'sync', listener: (event: { tag: string; waitUntil(promise: Promise<unknown>): void }) => void): void;
}
declare const self: WorkerScope;

// A visitor's device keeps the public site's files from the first visit; the panel's (three quarters of
// the build: its screens, the door, the badges' fonts and PDF code) only once the panel is opened on it
// (decision 060).
const manifest = self.__WB_MANIFEST;
const visitorFiles = manifest.filter((entry) => !entry.panel);
const panelFiles = manifest.filter((entry) => entry.panel).map((entry) => new URL(entry.url, self.location.origin).href);
precacheAndRoute(visitorFiles);
cleanupOutdatedCaches();

const PANEL_ASSETS_CACHE = 'eventpro-panel-assets';
// The exhibitor portal's files are kept with the panel's: stored when the portal is first opened (decision 081).
const isPanelPath = (pathname: string) => /^\/(panel|adminpanel|exhibitor)(\/|$)/.test(pathname);

/**
 * Stores every panel file this build has that is not stored yet, so the panel opens offline from then on.
 * The files' names carry their content's hash: a stored file never goes stale, only unused (activate).
 */
async function cachePanelFiles(): Promise<void> {
  const cache = await caches.open(PANEL_ASSETS_CACHE);
  const stored = new Set((await cache.keys()).map((request) => request.url));
  const missing = panelFiles.filter((url) => !stored.has(url));
  const results = await Promise.allSettled(missing.map((url) => cache.add(url)));
  if (results.some((result) => result.status === 'rejected')) throw new Error('Some of the panel’s files could not be stored');
}

/** Whether the panel was opened on this device (its files are kept), or is open now. */
async function panelInUse(): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.some((w) => isPanelPath(new URL(w.url).pathname))) return true;
  return (await caches.has(PANEL_ASSETS_CACHE)) && (await (await caches.open(PANEL_ASSETS_CACHE)).keys()).length > 0;
}

// A new build's worker stores the new panel files before it takes over, where the panel is in use: the
// panel keeps opening offline across updates, and a first visit that opened the panel is ready offline.
self.addEventListener('install', (event) => {
  event.waitUntil(panelInUse().then((inUse) => (inUse ? cachePanelFiles() : undefined)));
});
// Files of earlier builds that this one no longer has are dropped once it runs.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.open(PANEL_ASSETS_CACHE).then(async (cache) => {
      const current = new Set(panelFiles);
      for (const request of await cache.keys()) if (!current.has(request.url)) await cache.delete(request);
    }),
  );
});
// The panel's files: the stored copy, else the network (and the copy kept).
const panelFileSet = new Set(panelFiles);
registerRoute(
  ({ url }) => panelFileSet.has(url.href),
  async ({ request }) => {
    const cache = await caches.open(PANEL_ASSETS_CACHE);
    const stored = await cache.match(request);
    if (stored) return stored;
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  },
);
const appShell = createHandlerBoundToURL('/app.html');
const PUBLIC_PAGES_CACHE = 'eventpro-public-pages';
// The public pages come from the network, rendered with the current data; the last copy of each is kept
// for offline visits (and the empty shell, from which the app starts, when there is none).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && PUBLIC_PAGE_PATHS.includes(url.pathname),
  async (options) => {
    try {
      const response = await fetch(options.request);
      if (response.ok) {
        const copy = response.clone();
        void caches.open(PUBLIC_PAGES_CACHE).then((cache) => cache.put(options.request, copy));
      }
      return response;
    } catch {
      return (await caches.match(options.request, { cacheName: PUBLIC_PAGES_CACHE })) ?? appShell(options);
    }
  },
);
// Every other page starts from the empty shell. Opening the panel stores its files for offline use.
registerRoute(
  new NavigationRoute(
    (options) => {
      if (isPanelPath(options.url.pathname)) options.event.waitUntil(cachePanelFiles().catch(() => undefined));
      return appShell(options);
    },
    { denylist: [/^\/api\//] },
  ),
);

// The first worker of a device controls the page that installed it at once, so the panel that was open
// when the worker arrived reloads offline. (A newer worker still waits for the "Reload" choice below.)
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// workbox-window's messageSkipWaiting() after the user chose "Reload".
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The admin panel's offline list cache (lib/panel-cache.ts): its pages send their newest copy here and ask
// for it back when they open; this worker keeps it in the app's database, whose code the pages then never load.
self.addEventListener('message', (event) => {
  const work = answerPanelCacheMessage(event.data, event.ports);
  if (work) event.waitUntil(work);
});

/**
 * What this worker sent, told to the person: the site's open pages show it (a toast, the pass); with no
 * page open, a notification when the person allowed them.
 */
async function tellPerson(reports: FlushReport[]): Promise<void> {
  if (reports.length === 0) return;
  const windows = await self.clients.matchAll({ type: 'window' });
  const pages = windows.filter((w) => !new URL(w.url).pathname.startsWith('/panel'));
  for (const page of pages) page.postMessage({ type: OUTBOX_REPORT_MESSAGE, reports });
  if (pages.length > 0 || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  for (const report of reports) {
    const line = reportLine(report);
    if (line) await self.registration.showNotification('EventPro', { body: line.text, tag: report.entry.id, data: { url: '/passes' } });
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag !== PUBLIC_OUTBOX_SYNC_TAG) return;
  // A rejected promise makes the browser retry the sync later, with back-off.
  event.waitUntil(
    flushNow('').then(async (reports) => {
      await tellPerson(reports.filter((report) => report.outcome.kind !== 'retry'));
      if (reports.some((report) => report.outcome.kind === 'retry')) throw new Error('Some submissions are still waiting');
    }),
  );
});

// The venue check-in's outbox (offline/checkin-background-sync.ts): sent once when Background Sync wakes the worker.
// A visible panel page runs the same engine on its own triggers (online, focus, every 15 s) and shows
// what it sends, so the worker leaves the sending to it; with no panel page in sight (closed, hidden,
// in the back-forward cache) the worker sends.
self.addEventListener('sync', (event) => {
  if (event.tag !== CHECKIN_OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      if (windows.some((w) => w.visibilityState === 'visible' && new URL(w.url).pathname.startsWith('/panel'))) return undefined;
      return flushOutboxOnce(); // rejects while anything still waits: the browser retries later
    }),
  );
});
