// A public page's start in the browser: it arrives rendered by the server with its data
// (edge/public-pages.ts), and this loads that page's code and hydrates its markup, keeping it (and anything
// the visitor already did with it) instead of building it again. The entry loads this only for a page that
// came with markup, so the panel's first load carries none of the public site's code (decision 091).
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { keptLanguage, localePath, splitLanguage } from './i18n/languages';
import { loadPublicPage } from './public-pages';
import { noteChoicesBeforeHydration } from './registration/form-takeover';

/** Hydrates the public page rendered into `root`; false when its address names no public page (the router's app starts instead). */
export async function hydratePublicPage(root: HTMLElement): Promise<boolean> {
  // An English address of a public page opens in the language kept from an earlier visit (decision 075).
  const kept = keptLanguage();
  if (kept !== 'en' && splitLanguage(window.location.pathname).language === 'en') {
    window.location.replace(localePath(kept, window.location.pathname) + window.location.search + window.location.hash);
    return true;
  }
  const page = await loadPublicPage(window.location.pathname);
  if (!page) return false;
  // A list the visitor already chose in: hydration sets it back, so its choice is noted for the form to adopt.
  noteChoicesBeforeHydration(root);
  // In a transition: React hydrates in slices and stays responsive to a tap meanwhile, instead of one long
  // task over the whole page.
  startTransition(() => void hydrateRoot(root, page));
  return true;
}
