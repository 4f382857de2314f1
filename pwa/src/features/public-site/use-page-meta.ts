import { useEffect } from 'react';

interface PageMeta {
  title: string;
  description: string;
  path: string;
  image?: string;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * Title, description and Open Graph tags of a public page. index.html carries the Home values for
 * crawlers that run no JavaScript (WhatsApp's card fetcher among them).
 */
export function usePageMeta({ title, description, path, image = '/icons/icon-512.png' }: PageMeta) {
  useEffect(() => {
    const url = new URL(path, window.location.origin).href;
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:image', new URL(image, window.location.origin).href);
    setMeta('name', 'twitter:card', 'summary');
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.append(canonical);
    }
    canonical.href = url;
  }, [title, description, path, image]);
}
