// The translations: JSON files per language mapping each English text of the public site, exactly as the
// code writes it, to its translation — files a translator edits without reading code (decision 075). English
// is the source: its pages load no catalogue at all. A text with no entry yet is shown in English, never as a key.
//
// Each language's texts are in five files, so that a page fetches only what it shows when it opens
// (decisions 087, 092): `te.json` the site's (header, footer, the forms as they open, the words for a network
// that fails), `te.landing.json` the sections of the home and awards pages, `te.forms.json` what a form says
// once used and what opens from it: its messages, the popups, the pass; `te.passes.json` My passes and the
// pages of the links our e-mails carry (confirm an address, stop messages); `te.privacy.json` the privacy
// page, with the default notice's words.
import type { Language } from './languages';

/** English text → translation; `{name}` in a text is a value filled in when it is shown. */
export type Catalogue = Readonly<Record<string, string>>;

const ENGLISH: Catalogue = {};

/** The parts of a language's catalogue (the files above); each is a chunk of its own. */
export type CataloguePart = 'site' | 'landing' | 'forms' | 'passes' | 'privacy';

type Loader = () => Promise<{ default: Catalogue }>;
/**
 * Every catalogue file of this folder, each a chunk of its own, by path (`./te.landing.json`). The forms'
 * part is never shown by a page as it opens (`pageParts`: a test renders every page in Telugu and Hindi
 * against that), so the server's build (`import.meta.env.SSR`, a constant there) leaves those files out: the
 * Worker's bundle has a budget, and a rendered page needs none of them.
 */
const FILES: Readonly<Record<string, Loader>> = import.meta.env.SSR
  ? import.meta.glob<{ default: Catalogue }>(['./*.json', '!./*.forms.json'])
  : import.meta.glob<{ default: Catalogue }>('./*.json');
/** A part's file: `te.json` for the site's, `te.<part>.json` for the others. */
const fileOf = (language: Exclude<Language, 'en'>, part: CataloguePart) => `./${language}${part === 'site' ? '' : `.${part}`}.json`;

/** The pages that open with a part besides the site's: the home and awards page with their sections, My passes, the privacy page. */
const PAGE_PARTS: Readonly<Record<string, CataloguePart[]>> = {
  '/': ['site', 'landing'],
  '/awards-registration': ['site', 'landing'],
  '/passes': ['site', 'passes'],
  '/privacy': ['site', 'privacy'],
};

/** The parts a page (its path without the language's prefix) shows when it opens; the forms' part loads on use. */
export const pageParts = (pagePath: string): CataloguePart[] => PAGE_PARTS[pagePath] ?? ['site'];

/** `parts` of the catalogue of `language`, as one: chunks fetched only by a page in that language. */
export async function loadCatalogue(language: Language, parts: readonly CataloguePart[]): Promise<Catalogue> {
  if (language === 'en') return ENGLISH;
  const loaded = await Promise.all(parts.map((part) => FILES[fileOf(language, part)]?.() ?? { default: ENGLISH }));
  return Object.assign({}, ...loaded.map((module) => module.default));
}

/** `text` in the catalogue's language, its `{name}` places filled from `values`. */
export function translate(catalogue: Catalogue, text: string, values?: Readonly<Record<string, string | number>>): string {
  const found = catalogue[text] ?? text;
  return values ? found.replace(/\{(\w+)\}/g, (place, name: string) => (name in values ? String(values[name]) : place)) : found;
}
