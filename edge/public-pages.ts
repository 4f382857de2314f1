import type { Context, MiddlewareHandler } from 'hono';
import type { RenderedPage } from '../pwa/src/entry-server';
import type { RenderedSite } from '../pwa/src/features/public-site/site-data';
import type { AppEnv } from './env';
import { publicSite } from './lib/site-settings';

/**
 * The public pages (`/`, the registration pages, `/passes`), rendered for each request with the organiser's
 * current data (decision 019): complete HTML a crawler, a link preview or a reader without JavaScript can
 * use, which the app then hydrates. Node and Workers both serve them through this handler.
 */

/** The built app's shell (`page-shell.json`, written by pwa/vite.config.ts). */
export interface PageShell {
  /** The built index.html: `<!--page-meta-->…<!--/page-meta-->` in its head, an empty `#root`. */
  shell: string;
  /** Each public page's stylesheets (its code's: one, public-site.css, which holds the shell's own styles too), by path. */
  stylesheets: Record<string, string[]>;
  /** Each public page's scripts that hydrate it (the page's start and its module, with their imports), by path. */
  scripts: Record<string, string[]>;
  /** Each part of a language's catalogue, by `<language>.<part>` (`te.site`, `hi.landing`). */
  catalogues: Record<string, string>;
}

export interface PublicPagesOptions {
  /** The paths rendered here. */
  paths: readonly string[];
  /** The server build of pwa/src/entry-server.tsx. */
  render(path: string, rendered: RenderedSite, origin: string): Promise<RenderedPage | undefined>;
  loadShell(c: Context<AppEnv>): Promise<PageShell>;
  /** The site's public address (`PUBLIC_ORIGIN`); the request's own origin without it. */
  publicOrigin?: string;
}

/** One page: the shell with the page's head tags and stylesheets, its markup in `#root` and its data after it. */
function composePage({ shell, stylesheets, scripts, catalogues }: PageShell, page: RenderedPage): string {
  // React writes the preloads of the page's images before its markup; they belong in <head>.
  const hoisted = page.body.match(/^(?:<link [^>]*>)*/)![0];
  // The page's stylesheet in place of the shell's (it begins with the same common styles), then the images.
  const links = [
    ...(stylesheets[page.pagePath] ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...(hoisted.match(/<link [^>]*>/g) ?? []),
  ];
  const hydration = [...(scripts[page.pagePath] ?? []), ...page.catalogueParts.flatMap((part) => catalogues[part] ?? [])];
  const preloads = hydration.map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`).join('');
  return (
    shell
      .replace(/<html lang="[^"]*"/, () => `<html lang="${page.language}"`)
      // The page is complete without the app's code: its HTML, styles and images get the connection first
      // (decision 012), so the shell's preloads (the panel's app) go; the shell's stylesheet too: the page's
      // own holds it. The scripts that hydrate this page are preloaded after its markup at low priority
      // (decision 093): found once the HTML is read, they load side by side instead of each waiting for the
      // one that imports it, and still behind the page's styles, fonts and images.
      .replace(/\s*<link rel="(?:modulepreload|stylesheet)"[^>]*>/g, '')
      .replace(/<!--page-meta-->[\s\S]*?<!--\/page-meta-->/, () => page.head)
      .replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${page.body.slice(hoisted.length)}</div>${page.data}${preloads}`)
  );
}

export function publicPages(options: PublicPagesOptions): MiddlewareHandler<AppEnv> {
  const paths = new Set(options.paths);
  const origin = options.publicOrigin ? new URL(options.publicOrigin).origin : undefined;
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !paths.has(c.req.path)) return next();
    const [site, shell] = await Promise.all([publicSite(c.get('deps').db), options.loadShell(c)]);
    const siteOrigin = origin ?? new URL(c.req.url).origin;
    const page = await options.render(c.req.path, { site, renderedAt: c.get('deps').now().getTime(), origin: siteOrigin }, siteOrigin);
    if (!page) return next();
    // Always the current data: revalidated on every visit (the service worker keeps a copy for offline use).
    c.header('Cache-Control', 'no-cache');
    return c.html(composePage(shell, page));
  };
}
