import type { Client } from '@libsql/client';

/**
 * A remote libSQL server (sqld, Turso) answers SQLITE_BUSY at once when another connection holds the write
 * lock, where an embedded database waits on its busy timeout. A statement or batch refused as busy ran
 * nothing (a batch's steps run only after its BEGIN succeeded), so this wrapper sends it again after a short,
 * growing, random pause, within the request that made it. Still busy after the last attempt, the error
 * goes on (and the app answers 503).
 */
const BUSY_ATTEMPTS = 12;
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 250;

export function isBusy(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_TIMEOUT' || /database is locked/i.test(e.message)) return true;
  }
  return false;
}

async function withRetries<T>(run: () => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isBusy(error)) throw error;
      const pause = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, pause / 2 + Math.random() * pause));
    }
  }
}

/** `client`, with `execute` and `batch` sent again while the server answers busy. */
export function retryWhenBusy(client: Client, attempts = BUSY_ATTEMPTS): Client {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'execute') return (...args: Parameters<Client['execute']>) => withRetries(() => target.execute(...args), attempts);
      if (property === 'batch') return (...args: Parameters<Client['batch']>) => withRetries(() => target.batch(...args), attempts);
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
