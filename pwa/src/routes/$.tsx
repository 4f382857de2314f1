import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../components/not-found';
import { HomePage } from '../features/public-site/home-page';

/**
 * Any path no other route matches shows Home, except under the admin areas, where an unknown screen is
 * "404 - Page Not Found" (/panel/* has its own splat route).
 */
export const Route = createFileRoute('/$')({
  component: UnknownPath,
});

function UnknownPath() {
  const { _splat = '' } = Route.useParams();
  return /^(panel|adminpanel)(\/|$)/.test(_splat) ? <NotFound /> : <HomePage />;
}
