import { useEffect, useState } from 'react';
import type { Language } from '@shared/languages';
import { type Catalogue, loadCatalogue } from '../i18n/catalogue';
import { LANGUAGE_STORAGE_KEY } from '../i18n/languages';
import { LocaleProvider, useLocale } from '../i18n/locale';
import { PublicLayout } from '../public-layout';
import { usePageMeta } from '../use-page-meta';
import { PassCard } from './pass-card';
import { PassConsents } from './pass-consents';
import { fetchPassByLink, type PassLinkState, storedPassOf } from './pass-link';

/** The language this device's visitor chose in the header's switch, if any: a link that opens no pass speaks it. */
function keptLanguage(): Language {
  try {
    const kept = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return kept === 'te' || kept === 'hi' ? kept : 'en';
  } catch {
    return 'en';
  }
}

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
  const [texts, setTexts] = useState<{ language: Language; catalogue: Catalogue } | null>(null);
  useEffect(() => {
    let live = true;
    // The site's texts, the forms' (the pass card's) and My passes' (its title): a pass page shows them as it opens. Not loaded: English.
    loadCatalogue(language, ['site', 'forms', 'passes']).then(
      (catalogue) => live && setTexts({ language, catalogue }),
      () => live && setTexts({ language: 'en', catalogue: {} }),
    );
    return () => {
      live = false;
    };
  }, [language]);
  if (!texts) return null;
  return (
    <LocaleProvider key={texts.language} language={texts.language} catalogue={texts.catalogue} path="/passes">
      <PassLinkScreen token={token} state={state} />
    </LocaleProvider>
  );
}

function PassLinkScreen({ token, state }: { token: string; state: PassLinkState }) {
  // The head of My passes, never the token: the link is the pass's key, not a page to share through meta tags.
  usePageMeta('/passes');
  const { t, href, language } = useLocale();
  // The app's document, not one the server rendered: its `lang` is set here (how a screen reader speaks it, which font).
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const myPasses = <a href={href('/passes')}>{t('My passes')}</a>;
  // A link's place in a sentence is the language's: the words either side of `{link}`.
  const withLink = (text: string) => {
    const [before, after] = t(text).split('{link}');
    return (
      <>
        {before}
        {myPasses}
        {after}
      </>
    );
  };
  return (
    <PublicLayout className="site--passes">
      <main id="main" className="passes-page pass-link">
        <h1>{t('Your pass')}</h1>
        {state.kind === 'loading' ? <p className="pass-link__status">{t('Opening your pass…')}</p> : null}
        {state.kind === 'invalid' ? (
          <>
            <p className="pass-link__status" role="alert">
              {withLink('This pass link is not valid. Use “Find my pass” on {link} to get a new one.')}
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
            <p className="pass__saved">{withLink('Saved on this device: open it any time, even offline, from {link}.')}</p>
            <PassConsents token={token} />
          </>
        ) : null}
      </main>
    </PublicLayout>
  );
}
