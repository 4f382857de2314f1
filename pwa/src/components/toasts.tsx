import { useSyncExternalStore } from 'react';
import './toasts.css';

export type ToastTone = 'success' | 'info' | 'error';
interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

/** Seed 000 §9: notifications close by themselves after 5 seconds, top right. */
export const TOAST_MS = 5000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a non-blocking notification. */
export function notify(message: string, tone: ToastTone = 'info'): void {
  const id = nextId++;
  toasts = [...toasts, { id, message, tone }];
  emit();
  setTimeout(() => dismissToast(id), TOAST_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

/** The notification stack, top right; announced politely to screen readers. */
export function Toasts() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {items.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.tone}`}>
          <p>{toast.message}</p>
          <button type="button" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
