import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { registerServiceWorker } from './offline/service-worker';
import { router } from './router';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// A public page arrives rendered by the server with its data (edge/public-pages.ts): the app hydrates that
// markup, keeping it (and anything the visitor already did with it) instead of building it again. Its route's
// code is loaded first, so the first render is that same page. Other pages start from the empty shell.
if (container.hasChildNodes()) {
  // The router renders a server-rendered page's tree as its server did (no extra Suspense boundary around
  // the matches): what TanStack Router's own hydrate() sets. Its loader-data transfer ($_TSR, inline
  // scripts) is not used: these routes have no loaders, and the page's data comes as one JSON block.
  router.ssr = { manifest: undefined };
  void router
    .load()
    .catch(() => undefined)
    // In a transition: React hydrates in slices and stays responsive to a tap meanwhile, instead of one
    // long task over the whole page.
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}

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
