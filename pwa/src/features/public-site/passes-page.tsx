import { lazy, Suspense } from 'react';
import { PublicLayout } from './public-layout';
import { usePageMeta } from './use-page-meta';

const PassesList = lazy(() => import('./registration/passes-page').then((module) => ({ default: module.PassesList })));
const FindPassForm = lazy(() => import('./registration/find-pass-form').then((module) => ({ default: module.FindPassForm })));
const PassLinkView = lazy(() => import('./registration/pass-link-page').then((module) => ({ default: module.PassLinkView })));

export function MyPassesPage() {
  usePageMeta({
    title: 'My passes | Hyderabad Property Expo 2025',
    description: 'Your entry passes for the Hyderabad Property Expo and Builders Awards, kept on this device.',
    path: '/passes',
  });
  return (
    <PublicLayout className="site--passes">
      <main id="main" className="passes-page">
        <h1>My passes</h1>
        <Suspense fallback={null}>
          <PassesList />
          <FindPassForm />
        </Suspense>
      </main>
    </PublicLayout>
  );
}

/** `/p/<token>`: the pass a link opens, on any device; kept in "My passes" for offline use. */
export function PassLinkPage({ token }: { token: string }) {
  usePageMeta({
    title: 'Your pass | Hyderabad Property Expo 2025',
    description: 'Your entry pass for the Hyderabad Property Expo and Builders Awards.',
    // Never the token: the link is the pass's key, not a page to share through meta tags.
    path: '/passes',
  });
  return (
    <PublicLayout className="site--passes">
      <main id="main" className="passes-page pass-link">
        <h1>Your pass</h1>
        <Suspense fallback={null}>
          <PassLinkView token={token} />
        </Suspense>
      </main>
    </PublicLayout>
  );
}
