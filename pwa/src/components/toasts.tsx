import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useInnermostDialog } from './dialog-stack';

export type ToastTone = 'success' | 'info' | 'error';
interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

/** How long a notification stays: the public site's 5 seconds, the panel's 3 (set by the page's `<Toasts>`). */
const SHOWN_MS = { public: 5000, panel: 3000 };
let shownMs = SHOWN_MS.public;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function dismissToast(id: number): void {
  toasts = toasts.filter((item) => item.id !== id);
  emit();
}

/** Shows a non-blocking notification, which closes by itself: `toast(message, tone?)`, `toast.success(message)`, `toast.error(message)`. */
export const toast = Object.assign(
  (message: string, tone: ToastTone = 'info'): void => {
    const id = nextId++;
    toasts = [...toasts, { id, message, tone }];
    emit();
    setTimeout(() => dismissToast(id), shownMs);
  },
  {
    success: (message: string) => toast(message, 'success'),
    error: (message: string) => toast(message, 'error'),
  },
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

/**
 * The notification stack, announced politely to screen readers, and inside the open dialog while one is
 * open (the page behind a modal dialog is inert). `public`: top right, each with a dismiss button.
 * `panel`: bottom centre, dark, the newest four, each with its tone's sign (panel-app.css).
 */
export function Toasts({ place = 'public' }: { place?: keyof typeof SHOWN_MS }) {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  const dialog = useInnermostDialog();
  const panel = place === 'panel';
  shownMs = SHOWN_MS[place];
  const region = (
    <div className={panel ? 'toasts toasts--panel' : 'toasts'} role="status" aria-live="polite">
      {(panel ? items.slice(-4) : items).map((item) => (
        <div key={item.id} className={`toast toast--${item.tone}`} data-testid="toast">
          <p>{item.message}</p>
          {panel ? null : (
            <button type="button" aria-label="Dismiss notification" onClick={() => dismissToast(item.id)}>
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
  return dialog ? createPortal(region, dialog) : region;
}
