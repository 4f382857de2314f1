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
    // One retry for a real browser on a shared 2-core machine: this session saw three specs fail once each in
    // CI (the offline logout-then-login door test, the live camera scan, storage loss) and pass on every other
    // run. A test that fails twice is still red. The causes are listed for the next session to find.
    retry: 1,
    hookTimeout: 60_000,
  },
});
