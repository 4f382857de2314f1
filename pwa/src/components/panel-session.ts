import { createContext, useContext } from 'react';

/** The signed-in user, provided by the panel layout route to every screen under it. */
export interface PanelUser {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'staff' | string;
}

export const PanelUserContext = createContext<PanelUser | null>(null);

export function usePanelUser(): PanelUser | null {
  return useContext(PanelUserContext);
}

/** Until the account has loaded, nothing admin-only is shown. */
export function useIsAdmin(): boolean {
  return usePanelUser()?.role === 'admin';
}

/** Signs out (features/auth/logout.ts through useSession), for screens under the panel layout. */
export type Logout = (options?: { everywhere?: boolean }) => Promise<void>;
export const LogoutContext = createContext<Logout | null>(null);

export function useLogout(): Logout | null {
  return useContext(LogoutContext);
}
