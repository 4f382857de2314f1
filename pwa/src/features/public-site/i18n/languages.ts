// The public site's languages (decision 075): English at the site's own paths, Telugu and Hindi each under
// a path prefix of its own (`/te/…`, `/hi/…`), so every page in every language has an address that a
// crawler, a shared link and the server's rendering all agree on. Plain code: the server uses it too.

import { isLanguage, LANGUAGES, type Language } from '@shared/languages';

export { INTL_LOCALES, LANGUAGES, type Language } from '@shared/languages';

/** Each language in its own script, as the language switch offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', te: 'తెలుగు', hi: 'हिन्दी' };

/** Where the visitor's choice is kept, so the next visit to an English address opens in that language. */
export const LANGUAGE_STORAGE_KEY = 'eventpro.language';

/** The language this device's visitor chose in the header's switch; English when none (or storage is closed to the page). */
export function keptLanguage(): Language {
  try {
    const kept = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return kept && isLanguage(kept) ? kept : 'en';
  } catch {
    return 'en';
  }
}

/** A path's language and the page it names: "/te/visitor-registration" → te, "/visitor-registration"; "/te/" → te, "/". */
export function splitLanguage(path: string): { language: Language; path: string } {
  const match = /^\/(te|hi)(?=\/|$)(.*)$/.exec(path);
  if (!match) return { language: 'en', path };
  return { language: match[1] as Language, path: match[2] || '/' };
}

/** A page's address in `language`: "/visitor-registration" → "/te/visitor-registration", "/" → "/te/", "/#about" → "/te/#about". */
export function localePath(language: Language, path: string): string {
  if (language === 'en') return path;
  return `/${language}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Every address of the pages at `paths`: each in English and under each language's prefix (its home also without the last slash: "/te"). */
export const inEveryLanguage = (paths: readonly string[]): string[] => [
  ...LANGUAGES.flatMap((language) => paths.map((path) => localePath(language, path))),
  ...LANGUAGES.filter((language) => language !== 'en' && paths.includes('/')).map((language) => `/${language}`),
];
