import { lazy, Suspense } from 'react';
import { useLocale } from './i18n/locale';
import { PublicLayout } from './public-layout';
import { FindPassForm } from './registration/find-pass-form';
import { PassesList } from './registration/passes-page';
import { usePageMeta } from './use-page-meta';

const PassLinkView = lazy(() => import('./registration/pass-link-page').then((module) => ({ default: module.PassLinkView })));

/** `/passes`: the passes kept on this device, and "Find my pass" to have a pass's link sent again. */
export function MyPassesPage() {
  usePageMeta('/passes');
  const { t } = useLocale();
  return (
    <PublicLayout className="site--passes">
      <main id="main" className="passes-page">
        <h1>{t('My passes')}</h1>
        <PassesList />
        <FindPassForm />
      </main>
    </PublicLayout>
  );
}

/** `/p/<token>`: the pass a link opens, on any device, in its holder's language; kept in "My passes" for offline use. */
export function PassLinkPage({ token }: { token: string }) {
  return (
    <Suspense fallback={null}>
      <PassLinkView token={token} />
    </Suspense>
  );
}
