import { useEffect, useState, useSyncExternalStore } from 'react';
import { deviceId } from '../../offline/device-record';
import { openRosterIndex } from '../../offline/roster-repository';
import type { RosterIndex } from '../../offline/roster-search-index';
import { getSyncState, subscribeSync } from '../../offline/checkin-sync';

export function useSyncState() {
  return useSyncExternalStore(subscribeSync, getSyncState, getSyncState);
}

/** The in-memory roster of `eventId` (loaded from IndexedDB), and its revision (bumped on every change). */
export function useRosterIndex(eventId: string | null): { index: RosterIndex | null; revision: number } {
  const [index, setIndex] = useState<RosterIndex | null>(null);
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    if (!eventId) return;
    let alive = true;
    let unsubscribe = () => {};
    void openRosterIndex(eventId).then((loaded) => {
      if (!alive) return;
      setIndex(loaded);
      setRevision(loaded.revision);
      unsubscribe = loaded.subscribe(() => setRevision(loaded.revision));
    });
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [eventId]);
  return { index: index && index.eventId === eventId ? index : null, revision };
}

export function useDeviceId(): string | null {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    void deviceId().then(setId);
  }, []);
  return id;
}

/** Asks the browser to keep this site's storage (the outbox) under pressure; false when refused. */
export function usePersistentStorage(): boolean | null {
  const [granted, setGranted] = useState<boolean | null>(null);
  useEffect(() => {
    const storage = navigator.storage;
    if (!storage?.persist) {
      setGranted(false);
      return;
    }
    void storage
      .persisted()
      .then((already) => (already ? true : storage.persist()))
      .then(setGranted, () => setGranted(false));
  }, []);
  return granted;
}
