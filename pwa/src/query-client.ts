import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './lib/api-error';
import { clearToken, getToken } from './lib/auth-token';
import { isServerReachable, onServerReachability } from './lib/server-reachability';

const MAX_RETRIES = 2;

/** Retries network failures and 5xx a couple of times; a 4xx will not change by asking again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError(error) {
      // A rejected token (expired, user disabled): forget it; guarded screens react to the change.
      if (error instanceof ApiError && error.status === 401 && getToken()) clearToken();
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
    },
    mutations: {
      retry: false,
    },
  },
});

// TanStack Query's own online state follows the window's events only. When the server answers again after
// requests failed with the device online (Wi-Fi without a way out), do what its reconnect does: refetch the
// queries gone stale that refetch on reconnect.
onServerReachability(() => {
  if (isServerReachable()) queryClient.getQueryCache().onOnline();
});
