import { createRootRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NotFound } from '../components/not-found';
import { UpdatePrompt } from '../components/update-prompt';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});

/**
 * Two installable apps from one build: a visitor installing the public site opens it at `/`; an organiser
 * or door tablet installing from the panel opens straight into the panel (public/panel.webmanifest).
 */
function useManifestForSection() {
  const inPanel = useRouterState({ select: (state) => /^\/(panel|adminpanel)(\/|$)/.test(state.location.pathname) });
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link) link.href = inPanel ? '/panel.webmanifest' : '/manifest.webmanifest';
  }, [inPanel]);
}

function RootLayout() {
  useManifestForSection();
  return (
    <>
      <Outlet />
      <UpdatePrompt />
    </>
  );
}
