// The public site's languages (decision 075): English, Telugu and Hindi. Browser-safe: the site's pages
// (pwa/src/features/public-site/i18n/languages.ts) and the server (the language a registration keeps,
// decision 087) read the one list.

export const LANGUAGES = ['en', 'te', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The locale Intl formats dates and numbers in: India's variant of each language. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-IN', te: 'te-IN', hi: 'hi-IN' };
