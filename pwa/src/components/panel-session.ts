import { useRouterState } from '@tanstack/react-router';
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

declare module '@tanstack/react-router' {
  /** What a panel screen asks of the shell around it, declared once on its route file (`staticData`). */
  interface StaticDataRouteOption {
    /**
     * The screen takes the whole window: no sidebar or top bar (the venue door on a phone needs every
     * pixel). The screen gives its own way back to the panel.
     */
    fullScreen?: boolean;
    /**
     * The screen keeps working when the login lapses (the door scans from the device's roster and queues):
     * it says so and offers a sign-in, instead of being swapped for the login screen.
     */
    outlivesSession?: boolean;
  }
}

/** Whether any screen shown now declares `option` on its route (the shell and the session watch read it). */
export function useScreenOption(option: 'fullScreen' | 'outlivesSession'): boolean {
  return useRouterState({ select: (state) => state.matches.some((match) => match.staticData?.[option] === true) });
}
