// The server's rendering of the public pages (edge/public-pages.ts calls it on Node and on Workers): each
// page comes complete in its HTML, with the organiser's current data, and the app hydrates that markup.
// Built by pwa/vite.ssr.config.ts into dist/ssr/entry-server.js; web APIs only, so workerd runs it too.
// Only the public pages are imported here (no route tree): the panel's code never reaches the server build.
import { renderToReadableStream } from 'react-dom/server.edge';
import { loadCatalogue, pageParts } from './features/public-site/i18n/catalogue';
import { splitLanguage } from './features/public-site/i18n/languages';
import { pageMetaTags, PUBLIC_PAGE_PATHS, publicPageMeta } from './features/public-site/page-meta';
import { loadPublicPage } from './features/public-site/public-pages';
import { type RenderedSite, renderedSiteScript, ServerSiteProvider } from './features/public-site/site-data';

export { PUBLIC_PAGE_PATHS };

export interface RenderedPage {
  /** The page's <head> tags: title, description, canonical address, Open Graph. */
  head: string;
  /** The app's markup for `#root`. */
  body: string;
  /** The data the page was rendered with, as a JSON block for the app's first (hydrating) render. */
  data: string;
  /** The page's language (`<html lang>`: en, te or hi) and its path without the language's prefix (which stylesheet it links). */
  language: string;
  pagePath: string;
  /** The parts of its language's catalogue it opens with (`te.site`, `te.landing`; none in English), which it preloads. */
  catalogueParts: string[];
}

/** Renders one public page (`path` one of PUBLIC_PAGE_PATHS) with `rendered`'s data; `origin` for absolute links. */
export async function renderPublicPage(path: string, rendered: RenderedSite, origin: string): Promise<RenderedPage | undefined> {
  const { language, path: pagePath } = splitLanguage(path);
  const [meta, page] = await Promise.all([
    loadCatalogue(language, pageParts(pagePath)).then((catalogue) => publicPageMeta(path, catalogue)),
    loadPublicPage(path),
  ]);
  if (!meta || !page) return undefined;
  // The tree pwa/src/main.tsx hydrates, with the data it reads from the page's data block.
  const stream = await renderToReadableStream(<ServerSiteProvider value={rendered}>{page}</ServerSiteProvider>);
  // Every lazy part rendered, so the HTML holds every text of the page.
  await stream.allReady;
  const body = await new Response(stream).text();
  const catalogueParts = language === 'en' ? [] : pageParts(pagePath).map((part) => `${language}.${part}`);
  return { head: pageMetaTags(meta, origin), body, data: renderedSiteScript(rendered), language, pagePath, catalogueParts };
}
