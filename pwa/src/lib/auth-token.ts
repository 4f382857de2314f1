// The admin token, kept in localStorage under one key. Changes (here or in another tab)
// are broadcast to subscribers, so screens can react to a logout elsewhere.

const TOKEN_KEY = 'eventpro.token';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // e.g. storage disabled by the browser
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) || null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
  emit();
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_KEY);
  emit();
}

function emit(): void {
  const token = getToken();
  for (const listener of listeners) listener(token);
}

/** Calls `listener` whenever the token changes; returns the unsubscribe function. */
export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) emit();
  });
}

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
