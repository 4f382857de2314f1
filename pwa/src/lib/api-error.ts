// The error every API call rejects with: the HTTP status (0 when no answer arrived), the
// server's human-readable message and, where a field was at fault, per-field messages.

export const NETWORK_ERROR_MESSAGE = 'No response from server. Please check your connection.';
export const GENERIC_ERROR_MESSAGE = 'Request failed';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  /** The failure's `data`, when the server sent one (e.g. the record a 409 conflicts with). */
  readonly data: unknown;

  constructor(status: number, message: string, errors?: Record<string, string>, data?: unknown, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.errors = errors;
    this.data = data;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** No answer because the request's time-out ran out (the server is slow, not the device offline). */
  get isTimeout(): boolean {
    return this.status === 0 && this.cause instanceof DOMException && this.cause.name === 'TimeoutError';
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * The server's own words for a failure, or `undefined` when it gave none: no answer at all, an answer
 * that is not our envelope (a gateway's error page), or an envelope without a message.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.isNetworkError) return undefined;
  return error.message && error.message !== GENERIC_ERROR_MESSAGE ? error.message : undefined;
}

/** A message to show for any thrown value: the server's words, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}
