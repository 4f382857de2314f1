import { QueryCache, QueryClient } from '@tanstack/react-query';
import { wipeRevokedDevice } from '../offline/device-revocation';
import { ApiError } from './api-error';
import { portalToken } from './portal-token';

/**
 * The exhibitor portal's query cache, loaded with the portal only (its screens and the leads' share it): like the panel's (query-client.ts), a rejected
 * token (a removed person, an ended session) is forgotten, which sends the phone to the sign-in screen; a revoked
 * phone's answer wipes it.
 */
export const portalQueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError(error) {
      if (error instanceof ApiError && error.status === 401 && portalToken.get()) portalToken.clear();
      // The phone was revoked (decision 088): it wipes as a revoked door device does, and the shell says so.
      if (error instanceof ApiError && error.status === 403 && error.errors?.device === 'revoked') void wipeRevokedDevice(new Date());
    },
  }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: (count, error) => !(error instanceof ApiError && error.isClientError) && count < 2, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
