import type { ReactNode } from 'react';
import { useOnline } from './use-online';

/* A screen that reads data, opened offline with no copy of it on this device (never opened here while
   online, or its copy older than the panel cache keeps), says so instead of "Loading ..." for ever or a bare
   "Failed to fetch" (issue 29). Lists say it in their table (`useNotKeptOffline`), other screens with
   `NotKeptOffline`; words beside the panel's other offline ones (offline-words.ts). */

/** What a screen with no copy on this device says offline, instead of loading for ever. */
export const NOT_KEPT_OFFLINE =
  'You are offline, and this screen has not been opened on this device while online, so there is no copy of it to show. It loads when the network returns.';

/** NOT_KEPT_OFFLINE when the server is out of reach and the screen has no copy of its data (`kept` false), else null. */
export function useNotKeptOffline(kept: boolean): string | null {
  const online = useOnline();
  return !online && !kept ? NOT_KEPT_OFFLINE : null;
}

/** The notice, shown instead of `children` (the screen's loading or failure words) when `useNotKeptOffline` says so. */
export function NotKeptOffline({ kept, children = null }: { kept: boolean; children?: ReactNode }) {
  const notKept = useNotKeptOffline(kept);
  if (!notKept) return <>{children}</>;
  return (
    <p className="panel-banner" role="status" data-testid="not-kept-offline">
      {notKept}
    </p>
  );
}
