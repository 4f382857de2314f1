// The cheap half of the public outbox, loaded with every public page: whether anything waits (a
// localStorage hint, so app start does not load Dexie when nothing does), change notifications, and the
// submissions held before the form's code could load. The outbox itself (public-outbox.ts, Dexie) loads
// only when there is something to send or show.
import type { Language } from '@shared/languages';

import type { RegistrationKind } from '@shared/schemas/vocabulary';

const OUTBOX_HINT_KEY = 'eventpro.outbox.pending';
const HELD_KEY = 'eventpro.outbox.held';

const listeners = new Set<() => void>();

/** Called after every change of the outbox (enqueue, flush). */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the subscribers the outbox may have changed (e.g. the service worker sent from it). */
export function outboxTouched(): void {
  tell();
}

function tell(): void {
  for (const listener of listeners) listener();
}

/** Records how many entries the outbox holds (waiting or refused) and tells the subscribers. */
export function outboxChanged(count: number): void {
  try {
    if (count > 0) localStorage.setItem(OUTBOX_HINT_KEY, String(count));
    else localStorage.removeItem(OUTBOX_HINT_KEY);
  } catch {
    // storage unavailable: app start will simply not know to flush early
  }
  tell();
}

/** True when entries may be waiting, or refusals not yet dismissed (no IndexedDB involved). */
export function outboxMayHaveEntries(): boolean {
  try {
    return Number(localStorage.getItem(OUTBOX_HINT_KEY) ?? 0) > 0 || localStorage.getItem(HELD_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * A submission the form could not check or queue because its code did not load (a first visit that lost
 * the network before the code arrived, or a chunk gone after a deploy): the fields as typed, which the
 * browser's own rules accepted. The outbox takes it once its code loads (`takeHeldSubmissions`), checks it
 * with the form's schema and sends it under this id, so it is recorded once.
 */
export interface HeldSubmission {
  id: string;
  /** Which schema checks it: the inline forms' (`inline`) or the popup's (`popup`), of this registration kind. */
  form: 'inline' | 'popup';
  kind: RegistrationKind;
  endpoint: string;
  values: Record<string, string>;
  name: string;
  typeLabel: string;
  createdAt: string;
  /** The page's language, which the record keeps (decision 087); absent on what was held before it was kept: English. */
  language?: Language;
}

export function heldSubmissions(): HeldSubmission[] {
  try {
    const text = localStorage.getItem(HELD_KEY);
    return text ? (JSON.parse(text) as HeldSubmission[]) : [];
  } catch {
    return [];
  }
}

/** Keeps a submission on the device with nothing but localStorage (no module to load). False if it cannot. */
export function holdSubmission(held: HeldSubmission): boolean {
  try {
    localStorage.setItem(HELD_KEY, JSON.stringify([...heldSubmissions().filter((item) => item.id !== held.id), held]));
  } catch {
    return false;
  }
  tell();
  return true;
}

/** Forgets held submissions once the outbox has them. */
export function releaseHeld(ids: readonly string[]): void {
  const rest = heldSubmissions().filter((item) => !ids.includes(item.id));
  try {
    if (rest.length > 0) localStorage.setItem(HELD_KEY, JSON.stringify(rest));
    else localStorage.removeItem(HELD_KEY);
  } catch {
    // nothing to do: the outbox's put is keyed by id, so taking it again stores it once
  }
  tell();
}
