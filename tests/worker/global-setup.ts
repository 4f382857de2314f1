import { createClient } from '@libsql/client';
import type { TestProject } from 'vitest/node';
import { readSeed } from '../../edge/testing/api-target';
import { OPEN_FEATURED_EVENT_SQL } from '../../edge/testing/open-featured-event';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../edge/testing/test-app';
import { startWorkerRuntime } from '../../scripts/worker-runtime';

/**
 * One Worker (workerd via `wrangler dev`) over one sqld for the whole Worker run, with the first admin of
 * the Node test app; test files read it with `inject('workerTarget')` (edge/testing/api-target.ts).
 */
export default async function setup(project: TestProject) {
  const runtime = await startWorkerRuntime({ admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  try {
    const client = createClient({ url: runtime.databaseUrl });
    await client.execute(OPEN_FEATURED_EVENT_SQL);
    const seed = await readSeed(client);
    client.close();
    project.provide('workerTarget', { url: runtime.url, databaseUrl: runtime.databaseUrl, passwordPepper: runtime.secrets.passwordPepper, seed });
  } catch (error) {
    await runtime.stop();
    throw error;
  }
  return async () => {
    if (process.env.WORKER_LOG) console.log(runtime.workerLog());
    await runtime.stop();
  };
}
