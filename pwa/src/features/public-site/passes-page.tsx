import { lazy, Suspense } from 'react';
import { PublicLayout } from './public-layout';
import { usePageMeta } from './use-page-meta';

const PassesList = lazy(() => import('./registration/passes-page').then((module) => ({ default: module.PassesList })));

export function MyPassesPage() {
  usePageMeta('/passes');
  return (
    <PublicLayout className="site--passes">
      <main id="main" className="passes-page">
        <h1>My passes</h1>
        <Suspense fallback={null}>
          <PassesList />
        </Suspense>
      </main>
    </PublicLayout>
  );
}
