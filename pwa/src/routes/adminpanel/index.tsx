import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/adminpanel` → the panel's login (which goes on to the dashboard when signed in). */
export const Route = createFileRoute('/adminpanel/')({
  beforeLoad: ({ location }) => {
    throw redirect({ href: `/panel${location.searchStr}`, replace: true });
  },
});
