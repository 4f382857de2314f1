import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * The older admin address (`/adminpanel/*`) is an alias: the same screens by the shorter paths.
 * `/adminpanel/events?status=draft` → `/panel/events?status=draft`.
 */
export const Route = createFileRoute('/adminpanel/$')({
  beforeLoad: ({ params, location }) => {
    throw redirect({ href: `/panel/${params._splat ?? ''}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`, replace: true });
  },
});
