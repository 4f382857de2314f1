// The translations: one JSON file per language (te.json, hi.json) mapping each English text of the public
// site, exactly as the code writes it, to its translation — files a translator edits without reading code
// (decision 075). English is the source: its pages load no catalogue at all. A text with no entry yet is
// shown in English, never as a key.
import type { Language } from './languages';

/** English text → translation; `{name}` in a text is a value filled in when it is shown. */
export type Catalogue = Readonly<Record<string, string>>;

const ENGLISH: Catalogue = {};

/** The catalogue of `language`: a chunk of its own, fetched only by a page in that language. */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  if (language === 'te') return import('./te.json').then((module) => module.default);
  if (language === 'hi') return import('./hi.json').then((module) => module.default);
  return Promise.resolve(ENGLISH);
}

/** `text` in the catalogue's language, its `{name}` places filled from `values`. */
export function translate(catalogue: Catalogue, text: string, values?: Readonly<Record<string, string | number>>): string {
  const found = catalogue[text] ?? text;
  return values ? found.replace(/\{(\w+)\}/g, (place, name: string) => (name in values ? String(values[name]) : place)) : found;
}
