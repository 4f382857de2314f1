import { createClient } from '@libsql/client';
import { startWorkerRuntime } from './worker-runtime';
const rt = await startWorkerRuntime({ vars: { PUBLIC_RATE_LIMIT: '0' } });
try {
  for (const conc of [1, 10, 50]) {
    let next = 0; const t0 = Date.now(); let errors = 0;
    await Promise.all(Array.from({ length: conc }, async () => {
      const c = createClient({ url: rt.databaseUrl });
      while (next < 200) {
        const i = next++;
        try { await c.batch([{ sql: 'INSERT INTO public_rate_limits (key, window_start, count) VALUES (?, ?, 1) ON CONFLICT(key) DO UPDATE SET count = count + 1', args: [`k${conc}-${i}`, 'x'] }], 'write'); } catch (e) { errors++; if (errors < 3) console.log(String(e)); }
      }
    }));
    console.log('sqld direct conc', conc, Date.now() - t0, 'ms for 200, errors', errors);
  }
} finally { await rt.stop(); }
