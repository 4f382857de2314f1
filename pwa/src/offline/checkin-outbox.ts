// The door's outbox: every change staff make on this device (a status change, a walk-in, a status
// changed in the admin panel while offline), written with the person's new local state in ONE strict
// transaction, kept in creation order (`seq`) until the server has answered it. Knows no screen and no
// network: the sync engine (sync-engine.ts) sends it.
import type { PersonState } from '@edge/routes/checkin';
import { uuidv7 } from '@edge/lib/uuid-v7';
import { canonicalMobile } from '@shared/schemas/mobile-number';
import { getToken, tokenClaims } from '../lib/auth-token';
import { database } from './db';
import { deviceId } from './device-record';
import { type DownloadReads, loadedIndex, localPerson, pendingRecordKeys } from './roster-repository';
import { announce } from './store-broadcast';
import type { CheckinOperation, CheckinOutboxEntry, LeadOperation, OutboxAuthor, OutboxLane, RosterKind, RosterPerson, WalkInDraft } from './checkin-types';

/** The engine that sends `entry` (checkin-types.ts `OutboxLane`). */
export const laneOf = (entry: Pick<CheckinOutboxEntry, 'type'>): OutboxLane => (entry.type === 'lead' ? 'leads' : 'door');

/** Who makes a change on this device: credited to them (their author ticket), shown as "changed by". */
export interface Actor {
  /** The signed-in user's id; read from the login token when not given. */
  userId?: string;
  name: string;
}

const authorOf = (actor: Actor): OutboxAuthor | undefined => {
  const userId = actor.userId ?? tokenClaims(getToken()).sub;
  return userId ? { userId, name: actor.name } : undefined;
};

/** The person's new state on this device after this device changed it. */
const changedBy = (person: RosterPerson, op: CheckinOperation, actor: Actor, device: string): RosterPerson => ({
  ...person,
  status: op.toStatus,
  statusChangedAt: op.deviceTime,
  statusChangedBy: actor.name,
  statusDeviceId: device,
  statusOperationId: op.id,
});

/**
 * Moves a person to `toStatus`: the optimistic change and its operation, in one strict transaction.
 * Reads the person inside the transaction, so the operation's base (the change this device last saw for
 * them) and `fromStatus` are what this device really held.
 */
export async function changeStatus(
  person: Pick<RosterPerson, 'eventId' | 'kind' | 'id'>,
  toStatus: string,
  actor: Actor,
  note?: string,
  now = new Date(),
): Promise<RosterPerson> {
  const db = database();
  const device = await deviceId();
  const updated = await db.transaction('rw', db.rosterPeople, db.rosterChunks, db.checkinOutbox, async () => {
    const current = await localPerson(person.eventId, person.kind, person.id);
    if (!current) throw new Error('This person is not on this device’s roster');
    const op: CheckinOperation = {
      id: uuidv7(now.getTime()),
      kind: current.kind,
      recordId: current.id,
      eventId: current.eventId,
      baseOperationId: current.statusOperationId ?? null,
      fromStatus: current.status || null,
      toStatus,
      deviceTime: now.toISOString(),
      ...(note ? { note } : {}),
    };
    const next = changedBy(current, op, actor, device);
    await db.rosterPeople.put(next);
    await db.checkinOutbox.add({
      id: op.id,
      eventId: current.eventId,
      type: 'op',
      op,
      label: `${current.name}: ${toStatus}`,
      by: actor.name,
      author: authorOf(actor),
      deviceId: device,
      state: 'waiting',
      attempts: 0,
      createdAt: op.deviceTime,
    });
    return next;
  });
  loadedIndex(updated.eventId)?.upsert([updated]);
  announce({ type: 'people', eventId: updated.eventId, keys: [[updated.kind, updated.id]] });
  announce({ type: 'outbox' });
  return updated;
}

