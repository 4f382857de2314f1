import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The Node build of src/prerender.tsx that the client build (vite.config.ts) calls to render `/`.
export default defineConfig({
  root: here('.'),
  publicDir: false,
  build: {
    ssr: here('./src/prerender.tsx'),
    outDir: here('../dist/prerender'),
    emptyOutDir: true,
  },
  ssr: { noExternal: true },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: false, routesDirectory: here('./src/routes'), generatedRouteTree: here('./src/routeTree.gen.ts') }),
    react(),
  ],
});
