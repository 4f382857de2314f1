import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The server's build of src/entry-server.tsx: one self-contained ES module (React included) that the Node
// server loads at start and the Worker bundles (edge/public-pages.ts). Web APIs only, for workerd. It holds
// the public pages only: entry-server imports them without the route tree, so no panel code is in it.
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
  // Packages' server builds (the `workerd` / `node` export conditions), all bundled in, but for the ones the
  // API imports too: left as imports, the Worker's bundle holds one copy of them, not two (the Node server
  // finds them in node_modules).
  ssr: { noExternal: true, external: ['libphonenumber-js'], resolve: { conditions: ['workerd', 'worker', 'node'] } },
  resolve: {
    alias: {
      // The device's database is never opened on the server (src/dexie-on-the-server.ts says why).
      dexie: here('./src/dexie-on-the-server.ts'),
      '@shared': here('../shared'),
      '@edge': here('../edge'),
      '@pwa': here('src'),
    },
  },
  plugins: [react()],
});