/** A visitor registered at the desk: on the roster at once (registered_at_venue), sent when online. */
export async function registerWalkIn(input: Omit<WalkInDraft, 'id' | 'deviceTime'>, actor: Actor, at = new Date()): Promise<RosterPerson> {
  const db = database();
  const device = await deviceId();
  const now = at.toISOString();
  const walkIn: WalkInDraft = { ...input, id: uuidv7(at.getTime()), deviceTime: now };
  const person: RosterPerson = {
    eventId: input.eventId,
    kind: 'visitors',
    id: walkIn.id,
    name: input.fullName,
    mobile: canonicalMobile(input.mobileNumber) ?? input.mobileNumber,
    organisation: input.organizationName ?? '',
    passCode: '',
    status: 'registered_at_venue',
    statusChangedAt: now,
    statusChangedBy: actor.name,
    statusDeviceId: device,
    // The registration is the person's first status change: the next change made here builds on it.
    statusOperationId: walkIn.id,
    version: 0,
  };
  await db.transaction('rw', db.rosterPeople, db.checkinOutbox, async () => {
    await db.rosterPeople.put(person);
    await db.checkinOutbox.add({
      id: walkIn.id,
      eventId: input.eventId,
      type: 'walk-in',
      walkIn,
      label: `Walk-in: ${input.fullName}`,
      by: actor.name,
      author: authorOf(actor),
      deviceId: device,
      state: 'waiting',
      attempts: 0,
      createdAt: now,
    });
  });
  loadedIndex(input.eventId)?.upsert([person]);
  announce({ type: 'people', eventId: input.eventId, keys: [['visitors', walkIn.id]] });
  announce({ type: 'outbox' });
  return person;
}

/**
 * A status change made in the admin panel while offline: one operation in the outbox. The person need
 * not be on this device's roster; when they are, their copy changes in the same transaction (as in
 * `changeStatus`). `fromStatus` is what this device last held: the newest change still waiting for
 * that person, else the roster copy, else the status the panel showed.
 */
export async function queuePanelStatusChange(
  input: {
    eventId: string;
    kind: RosterKind;
    recordId: string;
    fromStatus: string | null;
    /** The change that set the status the panel showed (the row's `statusOperationId`). */
    baseOperationId: string | null;
    toStatus: string;
    label: string;
    actor: Actor;
  },
  now = new Date(),
): Promise<CheckinOutboxEntry> {
  const db = database();
  const device = await deviceId();
  const { entry, updated } = await db.transaction('rw', db.rosterPeople, db.rosterChunks, db.checkinOutbox, async () => {
    let fromStatus = input.fromStatus;
    let base = input.baseOperationId;
    const current = input.eventId ? await localPerson(input.eventId, input.kind, input.recordId) : undefined;
    if (current) {
      fromStatus = current.status || null;
      base = current.statusOperationId ?? null;
    }
    for (const e of await db.checkinOutbox.where('eventId').equals(input.eventId).toArray()) {
      if (e.state !== 'refused' && e.op?.kind === input.kind && e.op.recordId === input.recordId) {
        fromStatus = e.op.toStatus;
        base = e.op.id;
      }
    }
    const op: CheckinOperation = {
      id: uuidv7(now.getTime()),
      kind: input.kind,
      recordId: input.recordId,
      eventId: input.eventId,
      baseOperationId: base,
      fromStatus,
      toStatus: input.toStatus,
      deviceTime: now.toISOString(),
    };
    const entry: CheckinOutboxEntry = {
      id: op.id,
      eventId: input.eventId,
      type: 'op',
      op,
      label: input.label,
      by: input.actor.name,
      author: authorOf(input.actor),
      deviceId: device,
      state: 'waiting',
      attempts: 0,
      createdAt: op.deviceTime,
    };
    entry.seq = await db.checkinOutbox.add(entry);
    const updated = current ? changedBy(current, op, input.actor, device) : undefined;
    if (updated) await db.rosterPeople.put(updated);
    return { entry, updated };
  });
  if (updated) {
    loadedIndex(updated.eventId)?.upsert([updated]);
    announce({ type: 'people', eventId: updated.eventId, keys: [[updated.kind, updated.id]] });
  }
  announce({ type: 'outbox' });
  return entry;
}

// ---------------------------------------------------------------------------------------------------
// Sending

/** The oldest entries of `lane` still to send (waiting, or left 'sending' by a page that closed mid-send). */
export async function nextToSend(limit: number, lane: OutboxLane = 'door'): Promise<CheckinOutboxEntry[]> {
  const out: CheckinOutboxEntry[] = [];
  await database()
    .checkinOutbox.orderBy('seq')
    .until(() => out.length >= limit)
    .each((entry) => {
      if (entry.state !== 'refused' && laneOf(entry) === lane) out.push(entry);
    });
  return out;
}

