import { PublicLayout } from './public-layout';
import { PassesList } from './registration/passes-page';
import { usePageMeta } from './use-page-meta';

export function MyPassesPage() {
  usePageMeta('/passes');
  return (
    <PublicLayout className="site--passes">
      <main id="main" className="passes-page">
        <h1>My passes</h1>
        <PassesList />
      </main>
    </PublicLayout>
  );
}
