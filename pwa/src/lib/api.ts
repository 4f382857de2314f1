import { hc } from 'hono/client';
import type { AppType } from '../../../edge/app';
import { getToken } from './auth-token';

export { ApiError, errorMessage, isApiError } from './api-error';
export { readEnvelope } from './envelope';

/**
 * The typed client of the EventPro API (same origin: the Node server serves both, Vite
 * proxies `/api` in development). The bearer token is read on every call.
 */
export const api = hc<AppType>('/', {
  headers: (): Record<string, string> => {
    const token = getToken();
    return token ? { Authorization: 'Bearer ' + token } : {};
  },
});
