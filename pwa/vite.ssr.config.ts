import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The server's build of src/entry-server.tsx: one self-contained ES module (React included) that the Node
// server loads at start and the Worker bundles (edge/public-pages.ts). Web APIs only, for workerd.
export default defineConfig({
  root: here('.'),
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: here('./src/entry-server.tsx'),
    outDir: here('../dist/ssr'),
    emptyOutDir: true,
    target: 'es2022',
    // The Worker stores and cold-starts this bundle.
    minify: true,
    // One file: the Node server imports it, wrangler bundles it.
    rolldownOptions: { output: { codeSplitting: false } },
  },
  // Packages' server builds (the `workerd` / `node` export conditions), all bundled in.
  ssr: { noExternal: true, resolve: { conditions: ['workerd', 'worker', 'node'] } },
  resolve: {
    alias: {
      '@resources': here('../edge/resources'),
      // fflate's `node` build imports Node's `module` for worker threads, which workerd has not: the browser
      // build does the same work in plain JavaScript (the panel's spreadsheet export uses it; pages never run it).
      fflate: here('../node_modules/fflate/esm/browser.js'),
    },
  },
  plugins: [
    // Split like the client build: the client's first render must be the same tree (lazy routes render in a Suspense boundary).
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: here('./src/routes'), generatedRouteTree: here('./src/routeTree.gen.ts') }),
    react(),
  ],
});
