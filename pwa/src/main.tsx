import { registerServiceWorker } from './offline/service-worker';

// No CSS is imported here: a rendered public page links one stylesheet, its own (public-site.css, which
// begins with the common styles), and every other page has them from the router's app (app.tsx), linked
// from the shell. CSS of this entry would be a second request before a public page's first paint.

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

// A public page arrives rendered by the server and is hydrated by the public site's own start
// (hydrate-public-page.tsx); public pages need no router (decision 025). The router's app starts every
// other page (the panel, the pass links, a public page the service worker starts offline from the empty
// shell), and any public page whose code could not load. Each loads on demand, so this entry — which every
// page fetches first — holds neither (decision 091).
async function start(root: HTMLElement) {
  if (root.hasChildNodes()) {
    const hydrated = await import('./features/public-site/hydrate-public-page').then(({ hydratePublicPage }) => hydratePublicPage(root)).catch(() => false);
    if (hydrated) return;
  }
  (await import('./app')).startApp(root);
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
