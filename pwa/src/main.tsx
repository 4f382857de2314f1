import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './offline/service-worker';
import { queryClient } from './query-client';
import { router } from './router';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);

/** Resolves once the browser has painted a frame (rAF runs just before a paint, the timeout just after). */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// The home page arrives rendered (see pwa/vite.config.ts). The app takes over only after that page is on
// screen and its route's code is loaded, so the first client render is the same page and replaces it
// without a flash or a layout shift; and it renders in a transition, in slices that leave the page
// responsive to a tap meanwhile instead of one long task.
if (container.hasChildNodes()) {
  void afterPaint()
    .then(() => router.load())
    .catch(() => undefined)
    .then(() => startTransition(() => createRoot(container).render(app)));
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
