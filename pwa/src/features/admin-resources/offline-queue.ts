// The panel's offline changes (tablets on patchy venue networks): status changes of people and
// new walk-in visitors go to the venue check-in's outbox (offline/checkin-outbox.ts) and are sent by its
// sync engine (offline/checkin-sync.ts) when the network returns. Nothing here keeps a queue of its own.
import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { queuePanelStatusChange, registerWalkIn } from '../../offline/checkin-outbox';
import { database } from '../../offline/db';
import { retryRefused } from '../../offline/refused-changes';
import { refreshOutbox, startOutboxSync, syncNow } from '../../offline/checkin-sync';
import type { CheckinOutboxEntry, RosterKind } from '../../offline/checkin-types';
import type { BaseRecord } from '../../lib/api';
import type { ResourceName } from './types';
import { ATTENDEE_KINDS } from '@shared/resources/kinds';

/** The resources whose status the check-in outbox can carry (people at the venue door). */
const OFFLINE_KINDS: ReadonlySet<ResourceName> = new Set<ResourceName>(ATTENDEE_KINDS);

export const queuesOffline = (name: ResourceName): name is ResourceName & RosterKind => OFFLINE_KINDS.has(name);

/** One record's change still in the outbox: the newest one wins the row's display. */
export interface PendingChange {
  seq: number;
  /** The change in words, as the device wrote it when it was made ("Asha Rao: Checked In"). */
  label: string;
  toStatus: string;
  state: CheckinOutboxEntry['state'];
  reason?: string | undefined;
}

export interface PendingState {
  /** By record id: the newest waiting or refused status change of this resource. */
  changes: Map<string, PendingChange>;
  /** Walk-ins not yet on the server (visitors only). */
  walkIns: CheckinOutboxEntry[];
}

const EMPTY: PendingState = { changes: new Map(), walkIns: [] };

function summarise(name: ResourceName, entries: CheckinOutboxEntry[]): PendingState {
  const changes = new Map<string, PendingChange>();
  const walkIns: CheckinOutboxEntry[] = [];
  for (const entry of entries) {
    if (entry.op && entry.op.kind === name) {
      changes.set(entry.op.recordId, { seq: entry.seq!, label: entry.label, toStatus: entry.op.toStatus, state: entry.state, reason: entry.reason });
    } else if (entry.walkIn && name === 'visitors') {
      walkIns.push(entry);
    }
  }
  return { changes, walkIns };
}

/**
 * The outbox entries of one resource, kept current (Dexie's liveQuery sees every write, including the
 * sync engine's and other tabs'). `onDelivered` runs when an entry leaves the outbox (the server has it).
 */
export function usePendingChanges(name: ResourceName, onDelivered: () => Promise<unknown>): PendingState {
  const [pending, setPending] = useState<PendingState>(EMPTY);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one subscription per resource; a new `onDelivered` each render must not restart it
  useEffect(() => {
    if (!queuesOffline(name)) return;
    let known = new Set<string>();
    let latest = 0;
    const subscription = liveQuery(() => database().checkinOutbox.orderBy('seq').toArray()).subscribe({
      next(entries) {
        const turn = ++latest;
        const next = summarise(name, entries);
        const ids = new Set(entries.filter((e) => e.op?.kind === name || (e.walkIn && name === 'visitors')).map((e) => e.id));
        const gone = [...known].some((id) => !ids.has(id));
        known = ids;
        if (!gone) {
          setPending(next);
          return;
        }
        // Delivered: the row keeps its pending look until the list shows the server's state (no flicker
        // back to the old status).
        void onDelivered()
          .catch(() => undefined)
          .finally(() => {
            if (turn === latest) setPending(next);
          });
      },
      error() {
        setPending(EMPTY); // no IndexedDB: nothing can be pending
      },
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name]);
  return pending;
}

/** Starts the outbox's engine (its own triggers send on `online`) and sends now if the network allows. */
function kick(force = false) {
  startOutboxSync();
  void refreshOutbox().then(() => {
    if (deviceHasNetwork()) void syncNow(force);
  });
}

/** A status change of a person, queued in the check-in outbox. */
export async function queueStatusChange(name: ResourceName & RosterKind, row: BaseRecord, toStatus: string, label: string, actorName: string) {
  await queuePanelStatusChange({
    eventId: typeof row.eventId === 'string' ? row.eventId : '',
    kind: name,
    recordId: row.id,
    fromStatus: row.status ?? null,
    baseOperationId: typeof row.statusOperationId === 'string' ? row.statusOperationId : null,
    toStatus,
    label,
    actor: { name: actorName },
  });
  kick();
}

/** A new visitor made offline: a walk-in (`POST /api/checkin/walk-ins`, the id made here). */
export async function queueWalkIn(body: Record<string, unknown>, actorName: string) {
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '');
  const eventId = text('eventId');
  if (!eventId) throw new ApiError(400, 'Choose an event: a visitor registered offline is sent as a walk-in of that event.');
  const organizationName = text('organizationName');
  const city = text('city');
  await registerWalkIn(
    {
      eventId,
      fullName: text('fullName'),
      mobileNumber: text('mobileNumber'),
      ...(organizationName ? { organizationName } : {}),
      ...(city ? { city } : {}),
    },
    { name: actorName },
  );
  kick();
}

/** "Retry" on a refused change: back in the queue, sent at once if online. */
export async function retryPending(seq: number) {
  await retryRefused(seq);
  kick(true);
}

/** A pending walk-in as a list row. */
export function walkInRow(entry: CheckinOutboxEntry): BaseRecord {
  const w = entry.walkIn!;
  return {
    id: w.id,
    createdAt: entry.createdAt,
    updatedAt: entry.createdAt,
    status: 'registered_at_venue',
    fullName: w.fullName,
    mobileNumber: w.mobileNumber,
    organizationName: w.organizationName ?? '',
    eventId: w.eventId,
    email: '',
  };
}
