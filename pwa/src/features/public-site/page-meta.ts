// Each public page's title, description, canonical address and share card: one table read by the server
// (written into the page's <head> before any script runs, for crawlers and link previews) and by the app
// (kept in step when the visitor moves between pages). Each page also exists in Telugu and Hindi under
// its language's prefix (decision 075): the same entry, its words from that language's catalogue.
import { type Catalogue, translate } from './i18n/catalogue';
import { type Language, LANGUAGES, inEveryLanguage, localePath, splitLanguage } from './i18n/languages';

export interface PageMeta {
  title: string;
  description: string;
  /** The page's path: its canonical address on the site's origin. */
  path: string;
  /** The share card: a designed 1200×630 image of the event. */
  image: string;
  imageAlt: string;
  /** The page's language, and its address in each language (the `hreflang` alternates). */
  language: Language;
  alternates: ReadonlyArray<{ language: Language; path: string }>;
}

const SHARE_IMAGE = { path: '/images/share-event.jpg', width: 1200, height: 630 } as const;
const IMAGE_ALT = 'Hyderabad Property Expo and Builders Awards: 100+ best projects, up to 90% loan assistance';

const PAGES: Record<string, Pick<PageMeta, 'title' | 'description'>> = {
  '/': {
    title: 'Hyderabad Property Expo 2025 & Builders Awards',
    description:
      'Property expo on 18th - 19th October, 2025 in Hyderabad: 100+ best projects, up to 90% loan assistance. Register as a visitor for free, book a stall or nominate for the builders awards.',
  },
  '/awards-registration': {
    title: 'Builders Awards 2025 | Nominate for Award',
    description: 'The biggest awards for builders and developers, 19th October 2025 in Hyderabad. Nominate now: 15+ award categories.',
  },
  '/visitor-registration': {
    title: 'Visitor Registration | Hyderabad Property Expo 2025',
    description: 'Register for free as a visitor of the Hyderabad Property Expo: 100+ best projects, up to 90% loan assistance.',
  },
  '/stall-registration': {
    title: 'Stall Registration | Hyderabad Property Expo 2025',
    description: 'Book a stall at the Hyderabad Property Expo and showcase your projects to 10,000+ expected visitors.',
  },
  '/passes': {
    title: 'My passes | Hyderabad Property Expo 2025',
    description: 'Your entry passes for the Hyderabad Property Expo and Builders Awards, kept on this device.',
  },
  '/privacy': {
    title: 'Privacy notice | Hyderabad Property Expo 2025',
    description: 'What the organiser of the Hyderabad Property Expo does with the details you give on this site, and your choices.',
  },
};

/** The public pages the server renders complete, with their content, before any script runs: each in every language. */
export const PUBLIC_PAGE_PATHS: readonly string[] = inEveryLanguage(Object.keys(PAGES));

/** The meta of the page at `path` (English, or under a language's prefix), its words from `catalogue`: that language's. */
export function publicPageMeta(path: string, catalogue: Catalogue = {}): PageMeta | undefined {
  const { language, path: pagePath } = splitLanguage(path);
  const page = PAGES[pagePath];
  if (!page) return undefined;
  return {
    title: translate(catalogue, page.title),
    description: translate(catalogue, page.description),
    path: localePath(language, pagePath),
    image: SHARE_IMAGE.path,
    imageAlt: translate(catalogue, IMAGE_ALT),
    language,
    alternates: LANGUAGES.map((other) => ({ language: other, path: localePath(other, pagePath) })),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The <head> tags of a page; `origin` makes the canonical address and the share image absolute. */
export function pageMetaTags(meta: PageMeta, origin: string): string {
  const url = new URL(meta.path, origin).href;
  const image = new URL(meta.image, origin).href;
  const tags: Array<[string, string, string]> = [
    ['name', 'description', meta.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'EventPro'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'og:image:width', String(SHARE_IMAGE.width)],
    ['property', 'og:image:height', String(SHARE_IMAGE.height)],
    ['property', 'og:image:alt', meta.imageAlt],
    ['property', 'og:locale', `${meta.language}_IN`],
    ['name', 'twitter:card', 'summary_large_image'],
  ];
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    // The same page in each language, and English for every other language (x-default).
    ...meta.alternates.map(({ language, path }) => `<link rel="alternate" hreflang="${language}" href="${escapeHtml(new URL(path, origin).href)}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(new URL(meta.alternates[0]!.path, origin).href)}">`,
    ...tags.map(([attribute, key, content]) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`),
  ].join('\n    ');
}
