/**
 * The message of a SQLite constraint failure anywhere in an error's cause chain (drizzle wraps the
 * driver's error), or '' when the error is something else. Routes map these to 409/400 answers.
 */
export function constraintMessage(error: unknown): string {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (/constraint failed/i.test(e.message)) return e.message;
  }
  return '';
}

/** A UNIQUE constraint failure: the row would duplicate another. */
export const isUniqueViolation = (error: unknown) => /UNIQUE constraint failed/i.test(constraintMessage(error));

/** Codes of a libSQL client error that mean the database could not answer, not that a statement was wrong. */
const UNAVAILABLE_CODES = new Set(['SERVER_ERROR', 'HRANA_CLOSED_ERROR', 'HRANA_WEBSOCKET_ERROR', 'SQLITE_BUSY', 'SQLITE_BUSY_TIMEOUT']);
/** Node's codes of a failed connection (a remote database from the Node server). */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * True when `error` (anywhere in its cause chain) says the database could not be reached or did not answer
 * in time, rather than that the request was wrong: the app answers these with 503, never a hang or a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e.name === 'DatabaseUnavailableError' || e.name === 'TimeoutError') return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || CONNECTION_CODES.has(code))) return true;
  }
  return false;
}
