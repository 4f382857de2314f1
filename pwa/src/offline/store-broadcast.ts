// Every tab of this device sees the door's writes at once: after writing to the check-in's tables a tab
// says what changed on one BroadcastChannel, and the others re-read it (roster-repository.ts follows
// people and rosters, the sync engine re-counts its outbox).
import type { RosterKind } from './checkin-types';

/** What one tab tells the others after writing to the check-in's tables. */
export type StoreMessage =
  | { type: 'people'; eventId: string; keys: Array<[kind: RosterKind, id: string]> }
  | { type: 'roster'; eventId: string }
  | { type: 'outbox' }
  | { type: 'device' }
  | { type: 'wiped' };

const CHANNEL = 'eventpro-checkin';
let channel: BroadcastChannel | null | undefined;
function storeChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  return channel;
}

/** Tells the other tabs (and workers) of this device what changed. */
export function announce(message: StoreMessage): void {
  try {
    storeChannel()?.postMessage(message);
  } catch {
    // a closed channel: the other tabs re-read on their next sync
  }
}

/** Calls `listener` with every message another tab (or worker) of this device sends; answers an unsubscribe. */
export function onOtherTabs(listener: (message: StoreMessage) => void): () => void {
  const source = storeChannel();
  if (!source) return () => {};
  const handler = (event: MessageEvent<StoreMessage>) => listener(event.data);
  source.addEventListener('message', handler);
  return () => source.removeEventListener('message', handler);
}
