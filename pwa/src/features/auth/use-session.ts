import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { subscribeToken } from '../../lib/auth-token';
import { useScreenOption } from '../../components/panel-session';
import { meQueryOptions } from './auth-api';
import { panelKeys } from '../../lib/resource-keys';

/**
 * For signed-in screens: the current user (`GET /api/auth/me`), a `logout()` that signs out
 * (features/auth/logout.ts: the server's session, the cached lists, the token) and goes to the site root, and a watch on the token: when it disappears for another
 * reason (rejected by the API, logout in another tab) the user is sent to the login screen,
 * which brings them back here afterwards.
 */
export function useSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const href = useRouterState({ select: (state) => state.location.href });
  const me = useQuery(meQueryOptions());
  const loggingOut = useRef(false);
  // A screen that outlives the session (the door) says so itself and offers a sign-in.
  const outlivesSession = useScreenOption('outlivesSession');

  useEffect(
    () =>
      subscribeToken((token) => {
        if (!token && !loggingOut.current && !outlivesSession) {
          void navigate({ to: '/panel', search: { redirect: href }, replace: true });
        }
      }),
    [navigate, href, outlivesSession],
  );

  const logout = useCallback(
    async (options: { everywhere?: boolean } = {}) => {
      loggingOut.current = true;
      try {
        // Loaded on the click: the sign-out (and its question about waiting door changes) is not in every screen's first load.
        const { logout: signOut } = await import('./logout');
        if (!(await signOut(options))) {
          loggingOut.current = false;
          return;
        }
      } catch (error) {
        loggingOut.current = false;
        throw error;
      }
      queryClient.removeQueries({ queryKey: panelKeys.auth });
      void navigate({ to: '/' });
    },
    [navigate, queryClient],
  );

  return { me, logout };
}
