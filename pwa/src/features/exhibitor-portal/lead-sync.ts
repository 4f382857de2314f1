// The exhibitor phone's lead lane on this page (issue 32, decision 083): the door's sync engine
// (offline/sync-engine.ts) on the lead lane, with the portal's token. Scans and changes wait in the door's
// outbox (offline/checkin-outbox.ts) and go when the phone is online; the phone keeps no copy of a lead.
import { useSyncExternalStore } from 'react';
import { tokenClaims } from '../../lib/auth-token';
import { deviceHasNetwork } from '../../lib/server-reachability';
import { browserLocks } from '../../offline/checkin-background-sync';
import { type LeadChangeInput, queueLeadOperation } from '../../offline/checkin-outbox';
import { CheckinSync, type SyncState } from '../../offline/sync-engine';
import { portalToken } from '../../lib/portal-token';

let engine: CheckinSync | undefined;

/** This page's lead engine, started on first use (the scan and leads screens). */
export function leadSync(): CheckinSync {
  if (!engine) {
    engine = new CheckinSync({
      lane: 'leads',
      token: portalToken.get,
      subscribeToken: portalToken.subscribe,
      now: () => new Date(),
      locks: browserLocks(),
      online: deviceHasNetwork,
    });
    engine.start();
  }
  return engine;
}

/** The lead lane's state (waiting, last sync, refused), re-rendered on every change. */
export function useLeadSync(): SyncState {
  const sync = leadSync();
  return useSyncExternalStore(sync.subscribe, sync.getState, sync.getState);
}

/** Queues a lead operation made by the person signed in on this phone, and sends it at once when online. */
export async function recordLeadChange(eventId: string, input: LeadChangeInput, name: string) {
  const userId = tokenClaims(portalToken.get()).sub;
  const entry = await queueLeadOperation(eventId, input, { userId, name });
  const sync = leadSync();
  await sync.refreshOutbox();
  void sync.syncNow(true);
  return entry;
}
