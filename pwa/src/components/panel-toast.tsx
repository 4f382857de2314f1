import { useSyncExternalStore } from 'react';

/** Seed 001 §2, §9: toasts bottom-centre, dark, 3 seconds. */
export const PANEL_TOAST_MS = 3000;

export type PanelToastTone = 'success' | 'error' | 'info';
interface PanelToastItem {
  id: number;
  message: string;
  tone: PanelToastTone;
}

let items: PanelToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function dismiss(id: number) {
  items = items.filter((item) => item.id !== id);
  emit();
}

export function toast(message: string, tone: PanelToastTone = 'info'): void {
  const id = nextId++;
  items = [...items.slice(-3), { id, message, tone }];
  emit();
  setTimeout(() => dismiss(id), PANEL_TOAST_MS);
}
toast.success = (message: string) => toast(message, 'success');
toast.error = (message: string) => toast(message, 'error');

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => items;

export function PanelToasts() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <div className="panel-toasts" role="status" aria-live="polite">
      {list.map((item) => (
        <div key={item.id} className={`panel-toast panel-toast--${item.tone}`} data-testid="toast">
          <span aria-hidden="true">{item.tone === 'success' ? '✓' : item.tone === 'error' ? '!' : 'i'}</span>
          <p>{item.message}</p>
        </div>
      ))}
    </div>
  );
}
