// Service worker registration with workbox-window (no injected inline script, so the CSP can
// stay `script-src 'self'`). Knows no screen: it exposes a tiny store that the update prompt
// reads, and marks `<html data-sw="ready">` once a worker is active, for the e2e tests.
//
// Update flow (registerType "prompt"): a new worker installs and waits; `waiting` fires and
// `updateAvailable` becomes true; `applyUpdate()` asks it to skip waiting, and when it takes
// control (`controlling`) the page reloads onto the new assets.
import type { Workbox } from 'workbox-window';

export interface ServiceWorkerState {
  /** `unsupported`: no service workers here (or not a production build). */
  status: 'idle' | 'unsupported' | 'registering' | 'ready' | 'error';
  /** A new version is installed and waiting for the user's go-ahead. */
  updateAvailable: boolean;
}

const SW_URL = '/sw.js';
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let state: ServiceWorkerState = { status: 'idle', updateAvailable: false };
const listeners = new Set<() => void>();
let workbox: Workbox | undefined;
let reloadOnControl = false;

function setState(patch: Partial<ServiceWorkerState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getServiceWorkerState(): ServiceWorkerState {
  return state;
}

export function subscribeServiceWorker(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function markReady(): void {
  document.documentElement.dataset.sw = 'ready';
  if (state.status !== 'ready') setState({ status: 'ready' });
}

export async function registerServiceWorker(): Promise<void> {
  if (workbox || state.status === 'registering') return;
  if (!('serviceWorker' in navigator)) {
    setState({ status: 'unsupported' });
    return;
  }
  setState({ status: 'registering' });
  try {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox(SW_URL, { scope: '/' });
    workbox = wb;

    wb.addEventListener('waiting', () => setState({ updateAvailable: true }));
    wb.addEventListener('activated', (event) => {
      if (!event.isExternal) markReady();
    });
    wb.addEventListener('controlling', () => {
      markReady();
      if (reloadOnControl) window.location.reload();
    });

    // `ready` resolves once a worker is active for this scope, whether this page installed it or an
    // earlier visit did (workbox-window's own events only cover a worker installed by this page).
    void navigator.serviceWorker.ready.then(markReady);
    await wb.register();

    // Long-lived tabs (the venue check-in) should still learn about new versions.
    window.setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
  } catch (error) {
    console.warn('Service worker registration failed', error);
    setState({ status: 'error' });
  }
}

/** Activates the waiting worker; the page reloads once it controls the page. */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb) {
    window.location.reload();
    return;
  }
  reloadOnControl = true;
  wb.messageSkipWaiting();
}

/** Hides the prompt for this page load; the waiting worker takes over on the next visit. */
export function dismissUpdate(): void {
  setState({ updateAvailable: false });
}