/** Marks entries as on their way (they stay in the outbox until the server's answer is applied). */
export async function markSending(seqs: number[]): Promise<void> {
  await database().checkinOutbox.where('seq').anyOf(seqs).modify({ state: 'sending' });
}

/** Back to waiting after a failure (network, 5xx, 401): nothing is lost. */
export async function markWaiting(seqs: number[], error?: string): Promise<void> {
  await database()
    .checkinOutbox.where('seq')
    .anyOf(seqs)
    .modify((entry) => {
      entry.state = 'waiting';
      entry.attempts += 1;
      if (error) entry.reason = error;
    });
}

/** One server answer to an outbox entry. */
export interface Delivery {
  seq: number;
  /** Refused for good: kept with the reason, until staff retry or discard it. */
  refused?: string;
  /** The person's state on the server after the batch (null: no longer on the roster). */
  person?: { eventId: string; kind: RosterKind; id: string; state: PersonState | null; walkIn?: Partial<RosterPerson> };
}

/**
 * Applies the server's answers in one transaction: delivered entries leave the outbox, refused ones stay
 * with the reason, and each person takes the server's state — unless a later operation of this device
 * for that person is still waiting (its own answer will bring the final state).
 */
/** How long a delivered change is kept to be sent again after a restore of the server's database. */
export const DELIVERED_JOURNAL_MS = 48 * 3600_000;

export async function applyDeliveries(eventId: string, deliveries: Delivery[]): Promise<RosterPerson[]> {
  const db = database();
  const changed: RosterPerson[] = [];
  await db.transaction('rw', db.rosterPeople, db.rosterChunks, db.checkinOutbox, db.checkinDelivered, async () => {
    const seqs = new Set(deliveries.map((d) => d.seq));
    const entries = (await db.checkinOutbox.bulkGet([...seqs])).filter((e): e is CheckinOutboxEntry => !!e);
    const batchIds = new Set(entries.map((e) => e.id));
    const bySeq = new Map(entries.map((e) => [e.seq!, e]));
    const deliveredAt = new Date().toISOString();
    for (const d of deliveries) {
      if (d.refused) await db.checkinOutbox.update(d.seq, { state: 'refused', reason: d.refused });
      else {
        // Kept in the delivered journal (48 h): sent again if the server's database is restored under the device.
        const entry = bySeq.get(d.seq);
        // A walk-in keeps the pass code the server gave it: sent again, it asks for the same one.
        const passCode = entry?.walkIn ? d.person?.walkIn?.passCode : undefined;
        const journaled = entry && passCode ? { ...entry, walkIn: { ...entry.walkIn!, passCode } } : entry;
        if (journaled) await db.checkinDelivered.put({ ...journaled, state: 'waiting', reason: undefined, deliveredAt });
        await db.checkinOutbox.delete(d.seq);
      }
    }
    await db.checkinDelivered
      .where('deliveredAt')
      .below(new Date(Date.now() - DELIVERED_JOURNAL_MS).toISOString())
      .delete();
    const pending = await pendingRecordKeys(eventId, batchIds);
    const seen = new Set<string>();
    const downloads: DownloadReads = new Map();
    for (const d of deliveries) {
      if (!d.person) continue;
      const key = `${d.person.kind}:${d.person.id}`;
      if (seen.has(key) || pending.has(key)) continue;
      seen.add(key);
      const current = await localPerson(d.person.eventId, d.person.kind, d.person.id, downloads);
      const state = d.person.state;
      if (!current || !state) continue; // no longer on the roster: the next roster pull brings the tombstone
      const next: RosterPerson = {
        ...current,
        ...d.person.walkIn,
        status: state.status ?? '',
        statusChangedAt: state.statusChangedAt,
        statusChangedBy: state.statusChangedBy,
        statusDeviceId: state.statusDeviceId,
        statusOperationId: state.statusOperationId,
      };
      await db.rosterPeople.put(next);
      changed.push(next);
    }
  });
  loadedIndex(eventId)?.upsert(changed);
  if (changed.length) announce({ type: 'people', eventId, keys: changed.map((p) => [p.kind, p.id]) });
  announce({ type: 'outbox' });
  return changed;
}

