// What a panel screen asks of the shell around it, declared on its route file (`staticData`) and read by
// the shell and the session watch: one place, so a route says it once.
import { useRouterState } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
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

/** Whether any screen shown now declares `option`. */
export function useScreenOption(option: 'fullScreen' | 'outlivesSession'): boolean {
  return useRouterState({ select: (state) => state.matches.some((match) => match.staticData?.[option] === true) });
}
