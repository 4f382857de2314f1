import { defineConfig } from 'vitest/config';

// `npm run test:worker`: the API suites of `npm test` again, against the Worker in workerd (wrangler dev)
// over sqld, plus the Worker's own tests (static assets, load, a failing database). One Worker and one
// database serve the whole run, so files run one at a time; each API suite starts from the migrated
// database (edge/testing/api-target.ts). Cases that move the clock by hand run on Node only.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: [
      'edge/routes/public/registrations.test.ts',
      'edge/lib/idempotency.test.ts',
      'edge/routes/auth.test.ts',
      'edge/routes/admin/resources.test.ts',
      'tests/worker/**/*.test.ts',
    ],
    globalSetup: ['tests/worker/global-setup.ts'],
    env: { API_TARGET: 'worker' },
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