// ---------------------------------------------------------------------------------------------------
// Counting

/** Every entry, in creation order: the changes still to send (`unsent`) and those the server refused. */
export async function outboxSummary(lane: OutboxLane = 'door'): Promise<{ waiting: number; refused: CheckinOutboxEntry[]; unsent: CheckinOutboxEntry[] }> {
  const all = (await database().checkinOutbox.orderBy('seq').toArray()).filter((e) => laneOf(e) === lane);
  const unsent = all.filter((e) => e.state !== 'refused');
  return { waiting: unsent.length, refused: all.filter((e) => e.state === 'refused'), unsent };
}

/** The event of the oldest change still to send, if any. */
export async function oldestUnsentEvent(lane: OutboxLane = 'door'): Promise<string | undefined> {
  let oldest: CheckinOutboxEntry | undefined;
  await database()
    .checkinOutbox.orderBy('seq')
    .until(() => !!oldest)
    .each((e) => {
      if (e.state !== 'refused' && laneOf(e) === lane) oldest = e;
    });
  return oldest?.eventId;
}

/** How many changes of `eventId` are still to send. */
export function unsentCount(eventId: string, lane: OutboxLane = 'door'): Promise<number> {
  return database()
    .checkinOutbox.where('eventId')
    .equals(eventId)
    .filter((e) => e.state !== 'refused' && laneOf(e) === lane)
    .count();
}

// ---------------------------------------------------------------------------------------------------
// The lead lane (an exhibitor's phone, issue 32)

/** The lead operation's fields the screen gives; the id, time and base are made here. */
export type LeadChangeInput =
  | { kind: 'scan'; passCode: string }
  | { kind: 'rate'; leadId: string; rating: 'hot' | 'warm' | 'cold'; base: string | null }
  | { kind: 'note'; leadId: string; note: string; base: string | null }
  | { kind: 'follow_up'; leadId: string; followUps: string[]; base: string | null };

const LEAD_FIELD_OF = { rate: 'rating', note: 'note', follow_up: 'followUps' } as const;

/**
 * Queues a lead operation of this phone, in one strict transaction (the door's outbox). A change of a
 * lead's field is made on the newest change of that field still waiting here, else on the one the screen
 * showed (`base`, from the server's list): so this phone's own changes are causally ordered.
 */
export async function queueLeadOperation(eventId: string, input: LeadChangeInput, actor: Actor, now = new Date()): Promise<CheckinOutboxEntry> {
  const db = database();
  const device = await deviceId();
  const entry = await db.transaction('rw', db.checkinOutbox, async () => {
    const deviceTime = now.toISOString();
    let op: LeadOperation;
    if (input.kind === 'scan') {
      op = { id: uuidv7(now.getTime()), kind: 'scan', passCode: input.passCode, deviceTime, baseOperationId: null };
    } else {
      let base = input.base;
      for (const e of await db.checkinOutbox.where('eventId').equals(eventId).toArray()) {
        if (e.state !== 'refused' && e.lead?.kind === input.kind && e.lead.leadId === input.leadId) base = e.lead.id;
      }
      const field = input.kind === 'rate' ? { rating: input.rating } : input.kind === 'note' ? { note: input.note } : { followUps: input.followUps };
      op = { id: uuidv7(now.getTime()), kind: input.kind, leadId: input.leadId, baseOperationId: base, deviceTime, ...field };
    }
    const entry: CheckinOutboxEntry = {
      id: op.id,
      eventId,
      type: 'lead',
      lead: op,
      label: input.kind === 'scan' ? 'Scanned a pass' : `Lead: ${LEAD_FIELD_OF[input.kind]}`,
      by: actor.name,
      author: authorOf(actor),
      deviceId: device,
      state: 'waiting',
      attempts: 0,
      createdAt: deviceTime,
    };
    entry.seq = await db.checkinOutbox.add(entry);
    return entry;
  });
  announce({ type: 'outbox' });
  return entry;
}

/** This phone's lead operations not yet delivered (scans waiting show on the leads list until they are). */
export async function waitingLeadOperations(): Promise<CheckinOutboxEntry[]> {
  return (await outboxSummary('leads')).unsent;
}
