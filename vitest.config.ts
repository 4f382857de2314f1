import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm test`: the API tests (through HTTP against a fresh libSQL file per test file) and the PWA's unit
// tests. Browser tests live in tests/e2e and run with `npm run test:e2e`.
export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      '@edge': fileURLToPath(new URL('./edge', import.meta.url)),
      '@pwa': fileURLToPath(new URL('./pwa/src', import.meta.url)),
    },
  },
  test: {
    include: ['shared/**/*.test.ts', 'edge/**/*.test.ts', 'pwa/src/**/*.test.{ts,tsx}', 'tests/docs.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
