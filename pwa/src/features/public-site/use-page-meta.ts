import { useEffect } from 'react';
import { pageMetaTags, publicPageMeta } from './page-meta';

/**
 * Keeps <head> on the page the visitor is on. The server writes the same tags into the HTML it sends
 * (page-meta.ts), so crawlers and link previews never need this; it matters when the app moves between
 * pages without a new request.
 */
export function usePageMeta(path: string) {
  useEffect(() => {
    const meta = publicPageMeta(path);
    if (!meta) return;
    const current = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
    if (current === new URL(path, window.location.origin).href && document.title === meta.title) return;
    document.head
      .querySelectorAll('title, link[rel="canonical"], meta[property^="og:"], meta[name="description"], meta[name^="twitter:"]')
      .forEach((tag) => tag.remove());
    document.head.insertAdjacentHTML('beforeend', pageMetaTags(meta, window.location.origin));
  }, [path]);
}
