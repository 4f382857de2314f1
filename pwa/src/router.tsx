import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

/**
 * The prerendered home page is on screen (and may have been scrolled) before the app takes over: the
 * takeover's first render must leave the page where the visitor put it. Later navigations restore or
 * reset the scroll as usual.
 */
let keepScrollOfFirstRender = typeof document !== 'undefined' && document.getElementById('root')?.hasChildNodes() === true;

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // Let TanStack Query (the panel's) decide freshness; the router only triggers loaders.
  defaultPreloadStaleTime: 0,
  scrollRestoration: () => {
    if (!keepScrollOfFirstRender) return true;
    keepScrollOfFirstRender = false;
    return false;
  },
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
