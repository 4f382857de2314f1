import { useEffect } from 'react';
import { useLocale } from './i18n/locale';
import { pageMetaTags, publicPageMeta } from './page-meta';

/**
 * Keeps <head> on the page the visitor is on. The server writes the same tags into the HTML it sends
 * (page-meta.ts), so crawlers and link previews never need this; it matters when the app moves between
 * pages without a new request.
 */
export function usePageMeta(pagePath: string) {
  const { href, catalogue } = useLocale();
  const path = href(pagePath);
  useEffect(() => {
    const meta = publicPageMeta(path, catalogue);
    if (!meta) return;
    const current = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
    if (current === new URL(path, window.location.origin).href && document.title === meta.title) return;
    document.head
      .querySelectorAll(
        'title, link[rel="canonical"], link[rel="alternate"][hreflang], meta[property^="og:"], meta[name="description"], meta[name^="twitter:"]',
      )
      .forEach((tag) => tag.remove());
    document.head.insertAdjacentHTML('beforeend', pageMetaTags(meta, window.location.origin));
  }, [path, catalogue]);
}
