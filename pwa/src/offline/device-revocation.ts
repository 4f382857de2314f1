// An organiser revoked this device (a lost or stolen tablet): the door answers 403 with `device: revoked`
// (routes/checkin.ts). The device then forgets every roster (names, mobile numbers, pass codes) and the
// personal data of its outbox — walk-ins and an exhibitor phone's lead operations are dropped, a waiting
// change keeps only its ids — and says so until someone sets it up as a new device. Kept in localStorage,
// so the notice outlives a reload and the login screen; knows nothing of screens.
import { database } from './db';
import { forgetDeviceRecord } from './device-record';
import { forgetLoadedIndex } from './roster-repository';
import { announce } from './store-broadcast';

const KEY = 'eventpro.door.revoked';
const listeners = new Set<() => void>();

/** When this device learnt it was revoked (ISO), or null. */
export function deviceRevokedAt(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function subscribeRevocation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const tell = () => {
  for (const listener of listeners) listener();
};

/** Wipes the door's personal data on this device and remembers that it was revoked. */
export async function wipeRevokedDevice(at: Date): Promise<void> {
  const db = database();
  await db.transaction('rw', [db.rosterPeople, db.rosterChunks, db.rosterCursors, db.checkinOutbox], async () => {
    await Promise.all([db.rosterPeople.clear(), db.rosterChunks.clear(), db.rosterCursors.clear()]);
    // A walk-in is a person's details; a status change keeps its ids (sent if a session still allows) without a name.
    // An exhibitor phone's lead operations carry pass codes and notes, and a revoked phone's batches are refused whole (decision 088).
    await db.checkinOutbox.filter((entry) => entry.type === 'walk-in' || entry.type === 'lead').delete();
    await db.checkinOutbox.toCollection().modify((entry) => {
      entry.label = 'A person (revoked device)';
    });
  });
  try {
    localStorage.setItem(KEY, at.toISOString());
  } catch {
    // storage refused: the engine's state still says so on this page
  }
  forgetLoadedIndex();
  announce({ type: 'wiped' });
  tell();
}

/**
 * "Set up as a new device": the revoked record and what is left of its outbox go; the next sign-in
 * registers a new device, which an organiser sees (and may revoke) on the Devices screen.
 */
export async function startAsNewDevice(): Promise<void> {
  const db = database();
  await db.transaction('rw', [db.checkinOutbox, db.deviceInfo], async () => {
    await Promise.all([db.checkinOutbox.clear(), db.deviceInfo.clear()]);
  });
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to remove
  }
  forgetDeviceRecord();
  announce({ type: 'wiped' });
  tell();
}
