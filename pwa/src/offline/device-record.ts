// This device as the server knows it: an id, a secret and a signing key made once, the name staff gave it,
// and the author tickets of the users who made changes here (kept in `deviceInfo`, one record).
import { makeDeviceKeyPair } from '@edge/auth/device-signature';
import { database } from './db';
import { announce, onOtherTabs } from './store-broadcast';
import type { AuthorTicket, DeviceInfo } from './checkin-types';

/** The record as this page last read or wrote it; re-read after another tab changed it or site data was cleared. */
let devicePromise: Promise<DeviceInfo> | undefined;

/** 32 random bytes as hex: the device's secret. */
const randomSecret = () => [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');

const newDevice = (): DeviceInfo => ({
  key: 'device',
  id: crypto.randomUUID(),
  createdAt: new Date().toISOString(),
  secret: randomSecret(),
  name: '',
  tickets: {},
});

const complete = (info: DeviceInfo | undefined): boolean => !!info?.secret && !!info.signingKey;

/**
 * This device's record, made once (an id, a secret and a signing key) and kept in IndexedDB. A record made
 * before devices signed (no key) gets one, and loses its tickets: a ticket is bound to the key it was
 * issued with, so its users sign in again.
 */
export function deviceInfo(): Promise<DeviceInfo> {
  if (devicePromise) return devicePromise;
  const reading = (async () => {
    const db = database();
    const stored = await db.deviceInfo.get('device');
    if (stored && complete(stored)) return stored;
    // Made outside the transaction: an IndexedDB transaction cannot stay open across WebCrypto's promise.
    const signingKey = await makeDeviceKeyPair();
    return db.transaction('rw', db.deviceInfo, async () => {
      const found = await db.deviceInfo.get('device');
      if (found && complete(found)) return found;
      const kept = found?.secret ? { ...found, tickets: {} } : found ? { id: found.id, createdAt: found.createdAt, name: found.name ?? '' } : {};
      const info: DeviceInfo = { ...newDevice(), ...kept, signingKey };
      await db.deviceInfo.put(info);
      return info;
    });
  })();
  devicePromise = reading;
  reading.catch(() => {
    if (devicePromise === reading) devicePromise = undefined;
  });
  return reading;
}

/** This device's id. */
export async function deviceId(): Promise<string> {
  return (await deviceInfo()).id;
}

/** The next read goes to IndexedDB (another tab or a logout changed the record). */
export function forgetDeviceRecord(): void {
  devicePromise = undefined;
}

onOtherTabs((message) => {
  if (message.type === 'device' || message.type === 'wiped') forgetDeviceRecord();
});

/** Changes the device record (its name, its tickets) in one transaction; answers the new record. */
async function updateDevice(change: (info: DeviceInfo) => DeviceInfo): Promise<DeviceInfo> {
  const db = database();
  await deviceInfo();
  const next = await db.transaction('rw', db.deviceInfo, async () => {
    // Site data cleared while the page was open: this is a new device from now on.
    const info = change((await db.deviceInfo.get('device')) ?? newDevice());
    await db.deviceInfo.put(info);
    return info;
  });
  // A record made anew here (site data cleared meanwhile) has no key yet: the next read makes it.
  devicePromise = complete(next) ? Promise.resolve(next) : undefined;
  announce({ type: 'device' });
  return next;
}

/** Names this device ("Gate 2 tablet"); the name goes with its next sign-in and batch. */
export function setDeviceName(name: string): Promise<DeviceInfo> {
  return updateDevice((info) => ({ ...info, name: name.trim().slice(0, 60) }));
}

/** Keeps the author ticket the server issued for a user of this device. */
export function storeAuthorTicket(ticket: AuthorTicket): Promise<DeviceInfo> {
  return updateDevice((info) => ({ ...info, tickets: { ...info.tickets, [ticket.userId]: ticket } }));
}

/** Records the generation of the server's database this device's roster belongs to (the first one it saw). */
export function storeGeneration(generation: string): Promise<DeviceInfo> {
  return updateDevice((info) => ({ ...info, generation }));
}

/** The ticket this device holds for `userId`, if any and not expired at `now`. */
export async function authorTicket(userId: string, now = new Date()): Promise<AuthorTicket | undefined> {
  const ticket = (await deviceInfo()).tickets?.[userId];
  return ticket && Date.parse(ticket.expiresAt) > now.getTime() ? ticket : undefined;
}

/**
 * Calls `onCleared` with the device record this page had when the browser's site data is cleared under
 * it (the user cleared it, or the browser evicted it): IndexedDB closes the connection, the database
 * comes back empty, and from then on this is a new device. Whatever waited in the outbox is gone. A
 * connection closed for any other reason finds the device record still there and calls nothing.
 * Answers an unsubscribe.
 */
export function watchClearedStorage(onCleared: (previous: DeviceInfo) => void): () => void {
  const db = database();
  const listener = () => {
    const known = devicePromise;
    if (!known) return;
    void (async () => {
      const previous = await known.catch(() => undefined);
      // Dexie opens the database again on its next use: an emptied origin gives an empty database.
      const stored = await db.deviceInfo.get('device').catch(() => undefined);
      if (!previous || stored?.id === previous.id) return;
      devicePromise = undefined;
      onCleared(previous);
    })();
  };
  db.on('close', listener);
  return () => db.on('close').unsubscribe(listener);
}
