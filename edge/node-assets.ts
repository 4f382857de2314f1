import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';

/**
 * Serves the built PWA on Node. Hashed files under /assets/ never change, so browsers keep them for a
 * year; everything else (sw.js, the manifest) is revalidated so a new version is seen at once. App routes
 * without a file fall back to app.html, the empty app shell (the public pages are rendered per request
 * before this runs: public-pages.ts); /api/* never does.
 */
export function nodeAssets(distDir: string): MiddlewareHandler {
  if (!existsSync(join(distDir, 'app.html'))) {
    console.warn(`The PWA is not built (${distDir} has no app.html): run \`npm run build\`. Serving the API only.`);
  }
  const serveFile = serveStatic({ root: distDir });
  // App routes start from the empty shell.
  const serveIndex = serveStatic({ path: join(distDir, 'app.html') });
  const notFound = async () => undefined;

  return async (c, next) => {
    const isApi = c.req.path === '/api' || c.req.path.startsWith('/api/');
    if (isApi || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    // `_headers` is the Workers assets' configuration, not a file to serve.
    if (c.req.path.startsWith('/_')) return next();

    const file = await serveFile(c, notFound);
    if (file) {
      file.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      return file;
    }
    // Only page navigations fall back to the app shell; a missing script or image stays a 404.
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return next();
    const shell = await serveIndex(c, notFound);
    if (!shell) return next();
    shell.headers.set('Cache-Control', 'no-cache');
    return shell;
  };
}
