import { defineConfig } from 'vitest/config';

// `npm run test:e2e`: real Chromium (Debian's package, driven by playwright-core) against the built app
// served by the Node server, as `npm start` serves it.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
