import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './offline/service-worker';
import { queryClient } from './query-client';
import { router } from './router';
import './styles/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

function render() {
  createRoot(container!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

// The home page arrives rendered (see pwa/vite.config.ts): mount once its route's code is loaded, so the
// first client render is the same page and replaces it without a flash or a layout shift.
if (container.hasChildNodes()) void router.load().then(render, render);
else render();

// Production only: in development Vite serves modules that the worker must not cache.
if (import.meta.env.PROD) void registerServiceWorker();
