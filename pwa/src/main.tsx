import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LANGUAGE_STORAGE_KEY, localePath, splitLanguage } from './features/public-site/i18n/languages';
import { loadPublicPage } from './features/public-site/public-pages';
import { registerServiceWorker } from './offline/service-worker';

// No CSS is imported here: a rendered public page links one stylesheet, its own (public-site.css, which
// begins with the common styles), and every other page has them from the router's app (app.tsx), linked
// from the shell. CSS of this entry would be a second request before a public page's first paint.

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

// A public page arrives rendered by the server with its data (edge/public-pages.ts): the app loads that
// page's code and hydrates its markup, keeping it (and anything the visitor already did with it) instead of
// building it again. Public pages need no router (decision 025): its code loads only for every other page
// (the panel, the pass links, a public page the service worker starts offline from the empty shell).
async function start(root: HTMLElement) {
  // The language the visitor chose on an earlier visit (the header's switch keeps it): an English address
  // of a public page opens in that language instead (decision 075).
  const kept = (() => {
    try {
      return localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      return null;
    }
  })();
  if ((kept === 'te' || kept === 'hi') && root.hasChildNodes() && splitLanguage(window.location.pathname).language === 'en') {
    window.location.replace(localePath(kept, window.location.pathname) + window.location.search + window.location.hash);
    return;
  }
  const page = root.hasChildNodes() ? await loadPublicPage(window.location.pathname).catch(() => undefined) : undefined;
  // In a transition: React hydrates in slices and stays responsive to a tap meanwhile, instead of one long
  // task over the whole page.
  if (page) startTransition(() => void hydrateRoot(root, page));
  else (await import('./app')).startApp(root);
}
void start(container);

// Production only: in development Vite serves modules that the worker must not cache. Registered once the
// page has loaded and the main thread is idle: installing the worker downloads every asset for offline
// use, which must not compete with the first visit's own page.
if (import.meta.env.PROD) {
  // Safari has no requestIdleCallback: there the worker registers just after the load.
  const whenIdle = (run: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 500));
  const register = () => void whenIdle(() => void registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
