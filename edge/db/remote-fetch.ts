/**
 * The `fetch` a remote libSQL client (Turso or sqld over HTTP) sends its requests with: each database
 * request has a deadline, and a request that fails to reach the database (refused, reset, timed out)
 * fails with a `DatabaseUnavailableError`, which the app answers with 503 and the contract's envelope.
 * A database that hangs therefore costs a request its deadline, never the request itself.
 */
const DATABASE_TIMEOUT_MS = 10_000;

class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(cause: unknown) {
    super(`The database could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export function databaseFetch(options: { timeoutMs?: number; fetch?: typeof fetch } = {}): typeof fetch {
  const timeoutMs = options.timeoutMs ?? DATABASE_TIMEOUT_MS;
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (input, init) => {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await send(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
  };
}
