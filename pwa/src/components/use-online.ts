import { useSyncExternalStore } from 'react';
import { canReachServer, onServerReachability } from '../lib/server-reachability';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const stopReachability = onServerReachability(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    stopReachability();
  };
};

/**
 * Whether the panel can reach its server: the device has a network and the server
 * answered the last request. Wi-Fi without a way out counts as offline, as staff experience it.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, canReachServer, () => true);
}
