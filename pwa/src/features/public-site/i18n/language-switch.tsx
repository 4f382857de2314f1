import type { RefObject } from 'react';
import { LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language, localePath } from './languages';
import { useLocale } from './locale';

/** Short marks of the languages for the header's narrow bar; each link's text is the language's full name. */
const SHORT_NAMES: Record<Language, string> = { en: 'EN', te: 'తె', hi: 'हि' };

const keepChoice = (language: Language) => {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice holds for the pages this visit links to
  }
};

/**
 * The header's language switch: a <details> like the registration dropdown (it opens from the first paint,
 * before the app's script), listing this same page in each language, each named in its own script and
 * marked with its `lang` and `hreflang`. Choosing one keeps it for the next visit (main.tsx reads it).
 */
export function LanguageSwitch({ detailsRef }: { detailsRef: RefObject<HTMLDetailsElement | null> }) {
  const { language, path, t } = useLocale();
  return (
    <details ref={detailsRef} className="site-header__dropdown site-header__language">
      <summary className="site-header__language-toggle">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 0c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9m0-18C9.5 5.5 8.5 8.5 8.5 12s1 6.5 3.5 9M3.5 9h17M3.5 15h17"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
        </svg>
        {/* Its name is what it shows, after a word for screen readers: "Language EN", "భాష తె". */}
        <span className="visually-hidden">{t('Language')} </span>
        <abbr title={LANGUAGE_NAMES[language]}>{SHORT_NAMES[language]}</abbr>
      </summary>
      <ul className="site-header__languages">
        {LANGUAGES.map((other) => (
          <li key={other}>
            <a
              href={localePath(other, path)}
              lang={other}
              hrefLang={other}
              aria-current={other === language ? 'page' : undefined}
              onClick={() => keepChoice(other)}
            >
              {LANGUAGE_NAMES[other]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
