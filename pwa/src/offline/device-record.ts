// This device as the server knows it: an id and a secret made once, the name staff gave it, and the author
// tickets of the users who made changes here with the MAC key issued with each (kept in `deviceInfo`, one record).
import { database } from './db';
import { announce, onOtherTabs } from './store-broadcast';
import type { AuthorTicket, DeviceInfo } from './checkin-types';

/** The record as this page last read or wrote it; re-read after another tab changed it or site data was cleared. */
let devicePromise: Promise<DeviceInfo> | undefined;

/** 32 random bytes as hex: the device's secret. */
const randomSecret = () => [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Which device this browser is and the last author ticket it was given, kept outside IndexedDB (decision 086):
 * when IndexedDB alone is wiped (evicted, or cleared with no page open), the device made next names the one
 * it replaces at its sign-in. The ticket alone sends nothing: every request needs the MAC key issued with it,
 * which stays in IndexedDB.
 */
const LAST_DEVICE_KEY = 'eventpro.checkin.device';

function lastDevice(): { deviceId: string; author: string } | undefined {
  try {
    const last = JSON.parse(localStorage.getItem(LAST_DEVICE_KEY) ?? 'null') as { deviceId?: unknown; author?: unknown } | null;
    return typeof last?.deviceId === 'string' && typeof last.author === 'string' ? { deviceId: last.deviceId, author: last.author } : undefined;
  } catch {
    return undefined;
  }
}

function rememberLastDevice(deviceId: string, author: string): void {
  try {
    localStorage.setItem(LAST_DEVICE_KEY, JSON.stringify({ deviceId, author }));
  } catch {
    // No localStorage (a worker, a test) or it is full: the next device just cannot name this one.
  }
}

/** A new device: a new id and secret, naming the device this browser was before, if it knows it. */
const newDevice = (): DeviceInfo => {
  const replaces = lastDevice();
  return {
    key: 'device',
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    secret: randomSecret(),
    name: '',
    tickets: {},
    ...(replaces ? { replaces } : {}),
  };
};

/** A record as this version keeps it: a secret, and a MAC key with every ticket (none of 053's key pair). */
const current = (info: DeviceInfo | undefined): info is DeviceInfo =>
  !!info?.secret && !('signingKey' in info) && Object.values(info.tickets ?? {}).every((ticket) => !!ticket.macKey);

/**
 * A record made before tickets came with their MAC key (decision 086): its ECDSA key pair goes, and the
 * tickets without a key with it (their users sign in again; their waiting changes wait until then). A record
 * without a secret gets one and keeps its id, time and name.
 */
function upgraded(found: DeviceInfo & { signingKey?: unknown }): DeviceInfo {
  const { signingKey: _ecdsa, ...kept } = found;
  if (!kept.secret) return { ...newDevice(), id: kept.id, createdAt: kept.createdAt, name: kept.name ?? '' };
  return { ...kept, tickets: Object.fromEntries(Object.entries(kept.tickets ?? {}).filter(([, ticket]) => !!ticket.macKey)) };
}

/** This device's record, made once (an id and a secret) and kept in IndexedDB. */
export function deviceInfo(): Promise<DeviceInfo> {
  if (devicePromise) return devicePromise;
  const reading = (async () => {
    const db = database();
    const stored = await db.deviceInfo.get('device');
    if (current(stored)) return stored;
    return db.transaction('rw', db.deviceInfo, async () => {
      const found = await db.deviceInfo.get('device');
      if (current(found)) return found;
      const info = found ? upgraded(found) : newDevice();
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
  devicePromise = Promise.resolve(next);
  announce({ type: 'device' });
  return next;
}

/** Names this device ("Gate 2 tablet"); the name goes with its next sign-in and batch. */
export function setDeviceName(name: string): Promise<DeviceInfo> {
  return updateDevice((info) => ({ ...info, name: name.trim().slice(0, 60) }));
}

/**
 * Keeps the author ticket the server issued for a user of this device (with its MAC key). The sign-in that
 * answered it named the device this one replaces, if any: that is done.
 */
export async function storeAuthorTicket(ticket: AuthorTicket): Promise<DeviceInfo> {
  const next = await updateDevice(({ replaces: _named, ...info }) => ({ ...info, tickets: { ...info.tickets, [ticket.userId]: ticket } }));
  rememberLastDevice(next.id, ticket.ticket);
  return next;
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
