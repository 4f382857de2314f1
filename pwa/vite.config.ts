import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The public pages are rendered by the server for each request (edge/public-pages.ts, decision 019) into
 * the app's shell. This writes that shell, `page-shell.json`: the built index.html, and for each public
 * page the stylesheet of its code, linked from the page's <head> so it is styled from the first paint and
 * nothing moves when the app hydrates it, and the scripts that hydrate it, preloaded from the end of its
 * <body> (decision 093). That is one file, public-site.css with the app's common styles
 * in it (one request before the first paint, decision 035): the build fails if a public page's code
 * would need a second. The same shell is `app.html`, from which every other page (the panel) starts, and
 * which the service worker serves offline. No index.html is left: `/` is rendered like every other public
 * page.
 */
function pageShell(): Plugin {
  // Each public page's module (src/features/public-site/public-pages.tsx loads them).
  const PAGE_FILES: Record<string, string> = {
    '/': 'features/public-site/home-page.tsx',
    '/awards-registration': 'features/public-site/awards-page.tsx',
    '/visitor-registration': 'features/public-site/registration-page.tsx',
    '/stall-registration': 'features/public-site/registration-page.tsx',
    '/passes': 'features/public-site/passes-page.tsx',
    '/privacy': 'features/public-site/privacy-page.tsx',
  };
  // Where a rendered page's hydration starts (src/main.tsx imports it on demand).
  const HYDRATION_START = 'features/public-site/hydrate-public-page.tsx';
  return {
    name: 'eventpro:page-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      /** The chunks that hold `file` and every chunk they import, statically. */
      const chunksOf = (file: string) => {
        const needed = new Set<string>();
        const visit = (fileName: string) => {
          if (needed.has(fileName)) return;
          needed.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        for (const chunk of chunks) if (chunk.moduleIds.some((id) => id.split('?')[0]!.endsWith(file))) visit(chunk.fileName);
        return needed;
      };
      // A page started from the empty shell (the panel) runs the router's app (src/app.tsx), which the entry
      // imports on demand: its code is preloaded with the entry's, and its stylesheet (the common styles) is
      // linked, so the shell is styled from its first paint. The rendered public pages drop these links.
      let shell = String(page.source);
      const appChunks = [...chunksOf('src/app.tsx')].filter((name) => !shell.includes(name));
      const appStylesheets = appChunks.flatMap((name) => {
        const chunk = bundle[name];
        return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
      });
      const appLinks = [
        ...appStylesheets.map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
        ...appChunks.map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`),
      ];
      shell = shell.replace('</head>', () => `  ${appLinks.join('\n    ')}\n  </head>`);
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: 'app.html', source: shell });
      const stylesheets: Record<string, string[]> = {};
      // What hydrates a rendered page, beyond the entry the shell already names: the page's start and the
      // page's own module with their static imports (decision 093).
      const hydrationStart = chunksOf(HYDRATION_START);
      const scripts: Record<string, string[]> = {};
      for (const [path, file] of Object.entries(PAGE_FILES)) {
        const needed = chunksOf(file);
        scripts[path] = [...new Set([...hydrationStart, ...needed])].filter((name) => !shell.includes(name)).map((name) => `/${name}`);
        stylesheets[path] = [...needed]
          .flatMap((name) => {
            const chunk = bundle[name];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          })
          .filter((href, index, all) => all.indexOf(href) === index && !shell.includes(href))
          .map((href) => `/${href}`);
        if (stylesheets[path].length !== 1) {
          this.error(
            `${path} needs ${stylesheets[path].length} stylesheets (${stylesheets[path].join(', ')}): a public page has one, public-site.css; import no other CSS from its code`,
          );
        }
      }
      // Each language's catalogue parts (src/features/public-site/i18n), by `<language>.<part>`: a page in
      // Telugu or Hindi preloads the parts it opens with too, as the server knows which (decision 093).
      const catalogues: Record<string, string> = {};
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) {
          const part = /[\\/]i18n[\\/](te|hi)(?:\.(\w+))?\.json$/.exec(id.split('?')[0]!);
          if (part) catalogues[`${part[1]}.${part[2] ?? 'site'}`] = `/${chunk.fileName}`;
        }
      }
      this.emitFile({ type: 'asset', fileName: 'page-shell.json', source: JSON.stringify({ shell, stylesheets, scripts, catalogues }) });
    },
  };
}

/**
 * Which built files a visitor uses (decision 060): the service worker precaches only these at install,
 * and the panel's files (its screens, the door, the badges' fonts and PDF code, the workbook workers) when
 * the panel is first opened. A visitor's code is every module reached from the entry (src/main.tsx) by
 * static and on-demand imports, except the on-demand imports of the panel's route files (their screens;
 * the exhibitor portal's route files count as the panel's, so its screens are not a visitor's either):
 * the public pages, the router's app with its public routes (the pass link, a public page started offline
 * from the shell), and what those load on demand (the popup, the pass, the sender). A visitor's files are
 * the chunks holding that code, their static imports and their stylesheets. Kept here for the
 * `manifestTransforms` below, which run after this bundle is written, in the same build.
 */
let visitorFiles: Set<string> | null = null;
const PANEL_ROUTE_FILE = /pwa[\\/]src[\\/]routes[\\/](panel|adminpanel|exhibitor)[\\/]/;

/** The PDF makers (badges, a pass to keep): a visitor's code loads them on demand, but no first visit stores them. */
const FETCHED_WHEN_USED = /\/src\/lib\/badges\//;

function visitorAssets(): Plugin {
  return {
    name: 'eventpro:visitor-assets',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      // The modules a visitor's code loads on demand: from the entry (src/main.tsx), static and on-demand
      // imports, except what is reached through a panel route file (a panel route's static imports load
      // with the route tree, but what they load on demand is the panel's).
      const onDemand = new Set<string>();
      const followed = new Set<string>();
      const reach = (id: string) => {
        if (followed.has(id) || PANEL_ROUTE_FILE.test(id)) return;
        followed.add(id);
        const info = this.getModuleInfo(id);
        if (!info) return;
        info.importedIds.forEach(reach);
        for (const next of info.dynamicallyImportedIds) {
          // Made only when a person asks (a pass's PDF: pdf-lib, fontkit and the Noto fonts, ~500 KB gzip):
          // fetched and kept at the first use, like a panel file, never on a visitor's first visit.
          if (FETCHED_WHEN_USED.test(next)) continue;
          onDemand.add(next);
          reach(next);
        }
      };
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      // From the entry's modules (index.html and src/main.tsx), not from the chunk marked as the entry: the
      // entry's code lives in the `index` group's chunk (decision 091), which the bundler does not mark.
      const entryModules = new Set([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry));
      for (const id of [...entryModules]) this.getModuleInfo(id)?.importedIds.forEach((imported) => entryModules.add(imported));
      entryModules.forEach(reach);
      // A visitor's files: the entry, the chunks those imports load, and everything they import statically.
      const needed = new Set<string>();
      const take = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || needed.has(fileName)) return;
        needed.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) needed.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) needed.add(asset);
        chunk.imports.forEach(take);
      };
      for (const chunk of chunks) if (chunk.isEntry || chunk.moduleIds.some((id) => onDemand.has(id) || entryModules.has(id))) take(chunk.fileName);
      // A build whose visitors' list lost its entry would precache nothing for a visitor: refuse it.
      if (![...needed].some((fileName) => (bundle[fileName] as { moduleIds?: string[] } | undefined)?.moduleIds?.some((id) => id.endsWith('src/main.tsx')))) {
        this.error("The visitors' files miss the entry (src/main.tsx): the service worker would keep nothing for a visitor");
      }
      visitorFiles = needed;
    },
  };
}

/**
 * The build a device runs, told to the server with each door sign-in and report (the Devices screen shows
 * it): the package's version and the build's time, so two builds of one version are told apart.
 */
const APP_VERSION = `${process.env.npm_package_version ?? '0'}+${new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '')}`;

export default defineConfig({
  root: here('.'),
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  publicDir: here('./public'),
  // What the API and the app both run (shared/: the resource registry, its schemas, dates); also in tsconfig's `paths`.
  resolve: {
    alias: [
      { find: '@shared', replacement: here('../shared') },
      { find: '@edge', replacement: here('../edge') },
      { find: '@pwa', replacement: here('src') },
      // fflate with its zip and unzip in the calling thread: its own start `blob:` workers, which the
      // content security policy refuses (src/lib/fflate-in-thread.ts).
      { find: /^fflate$/, replacement: here('src/lib/fflate-in-thread.ts') },
    ],
  },
  // The workbook worker (src/lib/workbook-worker.ts) loads write-excel-file or read-excel-file on demand.
  worker: { format: 'es' },
  // A JSON file (the public site's catalogues above all) as one JSON.parse of a string: smaller once gzipped
  // than an object literal with a named export per one-word key, and parsed faster.
  json: { namedExports: false, stringify: true },
  build: {
    outDir: here('../dist/pwa'),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The code every panel page loads, in four files instead of about thirty small ones: one file
          // compresses better than its parts apart, and one request costs less than several (decision 036).
          // TanStack Query and the router are the panel's only (the public pages use neither, decision 025);
          // `panel-common` is what the login and every signed-in screen share, `panel-shell` what every
          // signed-in screen runs before its own code. A route file is grouped by its split parts only
          // (`?tsr-split`): its definition belongs to the route tree, loaded with the app. A group takes only
          // its own modules (`includeDependenciesRecursively: false`), so a group never drags into a page code
          // that page would not load anyway: the public pages load nothing more for the panel's groups.
          groups: [
            {
              // The entry: what every page runs first, public or panel — React, the start (src/main.tsx,
              // which loads the public page's hydration or the router's app on demand), the on-demand loader,
              // the service worker's registration and banner, dates and the reachability read. In one file:
              // apart, each was a request of its own that compressed worse (decision 091).
              name: 'index',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite\/preload-helper|shared[\\/]dates\.ts|pwa[\\/]src[\\/](main\.tsx|offline[\\/]service-worker\.ts|lib[\\/]server-reachability\.ts|components[\\/]update-prompt\.tsx)/,
              includeDependenciesRecursively: false,
            },
            {
              // The API's client and what it stands on (the typed client, its errors, the envelope, the
              // token): the panel loads it at once, a public page with its first send. One file, not six.
              name: 'api-client',
              test: /pwa[\\/]src[\\/](lib[\\/](api|api-client|api-error|envelope|auth-token)\.ts|offline[\\/]db-name\.ts)$|node_modules[\\/]hono[\\/]dist[\\/](client[\\/]|utils[\\/]cookie\.js)/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'react-query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query|query-persist-client-core)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'router',
              test: /node_modules[\\/](@tanstack[\\/](react-router|router-core|history|store|react-store)|use-sync-external-store)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'panel-common',
              test: /pwa[\\/]src[\\/](routes[\\/]panel[\\/]route\.tsx\?tsr-split|query-client\.ts|features[\\/]auth[\\/]auth-api\.ts|components[\\/]storage-loss-notice\.tsx|offline[\\/]storage-loss\.ts)/,
              includeDependenciesRecursively: false,
            },
            {
              // The dashboard, where the panel opens: its route's split part and its feature in one file (the
              // devices' list, shown on door days only, loads apart when there are devices to list).
              name: 'dashboard',
              test: /pwa[\\/]src[\\/](routes[\\/]panel[\\/]_authed[\\/]dashboard\.tsx\?tsr-split|features[\\/]dashboard[\\/](?!live-devices))/,
              includeDependenciesRecursively: false,
            },
            {
              // The exhibitor portal (decision 081): its screens, client and token in one file, loaded when
              // /exhibitor opens. One file name in the app's preload map instead of about ten keeps the
              // panel's first load within its budget.
              name: 'exhibitor-portal',
              test: /pwa[\\/]src[\\/](routes[\\/]exhibitor[\\/](route|index|sign-in|team|leads|scan)\.tsx\?tsr-split|features[\\/]exhibitor-portal[\\/]|lib[\\/]portal-(api|token|query-client)\.ts)|edge[\\/]schemas[\\/]exhibitors\.ts/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'panel-shell',
              test: /pwa[\\/]src[\\/](routes[\\/]panel[\\/]_authed\.tsx\?tsr-split|features[\\/]admin-shell[\\/]|features[\\/]auth[\\/]use-session\.ts|components[\\/](panel-session|event-queries|event-picker|field-parts|use-online|confirm-host|not-kept-offline)\.tsx?|lib[\\/](panel-cache|resource-keys)\.ts|offline[\\/]panel-cache-messages\.ts)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
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
    pageShell(),
    visitorAssets(),
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
        description: 'Hyderabad Property Expo and Builders Awards: public registrations, the admin panel and venue check-in.',
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
        // woff: the badges' Noto fonts (lib/pdf-text.ts), so the door prints a walk-in's badge offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff,woff2,ico,webmanifest}'],
        // The panel's files are marked, for the worker to cache when the panel is first opened (decision 060).
        manifestTransforms: [
          (entries) => {
            const visitor = visitorFiles;
            if (!visitor) throw new Error('eventpro:visitor-assets did not run before the service worker manifest');
            const isCode = (url: string) => /^assets\/.*\.(js|css|woff2?)$/.test(url);
            return { manifest: entries.map((entry) => (isCode(entry.url) && !visitor.has(entry.url) ? { ...entry, panel: true } : entry)) };
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
});
