import { useEffect, useState } from 'react';
import type { Language } from '@shared/languages';
import { HolderLocale } from '../i18n/holder-locale';
import { keptLanguage } from '../i18n/languages';
import { useLocale } from '../i18n/locale';
import { PublicLayout } from '../public-layout';
import { usePageMeta } from '../use-page-meta';
import { PassCard } from './pass-card';
import { MyPassesSentence } from './my-passes-sentence';
import { PassConsents } from './pass-consents';
import { fetchPassByLink, type PassLinkState, storedPassOf } from './pass-link';

/**
 * `/p/<token>`: the pass a link opens, in the language its holder registered in (decision 087): this
 * device's copy at once (offline too), refreshed from the server when online. The page waits for its
 * language's texts (a page in another language first would change under the reader's eyes).
 */
export function PassLinkView({ token }: { token: string }) {
  const [state, setState] = useState<PassLinkState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void (async () => {
      const stored = await storedPassOf(token).catch(() => undefined);
      if (stored && live) setState({ kind: 'pass', pass: stored, fresh: false });
      const fetched = await fetchPassByLink(token);
      if (!live) return;
      // Offline (or a server that cannot answer) with a copy on the device: the copy stands.
      if (fetched.kind === 'offline' && stored) return;
      setState(fetched);
    })();
    return () => {
      live = false;
    };
  }, [token]);

  const language: Language = state.kind === 'pass' ? (state.pass.language ?? 'en') : keptLanguage();
  // The site's texts, the forms' (the pass card's) and My passes' (its title): a pass page shows them as it opens.
  return (
    <HolderLocale language={language} parts={['site', 'forms', 'passes']}>
      <PassLinkScreen token={token} state={state} />
    </HolderLocale>
  );
}

function PassLinkScreen({ token, state }: { token: string; state: PassLinkState }) {
  // The head of My passes, never the token: the link is the pass's key, not a page to share through meta tags.
  usePageMeta('/passes');
  const { t } = useLocale();
  return (
    <PublicLayout className="site--passes">
      <main id="main" className="passes-page pass-link">
        <h1>{t('Your pass')}</h1>
        {state.kind === 'loading' ? <p className="pass-link__status">{t('Opening your pass…')}</p> : null}
        {state.kind === 'invalid' ? (
          <>
            <p className="pass-link__status" role="alert">
              <MyPassesSentence text={'This pass link is not valid. Use “Find my pass” on {link} to get a new one.'} />
            </p>
            <PassConsents token={token} />
          </>
        ) : null}
        {state.kind === 'offline' ? (
          <p className="pass-link__status" role="alert">
            {t('You are offline. Open this link again once you are connected; after that it opens without a connection too.')}
          </p>
        ) : null}
        {state.kind === 'pass' ? (
          <>
            <PassCard pass={state.pass} />
            <p className="pass__saved">
              <MyPassesSentence text={'Saved on this device: open it any time, even offline, from {link}.'} />
            </p>
            <PassConsents token={token} />
          </>
        ) : null}
      </main>
    </PublicLayout>
  );
}
