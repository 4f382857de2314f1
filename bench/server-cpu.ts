/**
 * CPU time of a server process's threads (Linux: /proc), for figures per request of a load run: its main
 * thread (HTTP, routes, the message sender) apart from the others (the database writer, the garbage
 * collector). Less disturbed by other programs on the machine than rates and latencies are. Nothing where
 * /proc or the process is not there.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time used so far, µs: the main thread's and the other threads' together. */
export interface CpuSample {
  main: number;
  others: number;
}

const TICK_US = 1_000_000 / 100; // USER_HZ

export function serverCpu(pid: number | undefined) {
  const sample = (): CpuSample | undefined => {
    if (!pid) return undefined;
    try {
      const used = { main: 0, others: 0 };
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ticks = Number(fields[11]) + Number(fields[12]);
        if (tid === String(pid)) used.main += ticks * TICK_US;
        else used.others += ticks * TICK_US;
      }
      return used;
    } catch {
      return undefined;
    }
  };
  return {
    sample,
    start() {
      const before = sample();
      return {
        /** CPU used since `start()`, µs (undefined without /proc). A thread that ended meanwhile is not counted. */
        used(): CpuSample | undefined {
          const after = sample();
          return before && after ? { main: after.main - before.main, others: after.others - before.others } : undefined;
        },
        perRequest(requests: number): string | undefined {
          const after = sample();
          if (!before || !after || !requests) return undefined;
          return `main thread ${Math.round((after.main - before.main) / requests)} µs, other threads ${Math.round((after.others - before.others) / requests)} µs`;
        },
      };
    },
  };
}
