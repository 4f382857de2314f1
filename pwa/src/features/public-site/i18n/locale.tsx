// The language of the page being rendered, for every public component: a context, because the server
// renders requests in different languages side by side (no module state), and the app hydrates the same
// tree the server rendered (public-pages.tsx wraps each page in it).
import { createContext, createElement, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { eventHours } from '@edge/lib/event-time';
import { formatDateRange, formatDateRangeIn, formatDay, formatDayIn, formatDayTime, formatTime, formatTimeIn } from '@shared/dates';
import { type Catalogue, loadCatalogue, translate } from './catalogue';
import { INTL_LOCALES, type Language, localePath } from './languages';

interface LocaleValue {
  language: Language;
  catalogue: Catalogue;
  /** The page's own path, without the language's prefix ("/visitor-registration"): the switch's other languages link to it. */
  path: string;
}

interface LocaleState extends LocaleValue {
  /** Adds the forms' texts to the page's (catalogue.ts); resolves once they are in, or could not load (English then, tried again next time). */
  loadFormTexts: () => Promise<void>;
}

const LocaleContext = createContext<LocaleState>({ language: 'en', catalogue: {}, path: '/', loadFormTexts: () => Promise.resolve() });

/** The page's language; `catalogue` is what the page shows when it opens (a new `language` needs a new provider: give it a key). */
export function LocaleProvider({ language, catalogue, path, children }: LocaleValue & { children: ReactNode }) {
  // One object of texts for the page, into which the forms' texts are added when a form is first used: a
  // message a form words after awaiting them (in a handler whose `t` came with an earlier render) finds
  // its translation too. The version tells React to render the new words.
  const [texts] = useState<Record<string, string>>(() => ({ ...catalogue }));
  const [version, setVersion] = useState(0);
  const loading = useRef<Promise<void> | undefined>(undefined);
  const loadFormTexts = useCallback(() => {
    loading.current ??= loadCatalogue(language, ['forms']).then(
      (forms) => {
        Object.assign(texts, forms);
        setVersion((count) => count + 1);
      },
      () => {
        loading.current = undefined;
      },
    );
    return loading.current;
  }, [language, texts]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the change inside `texts`
  const value = useMemo(() => ({ language, catalogue: texts, path, loadFormTexts }), [language, texts, path, loadFormTexts, version]);
  return createElement(LocaleContext.Provider, { value }, children);
}

export type Translate = (text: string, values?: Readonly<Record<string, string | number>>) => string;

export interface Locale extends LocaleState {
  /** An English text of the site in the page's language. */
  t: Translate;
  /** A site path in the page's language ("/passes" → "/te/passes"). */
  href: (path: string) => string;
  /** The event's dates, one day, and its hours, in the page's language (English: the site's own words). */
  dateRange: (startIso: string, endIso: string) => string;
  day: (iso: string) => string;
  dayTime: (iso: string) => string;
  time: (iso: string) => string;
  hours: (startIso: string, endIso: string) => string;
}

/** The page's language and what speaks it: translations, links, dates. */
export function useLocale(): Locale {
  const value = useContext(LocaleContext);
  return useMemo(() => {
    const { language, catalogue } = value;
    const intl = INTL_LOCALES[language];
    const english = language === 'en';
    return {
      ...value,
      t: (text, values) => translate(catalogue, text, values),
      href: (path) => localePath(language, path),
      dateRange: (start, end) => (english ? formatDateRange(start, end) : formatDateRangeIn(intl, start, end)),
      day: (iso) => (english ? formatDay(iso) : formatDayIn(intl, iso)),
      time: (iso) => (english ? formatTime(iso) : formatTimeIn(intl, iso)),
      dayTime: (iso) => (english ? formatDayTime(iso) : [formatDayIn(intl, iso), formatTimeIn(intl, iso)].filter(Boolean).join(', ')),
      hours: (start, end) => {
        if (english) return eventHours(start, end);
        const [from, to] = [formatTimeIn(intl, start), formatTimeIn(intl, end)];
        return from && to ? `${from} – ${to} IST` : '';
      },
    };
  }, [value]);
}
