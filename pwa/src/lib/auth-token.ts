// The admin token, kept in localStorage under one key. Changes (here or in another tab)
// are broadcast to subscribers, so screens can react to a logout elsewhere.

type Listener = (token: string | null) => void;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // e.g. storage disabled by the browser
  }
}

/**
 * A sign-in token kept in localStorage under `key`, its changes (here or in another tab) told to
 * subscribers. The panel's token is one; the exhibitor portal's (another audience, decision 081) another,
 * so signing in to one never signs out of the other.
 */
export function tokenStore(key: string) {
  const listeners = new Set<Listener>();
  const get = (): string | null => storage()?.getItem(key) || null;
  const emit = () => listeners.forEach((listener) => listener(get()));
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) emit();
    });
  }
  return {
    get,
    set(token: string) {
      storage()?.setItem(key, token);
      emit();
    },
    clear() {
      storage()?.removeItem(key);
      emit();
    },
    /** Calls `listener` whenever the token changes; returns the unsubscribe function. */
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const { get: getToken, set: setToken, clear: clearToken, subscribe: subscribeToken } = tokenStore('eventpro.token');

/**
 * The claims a panel token states (`sub`, `role`), read without checking its signature: they only choose
 * screens and label what this device queues; the API checks the token on every request. Empty for
 * anything that is not such a token.
 */
export function tokenClaims(token: string | null | undefined): { sub?: string; role?: string } {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const json = JSON.parse(
      atob(
        payload
          .replace(/-/g, '+')
          .replace(/_/g, '/')
          .padEnd(Math.ceil(payload.length / 4) * 4, '='),
      ),
    ) as Record<string, unknown>;
    return { ...(typeof json.sub === 'string' ? { sub: json.sub } : {}), ...(typeof json.role === 'string' ? { role: json.role } : {}) };
  } catch {
    return {};
  }
}
