// The public pages as the server renders them and the app hydrates them: each one a document of its own,
// found by its path, with no router (decision 025). Their links are plain links, so moving between them
// loads the next page rendered by the server with the current data. Each page's code is its own chunk.
import { type ReactElement, StrictMode } from 'react';
import { UpdatePrompt } from '../../components/update-prompt';
import { loadCatalogue, pageParts } from './i18n/catalogue';
import { splitLanguage } from './i18n/languages';
import { LocaleProvider } from './i18n/locale';

const PAGES: Record<string, () => Promise<ReactElement>> = {
  '/': () => import('./home-page').then(({ HomePage }) => <HomePage />),
  '/awards-registration': () => import('./awards-page').then(({ AwardsPage }) => <AwardsPage />),
  '/visitor-registration': () => import('./registration-page').then(({ RegistrationPage }) => <RegistrationPage kind="visitor" />),
  '/stall-registration': () => import('./registration-page').then(({ RegistrationPage }) => <RegistrationPage kind="stall" />),
  '/passes': () => import('./passes-page').then(({ MyPassesPage }) => <MyPassesPage />),
  '/privacy': () => import('./privacy-page').then(({ PrivacyPage }) => <PrivacyPage />),
};

/**
 * The page at `path` (in English, or under a language's prefix: `/te/…`, `/hi/…`) with its code and its
 * language's catalogue loaded (the parts the page shows when it opens), as the tree both the server and the app render (so the app's first render
 * matches the server's markup); undefined for any other path.
 */
export async function loadPublicPage(path: string): Promise<ReactElement | undefined> {
  const { language, path: pagePath } = splitLanguage(path);
  const [page, catalogue] = await Promise.all([PAGES[pagePath]?.(), PAGES[pagePath] ? loadCatalogue(language, pageParts(pagePath)) : undefined]);
  return page && catalogue ? (
    <StrictMode>
      <LocaleProvider language={language} catalogue={catalogue} path={pagePath}>
        {page}
        <UpdatePrompt />
      </LocaleProvider>
    </StrictMode>
  ) : undefined;
}
