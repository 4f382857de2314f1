import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { router } from './router';
// The common styles of every page; the shell links them (a rendered public page has them in its own stylesheet).
import './styles/common.css';

/** The whole app under TanStack Router, started in an empty page: the panel, pass links, and any page offline. */
export function startApp(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
