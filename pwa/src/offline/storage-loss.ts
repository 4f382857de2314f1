// What this device lost when the browser's site data was cleared under an open page: the changes that
// were still waiting to reach the server (as the page last counted them). Kept in localStorage — written
// after the clearing, so it outlives a reload and the login that follows — until staff dismiss it.
// Knows no database: the login screen shows it without loading the check-in's code.

export interface StorageLoss {
  /** When the page noticed (ISO). */
  at: string;
  /** The changes that were waiting: whom each was about and who made it. */
  changes: Array<{ label: string; by?: string }>;
}

const KEY = 'eventpro.checkin.lost';
const listeners = new Set<() => void>();

/** The last text read and what it said, so the same text gives the same object (React's snapshots). */
let read: { text: string | null; loss: StorageLoss | null } = { text: null, loss: null };

function readStorageLoss(): StorageLoss | null {
  try {
    const text = localStorage.getItem(KEY);
    if (text !== read.text) {
      const parsed = text ? (JSON.parse(text) as StorageLoss) : null;
      read = { text, loss: parsed && Array.isArray(parsed.changes) ? parsed : null };
    }
    return read.loss;
  } catch {
    return null;
  }
}

export function recordStorageLoss(loss: StorageLoss): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(loss));
  } catch {
    // storage refused: the notice still shows on this page until it is reloaded
  }
  remembered = loss;
  for (const listener of listeners) listener();
}

export function dismissStorageLoss(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to remove
  }
  remembered = null;
  for (const listener of listeners) listener();
}

/** The loss shown on this page: the stored one, or the one recorded here if storage refused it. */
let remembered: StorageLoss | null = null;
export function currentStorageLoss(): StorageLoss | null {
  return readStorageLoss() ?? remembered;
}

export function subscribeStorageLoss(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
