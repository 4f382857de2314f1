import { fileURLToPath, pathToFileURL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The home page ships rendered: index.html carries its markup (from the Node build of src/prerender.tsx,
 * made first by `npm run build:pwa`), so the first paint of `/` needs no JavaScript. Every other page
 * starts from app.html, the empty shell (the Node server's and the service worker's fallback, and the
 * Worker's).
 */
function prerenderHome(): Plugin {
  return {
    name: 'eventpro:prerender-home',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      const shell = String(page.source);
      this.emitFile({ type: 'asset', fileName: 'app.html', source: shell });
      const { renderPage } = (await import(pathToFileURL(here('../dist/prerender/prerender.js')).href)) as {
        renderPage(path: string): Promise<string>;
      };
      // The home page's own styles, so the page is styled from the first paint and nothing moves when the
      // app takes over. No modulepreload hints on this page: it is complete without JavaScript, so on a
      // slow phone connection its HTML, styles and images get the bandwidth first, and the app's code
      // follows from the entry script (app.html, which shows nothing without the code, keeps them).
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const home = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('features/public-site/home-page.tsx')));
      const needed = new Set<string>();
      const visit = (fileName: string) => {
        if (needed.has(fileName)) return;
        needed.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
      };
      if (home) visit(home.fileName);
      const css = [...needed].flatMap((name) => {
        const chunk = bundle[name];
        return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
      });
      const links = css.filter((href) => !shell.includes(href)).map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`);
      // React puts the preloads of the page's images first in its markup; they belong in <head>.
      const rendered = await renderPage('/');
      const hoisted = rendered.match(/^(?:<link [^>]*>)*/)![0];
      links.push(...(hoisted.match(/<link [^>]*>/g) ?? []));
      page.source = shell
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace('</head>', `    ${links.join('\n    ')}\n  </head>`)
        .replace('<div id="root"></div>', `<div id="root">${rendered.slice(hoisted.length)}</div>`);
    },
  };
}

/**
 * Link previews want absolute URLs (WhatsApp ignores a relative `og:image`), and the site's address is
 * only known where it is deployed: `PUBLIC_ORIGIN=https://expo.example.com npm run build` writes it into
 * the pages' Open Graph tags. Without it they stay relative, which browsers and most crawlers resolve.
 */
function publicOrigin(): Plugin {
  const raw = process.env.PUBLIC_ORIGIN?.trim();
  const origin = raw ? new URL(raw).origin : undefined;
  return {
    name: 'eventpro:public-origin',
    transformIndexHtml: (html) =>
      origin ? html.replace(/(<meta property="og:image" content=")\//, `$1${origin}/`) : html,
  };
}

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  build: {
    outDir: here('../dist/pwa'),
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:8787', changeOrigin: false },
    },
  },
  plugins: [
    // The router plugin must come before the React plugin.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
    }),
    react(),
    publicOrigin(),
    prerenderHome(),
    VitePWA({
      // Our own worker (src/sw.ts) so it can also send waiting submissions on Background Sync.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // We register the worker ourselves with workbox-window (src/offline/service-worker.ts):
      // no injected script, so the CSP can stay `script-src 'self'`. (`false` is the 2.x
      // spelling of the deprecated `null`.)
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      // workbox.globPatterns already precaches the icons, favicon and manifest from the output.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'EventPro — Property Expo & Builders Awards',
        short_name: 'EventPro',
        description:
          'Hyderabad Property Expo and Builders Awards: public registrations, the admin panel and venue check-in.',
        lang: 'en',
        theme_color: '#0f172a',
        background_color: '#0f172a',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,ico,webmanifest}'],
      },
      devOptions: { enabled: false },
    }),
  ],
});
