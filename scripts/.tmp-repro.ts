import { startWorkerRuntime } from './worker-runtime';
const limit = process.argv[2] ?? '0';
const rt = await startWorkerRuntime({ vars: { PUBLIC_RATE_LIMIT: limit } });
try {
  for (const variant of ['plain', 'key', 'addr']) {
    const statuses: Record<number, number> = {};
    let next = 0;
    const t0 = Date.now();
    await Promise.all(Array.from({ length: 50 }, async () => {
      while (next < 300) {
        const i = next++;
        const headers: Record<string, string> = { 'Content-Type': 'application/json' };
        if (variant === 'addr') headers['CF-Connecting-IP'] = `10.7.${i >> 8}.${i & 255}`;
        const body: Record<string, string> = { fullName: `V ${i}`, mobileNumber: String(8_000_000_000 + i + (variant === 'plain' ? 0 : variant === 'key' ? 1000 : 2000)) };
        if (variant !== 'plain') body.uniqueSubmissionId = `${variant}-${i}`;
        const r = await fetch(`${rt.url}/api/visitors/register`, { method: 'POST', headers, body: JSON.stringify(body) });
        await r.arrayBuffer();
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    }));
    console.log(variant, 'limit', limit, statuses, Date.now() - t0, 'ms');
  }
} finally {
  const log = rt.workerLog(); console.log(log.split('\n').filter((l) => /unavailable/.test(l)).slice(0, 3).join('\n')); console.log((log.match(/TimeoutError/g) ?? []).length, 'timeouts', (log.match(/SQLITE_BUSY/g) ?? []).length, 'busy');
  await rt.stop();
}
