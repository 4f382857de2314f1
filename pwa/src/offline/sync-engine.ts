// The venue check-in's sync engine (docs/checkin-sync.md). Sends the outbox oldest first in batches of
// at most 500 — on `online`, at start, on focus, every 15 s while online, and on "Sync now" — backing off
// after failures; applies each answer's person state (the device converges on the server); then pulls
// the roster changes since the stored cursor. A 401 keeps the outbox and waits for the next login.
//
// One engine (`CheckinSync`) per signed-in session of a page: its api, store, clock, token and lock are passed
// in, its state lives in the instance, `start()` wires the page's triggers and `stop()` (at logout)
// removes them and waits for a sync in flight to end, so nothing of one session writes after the next
// began. Knows no screen and no page: the page's engine and its exports are `checkin-sync.ts`, the service
// worker's flush and the page's requests to it `checkin-background-sync.ts`.
import type { ClientRequestOptions } from 'hono/client';
import { type ApiClient, type ApiClientOptions, apiClient } from '../lib/api-client';
import { ApiError } from '../lib/api-error';
import { readEnvelope, type ResponseLike, type SuccessBody } from '../lib/envelope';
import { subscribeToken, tokenClaims } from '../lib/auth-token';
import { AUTHOR_TICKET_HEADER, DEVICE_SIGNATURE_HEADER, importMacKey, signDeviceRequest, signedQueryText } from '@edge/auth/device-signature';
import { isServerReachable, onServerReachability } from '../lib/server-reachability';
import { applyDeliveries, type Delivery, markSending, markWaiting, nextToSend, oldestUnsentEvent, outboxSummary, unsentCount } from './checkin-outbox';
import { authorTicket, deviceId, deviceInfo, storeAuthorTicket, storeGeneration, watchClearedStorage } from './device-record';
import { forgetLoadedIndex, recoverFromServerRestore, rosterCursor, storeRosterPage } from './roster-repository';
import { deviceRevokedAt, wipeRevokedDevice } from './device-revocation';

/**
 * What the engine keeps on the device, by repository: the outbox (`checkin-outbox.ts`), the device record
 * (`device-record.ts`) and the roster (`roster-repository.ts`), all in the app's one IndexedDB database.
 */
const deviceStore = {
  applyDeliveries,
  markSending,
  markWaiting,
  nextToSend,
  oldestUnsentEvent,
  outboxSummary,
  unsentCount,
  authorTicket,
  deviceId,
  deviceInfo,
  storeAuthorTicket,
  storeGeneration,
  recoverFromServerRestore,
  watchClearedStorage,
  forgetLoadedIndex,
  rosterCursor,
  storeRosterPage,
  wipeRevokedDevice,
};
export type DoorStore = typeof deviceStore;
import { onOtherTabs } from './store-broadcast';
import type { AuthorTicket, CheckinOutboxEntry, DeviceInfo, OutboxLane } from './checkin-types';
import { recordStorageLoss } from './storage-loss';

/** Set by the build (pwa/vite.config.ts); absent in unit tests. */
declare const __APP_VERSION__: string | undefined;
/** The app's build, told to the server with each sign-in and report (the Devices screen shows it). */
const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

const BATCH_SIZE = 500;
const PAGE_SIZE = 2000;
const INTERVAL_MS = 15_000;
const MAX_BACKOFF_MS = 60_000;
const LOCK_NAME = 'eventpro-checkin-sync';
/** A request without an answer after this long is given up (a roster page of 2,000 people included). */
const REQUEST_TIMEOUT_MS = 60_000;

interface DownloadState {
  eventId: string;
  loaded: number;
  complete: boolean;
}

export interface SyncState {
  online: boolean;
  syncing: boolean;
  /** Entries not yet delivered (waiting or being sent). */
  waiting: number;
  refused: CheckinOutboxEntry[];
  lastSuccessAt: string | null;
  lastError: string | null;
  /** The token was refused or is missing: the outbox waits for a login. */
  needsLogin: boolean;
  download: DownloadState | null;
  /** How long the last pull of roster changes took, and how many it brought (for the bench and the bar). */
  lastPull: { ms: number; changes: number } | null;
  /** An organiser revoked this device: its roster and the personal data of its outbox are wiped. */
  revoked: boolean;
  /**
   * The server's database was restored under this device (docs/checkin-sync.md, "Restores"): when this
   * device noticed, and how many delivered changes it sent again.
   */
  restored: { at: string; resent: number } | null;
}

/** What the engine is given: how it reaches the API and tells time, whose token it sends, and how tabs take turns. */
export interface SyncDeps {
  /**
   * Where the API is and the network under it (lib/api-client.ts): the page's own by default; tests pass a
   * real server's address and a fetch that drops or delays requests. The engine's client adds the session's
   * token and time-out to every call.
   */
  network?: Pick<ApiClientOptions, 'baseUrl' | 'fetch'>;
  /** Where the device's outbox, device record and roster are kept: this device's IndexedDB by default. */
  store?: DoorStore;
  /** The signed-in user's token, if any. */
  token: () => string | null;
  now: () => Date;
  /** `navigator.locks` where it exists: one tab of the device syncs at a time. */
  locks?: { request<T>(name: string, run: () => Promise<T>): Promise<T> };
  /** Whether the device believes it is online. */
  online: () => boolean;
  /** Where the time of the last successful sync survives a reload (staff read "Last sync" after one). */
  lastSync?: { read(): string | null; write(at: string): void };
  /** Told whenever the state changes. */
  onChange?: () => void;
  /** Told when the outbox grew while the engine runs (the page asks the service worker for a Background Sync). */
  onQueued?: () => void;
  /**
   * Which of the outbox's entries this engine sends, and where: the door's (`/api/checkin`, the default) or
   * an exhibitor phone's lead operations (`/api/exhibitor`, issue 32; no roster, no walk-ins).
   */
  lane?: OutboxLane;
  /** Hears every sign-in and sign-out of the token `token` reads: the panel's by default, the portal's on the lead lane. */
  subscribeToken?: (listener: (token: string | null) => void) => () => void;
}

/** The `data` of a success body. */
type DataOf<B> = B extends { data: infer D } ? D : never;

/** A request the engine cannot send until someone logs in (again). */
class AuthNeeded extends Error {}

/** The server says an organiser revoked this device (403 with `errors.device` = `revoked`). */
class DeviceRevoked extends Error {}

/** The server's database is not the one this device's roster and delivered changes belong to. */
class ServerRestored extends Error {
  constructor(readonly generation: string | null) {
    super("The server's data was restored from a backup");
  }
}

/** A refusal for good (validation): the entries stay with the reason. Network, 408, 429 and 5xx are retried. */
const refusedForGood = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/**
 * Who sends: this device (id and name) and the author ticket of the user who queued the entries (`fields`, in
 * the request's body), and the key issued with that ticket, which MACs the request.
 */
interface Sender {
  fields: { deviceId: string; deviceName: string; author: string };
  key: CryptoKey;
}

export class CheckinSync {
  private state: SyncState;
  private readonly listeners = new Set<() => void>();
  /** The event whose roster this engine keeps current. */
  private eventId: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private nextAllowedAt = 0;
  /** Set when a request of the current sync attempt got an answer from the server (any status). */
  private reached = false;
  private signingIn: Promise<AuthorTicket | undefined> | null = null;
  /** An answer said this device was revoked: it wipes once the outbox has been sent. */
  private revokedSeen = false;
  /** What the outbox held when last counted: all that is known of it once the browser's site data is cleared. */
  private lastUnsent: CheckinOutboxEntry[] = [];
  private reportTimer: ReturnType<typeof setTimeout> | undefined;
  /** The page's triggers, removed by `stop()`. */
  private teardown: Array<() => void> = [];
  private started = false;
  private stopped = false;
  /**
   * The server's clock minus this device's (`deps.now`), as its last answer measured it: signatures carry the
   * server's time (a device clock that is hours off would make every signature stale).
   */
  private serverOffsetMs = 0;
  /** Aborts the requests in flight when the engine stops. */
  private readonly aborts = new AbortController();

  /** This session's typed client: its token, its time-out. */
  private readonly api: ApiClient;
  private readonly store: DoorStore;
  private readonly lane: OutboxLane;

  constructor(private readonly deps: SyncDeps) {
    this.api = apiClient({ ...deps.network, token: deps.token, timeoutMs: REQUEST_TIMEOUT_MS });
    this.store = deps.store ?? deviceStore;
    this.lane = deps.lane ?? 'door';
    this.state = {
      online: deps.online(),
      syncing: false,
      waiting: 0,
      refused: [],
      lastSuccessAt: deps.lastSync?.read() ?? null,
      lastError: null,
      needsLogin: false,
      download: null,
      lastPull: null,
      revoked: typeof localStorage !== 'undefined' && deviceRevokedAt() !== null,
      restored: null,
    };
  }

  getState = (): SyncState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<SyncState>) {
    if (this.stopped) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
    this.deps.onChange?.();
  }

  /** Which event the engine keeps current; a new one starts a sync. */
  setEvent(forEvent: string): void {
    if (this.eventId === forEvent) return;
    this.eventId = forEvent;
    this.set({ download: null });
    void this.syncNow(true);
  }

  /** Re-reads the outbox counts (after a local change). */
  async refreshOutbox(): Promise<void> {
    const { waiting, refused, unsent } = await this.store.outboxSummary(this.lane);
    this.lastUnsent = unsent;
    const changed = waiting !== this.state.waiting;
    const grew = waiting > this.state.waiting;
    this.set({ waiting, refused });
    if (this.stopped) return;
    // Something was queued: the page asks for a Background Sync too (sent even if every tab closes).
    if (grew && this.started) this.deps.onQueued?.();
    // The count changed while online and outside a sync run (which reports at its end): tell the server.
    if (changed && !this.running && this.deps.online() && this.started) this.scheduleReport();
  }

  // -------------------------------------------------------------------------------------------------
  // The API

  /**
   * One request of this session, made by `send` with the options it is given (no HTTP cache, the engine's
   * abort; the client adds the token and the time-out); answers the success body's `data`, typed by the route.
   */
  private async call<R extends ResponseLike>(send: (options: ClientRequestOptions) => Promise<R>): Promise<DataOf<SuccessBody<R>>> {
    if (!this.deps.token()) throw new AuthNeeded('Log in again to send the waiting changes');
    if (this.stopped) throw new ApiError(0, 'The session ended');
    let res: R;
    try {
      res = await send({ init: { signal: this.aborts.signal, cache: 'no-store' } });
    } catch {
      throw new ApiError(0, 'No response from the server');
    }
    this.reached = true;
    if (res.status === 401) throw new AuthNeeded('Your session ended: log in again to send the waiting changes');
    try {
      return ((await readEnvelope(res)) as { data: DataOf<SuccessBody<R>> }).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.errors?.device === 'revoked') throw new DeviceRevoked(error.message);
      throw error;
    }
  }

  /**
   * A request MACed with `key`, the key issued with the author ticket it goes under (@edge/auth/device-signature):
   * the batches and walk-ins its ticket speaks for (over their body), and roster pulls (over their query).
   * `send` makes the request with the options it is given, the signature header among them. A signature the
   * server finds stale (this device's clock is off) is made again once, on the server's time its answer gave.
   */
  private async signedCall<R extends ResponseLike>(
    key: CryptoKey,
    signed: string,
    send: (options: ClientRequestOptions) => Promise<R>,
  ): Promise<DataOf<SuccessBody<R>>> {
    for (let attempt = 0; ; attempt++) {
      const at = Math.round(this.deps.now().getTime() + this.serverOffsetMs);
      const signature = await signDeviceRequest(key, signed, at);
      try {
        return await this.call((options) => send({ ...options, headers: { ...options.headers, [DEVICE_SIGNATURE_HEADER]: signature } }));
      } catch (error) {
        const serverTime = error instanceof ApiError && error.errors?.signature === 'stale' ? Date.parse(error.errors.serverTime ?? '') : Number.NaN;
        if (attempt > 0 || Number.isNaN(serverTime)) throw error;
        this.serverOffsetMs = serverTime - this.deps.now().getTime();
      }
    }
  }

  /**
   * This device was revoked: what it still holds is sent once more where a session allows (the server holds
   * changes made after the revocation), then its roster and the personal data of its outbox are wiped.
   */
  private async revoked(): Promise<void> {
    if (this.state.revoked || this.stopped) return;
    await this.store.wipeRevokedDevice(this.deps.now());
    this.set({ revoked: true, download: null });
    await this.refreshOutbox();
  }

  /** The check-in routes (`/api/checkin/*`). */
  private get checkin() {
    return this.api.api.checkin;
  }

  // -------------------------------------------------------------------------------------------------
  // Sending

  /** Sends the outbox, oldest first, until it is empty or something fails (which throws). */
  private async push(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const entries = await this.store.nextToSend(BATCH_SIZE, this.lane);
      if (!entries.length) return;
      const head = entries[0]!;
      const sender = await this.senderFor(head);
      if (head.type === 'walk-in') {
        await this.sendWalkIn(head, sender);
      } else if (head.type === 'lead') {
        const batch: CheckinOutboxEntry[] = [];
        for (const entry of entries) {
          if (entry.type !== 'lead' || entry.author?.userId !== head.author?.userId) break;
          batch.push(entry);
        }
        await this.sendLeadOps(batch, sender);
      } else {
        // The leading run of operations by one author (a walk-in after them goes next, before any op on it).
        const batch: CheckinOutboxEntry[] = [];
        for (const entry of entries) {
          if (entry.type !== 'op' || entry.author?.userId !== head.author?.userId) break;
          batch.push(entry);
        }
        await this.sendOps(batch, sender);
      }
      await this.refreshOutbox();
    }
  }

  /**
   * The sender fields of `entry`'s request. The author is the user who queued it, proved by the ticket
   * this device holds for them; a change queued before this device had a ticket (a login with no network
   * since) is credited to the user signed in now when that is the same person.
   */
  private async senderFor(entry: CheckinOutboxEntry): Promise<Sender> {
    const info = await this.store.deviceInfo();
    const signedIn = tokenClaims(this.deps.token()).sub;
    const userId = entry.author?.userId ?? signedIn;
    let ticket = userId ? await this.store.authorTicket(userId, this.deps.now()) : undefined;
    if (!ticket && userId && userId === signedIn) ticket = await this.signInDevice();
    if (!ticket) {
      throw new AuthNeeded(`Changes made by ${entry.author?.name ?? entry.by ?? 'another user'} wait until they log in on this device again`);
    }
    return { fields: { deviceId: info.id, deviceName: info.name ?? '', author: ticket.ticket }, key: ticket.macKey };
  }

  private async sendOps(batch: CheckinOutboxEntry[], sender: Sender) {
    const seqs = batch.map((e) => e.seq!);
    await this.store.markSending(seqs);
    let results: Awaited<ReturnType<typeof this.sendOpsRequest>>['results'];
    let generation: string | null = null;
    try {
      let revoked: boolean | undefined;
      let clockOffsetMs: number | undefined;
      ({ results, revoked, generation, clockOffsetMs } = await this.sendOpsRequest(batch, sender));
      // An answer without the offset (a proxy's, a test's) leaves the last one known.
      if (Number.isFinite(clockOffsetMs)) this.serverOffsetMs = clockOffsetMs!;
      if (revoked) this.revokedSeen = true;
    } catch (error) {
      await this.failed(batch, error);
      return;
    }
    const byId = new Map(batch.map((e) => [e.id, e]));
    const byEvent = new Map<string, Delivery[]>();
    for (const r of results) {
      const entry = byId.get(r.id);
      if (!entry) continue;
      const list = byEvent.get(entry.eventId) ?? [];
      list.push({
        seq: entry.seq!,
        refused: r.result === 'rejected' ? (r.reason ?? 'Refused by the server') : undefined,
        person: { eventId: entry.eventId, kind: r.kind, id: r.recordId, state: r.person },
      });
      byEvent.set(entry.eventId, list);
    }
    for (const [eventId, deliveries] of byEvent) await this.store.applyDeliveries(eventId, deliveries);
    await this.checkStanding({ generation });
  }

  /**
   * Whether the server still runs on the database this device's roster and delivered changes came from: the
   * same generation, and a roster sequence not behind the device's cursor. The first generation seen is
   * kept; anything else throws `ServerRestored` (the run then recovers: `recover`).
   */
  private async checkStanding(answer: { generation: string | null; sequence?: number }, cursor?: number): Promise<void> {
    const known = (await this.store.deviceInfo()).generation;
    const moved = !!answer.generation && !!known && known !== answer.generation;
    const behind = answer.sequence !== undefined && cursor !== undefined && cursor > answer.sequence;
    if (moved || behind) throw new ServerRestored(answer.generation);
    if (answer.generation && !known) await this.store.storeGeneration(answer.generation);
  }

  /** A restore under the device: its delivered journal goes out again, and every roster downloads anew. */
  private async recover(error: ServerRestored): Promise<void> {
    const resent = await this.store.recoverFromServerRestore(error.generation);
    this.set({ restored: { at: this.deps.now().toISOString(), resent }, download: null });
    await this.refreshOutbox();
  }

  private sendOpsRequest(batch: CheckinOutboxEntry[], sender: Sender) {
    const json = { ...sender.fields, sentAt: this.deps.now().toISOString(), operations: batch.map((e) => e.op!) };
    // Posted as the very text signed.
    const body = JSON.stringify(json);
    return this.signedCall(sender.key, body, (options) => this.checkin.ops.$post({ json }, { ...options, init: { ...options.init, body } }));
  }

  /**
   * A batch of an exhibitor phone's lead operations (`POST /api/exhibitor/ops`): the door's batch, sender and
   * signature; each answer delivers its entry (or keeps it refused with the reason). The phone keeps no copy
   * of the lead: its list is read from the server after the sync.
   */
  private async sendLeadOps(batch: CheckinOutboxEntry[], sender: Sender) {
    await this.store.markSending(batch.map((e) => e.seq!));
    let answer: Awaited<ReturnType<typeof this.sendLeadOpsRequest>>;
    try {
      answer = await this.sendLeadOpsRequest(batch, sender);
      if (Number.isFinite(answer.clockOffsetMs)) this.serverOffsetMs = answer.clockOffsetMs;
      if (answer.revoked) this.revokedSeen = true;
    } catch (error) {
      await this.failed(batch, error);
      return;
    }
    const byId = new Map(batch.map((e) => [e.id, e]));
    const deliveries: Delivery[] = answer.results.flatMap((r) => {
      const entry = byId.get(r.id);
      return entry ? [{ seq: entry.seq!, refused: r.result === 'rejected' ? (r.reason ?? 'Refused by the server') : undefined }] : [];
    });
    await this.store.applyDeliveries(batch[0]!.eventId, deliveries);
    await this.checkStanding({ generation: answer.generation });
  }

  private sendLeadOpsRequest(batch: CheckinOutboxEntry[], sender: Sender) {
    const json = { ...sender.fields, sentAt: this.deps.now().toISOString(), operations: batch.map((e) => e.lead!) };
    // Posted as the very text signed.
    const body = JSON.stringify(json);
    return this.signedCall(sender.key, body, (options) => this.api.api.exhibitor.ops.$post({ json }, { ...options, init: { ...options.init, body } }));
  }

  private sendWalkInRequest(entry: CheckinOutboxEntry, sender: Sender) {
    const json = { ...entry.walkIn!, ...sender.fields, sentAt: this.deps.now().toISOString() };
    const body = JSON.stringify(json);
    return this.signedCall(sender.key, body, (options) => this.checkin['walk-ins'].$post({ json }, { ...options, init: { ...options.init, body } }));
  }

  private async sendWalkIn(entry: CheckinOutboxEntry, sender: Sender) {
    await this.store.markSending([entry.seq!]);
    let data: Awaited<ReturnType<typeof this.sendWalkInRequest>>;
    try {
      data = await this.sendWalkInRequest(entry, sender);
    } catch (error) {
      await this.failed([entry], error);
      return;
    }
    await this.store.applyDeliveries(entry.eventId, [
      {
        seq: entry.seq!,
        person: {
          eventId: entry.eventId,
          kind: 'visitors',
          id: data.id,
          state: {
            status: data.status,
            statusChangedAt: data.statusChangedAt,
            statusChangedBy: data.statusChangedBy,
            statusDeviceId: data.statusDeviceId,
            statusOperationId: data.statusOperationId,
          },
          walkIn: { passCode: data.passCode ?? '' },
        },
      },
    ]);
  }

  /** A batch without an answer: refused for good (kept with the reason), or back to waiting and thrown. */
  private async failed(batch: CheckinOutboxEntry[], error: unknown): Promise<void> {
    if (refusedForGood(error)) {
      const fields = error.errors ? Object.values(error.errors).join('; ') : '';
      await this.store.applyDeliveries(
        batch[0]!.eventId,
        batch.map((e) => ({ seq: e.seq!, refused: fields || error.message })),
      );
      return;
    }
    await this.store.markWaiting(
      batch.map((e) => e.seq!),
      error instanceof Error ? error.message : String(error),
    );
    throw error;
  }

  /**
   * Signs this device in for the user logged in now (`POST /api/checkin/device`): registers the device by
   * its secret the first time, sends its name, and keeps the author ticket the server answers. Concurrent
   * calls share one request.
   */
  signInDevice(): Promise<AuthorTicket | undefined> {
    this.signingIn ??= (async () => {
      try {
        const info = await this.store.deviceInfo();
        // this.store.deviceInfo() makes the secret when the record has none; a blank one is refused like a wrong one.
        const json = {
          id: info.id,
          secret: info.secret ?? '',
          name: info.name ?? '',
          ...(this.eventId ? { eventId: this.eventId } : {}),
          appVersion: APP_VERSION,
          // The device this browser was before its data was wiped, if it knows (device-record.ts): it is retired.
          ...(info.replaces ? { replaces: info.replaces } : {}),
        };
        let data: Awaited<ReturnType<typeof this.signInRequest>>;
        try {
          data = await this.signInRequest(json);
        } catch (error) {
          if (error instanceof DeviceRevoked) await this.revoked();
          throw error;
        }
        // The key comes once, with the ticket: kept as a key that can never be read out again.
        const macKey = await importMacKey(data.macKey);
        const ticket: AuthorTicket = { userId: data.author.userId, name: data.author.name, ticket: data.ticket, expiresAt: data.expiresAt, macKey };
        if (!this.stopped) await this.store.storeAuthorTicket(ticket);
        return ticket;
      } finally {
        this.signingIn = null;
      }
    })();
    return this.signingIn;
  }

  private signInRequest(json: {
    id: string;
    secret: string;
    name: string;
    eventId?: string;
    appVersion: string;
    replaces?: { deviceId: string; author: string };
  }) {
    if (this.lane === 'leads') return this.call((options) => this.api.api.exhibitor.device.$post({ json }, options));
    return this.call((options) => this.checkin.device.$post({ json }, options));
  }

  // -------------------------------------------------------------------------------------------------
  // Pulling the roster

  /**
   * Pulls the roster changes of `eventId` since the stored cursor, page by page; each page is stored with
   * its cursor in one transaction. Three things overlap: the server answering page n + 1, this page copying
   * page n into IndexedDB, and the browser committing page n - 1 (see storeRosterPage).
   */
  private async pull(eventId: string): Promise<number> {
    const stored = await this.store.rosterCursor(eventId);
    let since = stored?.cursor ?? 0;
    const first = !stored?.complete;
    let loaded = 0;
    if (first) this.set({ download: { eventId, loaded: 0, complete: false } });
    const deviceId = await this.store.deviceId();
    // The roster goes only to a device that proves itself (decision 071): each page is signed with its key,
    // under the author ticket of the user signed in (a revoked device is answered 403 and wipes).
    const signedIn = tokenClaims(this.deps.token()).sub;
    const ticket = signedIn ? ((await this.store.authorTicket(signedIn, this.deps.now())) ?? (await this.signInDevice())) : undefined;
    if (!ticket) throw new AuthNeeded('Log in again to download the roster');
    const fetchPage = (from: number) => {
      const query = { eventId, since: String(from), limit: String(PAGE_SIZE), deviceId };
      return this.signedCall(ticket.macKey, signedQueryText(query), (options) =>
        this.checkin.roster.$get({ query }, { ...options, headers: { ...options.headers, [AUTHOR_TICKET_HEADER]: ticket.ticket } }),
      );
    };
    let changes = 0;
    let committing: Promise<unknown> | null = null;
    let page = await fetchPage(since);
    await this.checkStanding(page, since);
    try {
      for (;;) {
        // A page that arrives after the session ended is not stored (the logout wiped the roster).
        if (this.stopped) throw new ApiError(0, 'The session ended');
        const { items, cursor, hasMore } = page;
        const next = hasMore ? fetchPage(cursor) : null;
        next?.catch(() => undefined); // awaited below; avoid an unhandled rejection meanwhile
        const storing = this.store.storeRosterPage(eventId, items, { after: since, cursor, complete: !hasMore || stored?.complete === true, asChunk: first });
        storing.catch(() => undefined); // awaited on the next turn or after the loop
        // The page before this one must be stored before progress is shown (or before a failure stops here).
        if (committing) await committing;
        committing = storing;
        changes += items.length;
        since = cursor;
        if (first) {
          loaded += items.length;
          this.set({ download: { eventId, loaded, complete: false } });
        }
        if (!next) break;
        page = await next;
      }
      await committing;
    } finally {
      // A failed page leaves the later ones to fail their cursor check; none may still be running on return.
      await committing?.catch(() => undefined);
    }
    if (first) this.set({ download: { eventId, loaded, complete: true } });
    return changes;
  }

  // -------------------------------------------------------------------------------------------------
  // Running

  private withLock<T>(run: () => Promise<T>): Promise<T> {
    return this.deps.locks ? this.deps.locks.request(LOCK_NAME, run) : run();
  }

  private async runOnce() {
    if (!this.deps.online()) {
      this.set({ online: false });
      return;
    }
    if (this.state.revoked) return;
    this.set({ syncing: true, online: true });
    this.reached = false;
    try {
      await this.withLock(async () => {
        if (this.stopped) return;
        // The signed-in user's author ticket comes before the roster: once the door shows people, every
        // change made on it can be credited, even if the network drops right after.
        const signedIn = tokenClaims(this.deps.token()).sub;
        if (signedIn && !(await this.store.authorTicket(signedIn, this.deps.now()))) await this.signInDevice();
        // Changes of a user who has not logged in here since (no ticket) wait, but do not keep the roster
        // from the user signed in now: the pull still runs, and the wait is reported after it.
        let waitsForLogin: AuthNeeded | undefined;
        try {
          await this.push();
        } catch (error) {
          if (!(error instanceof AuthNeeded) || !this.deps.token()) throw error;
          waitsForLogin = error;
        }
        if (this.revokedSeen) throw new DeviceRevoked('This device was revoked');
        if (this.eventId) {
          const t0 = performance.now();
          const changes = await this.pull(this.eventId);
          this.set({ lastPull: { ms: Math.round(performance.now() - t0), changes } });
        }
        if (waitsForLogin) throw waitsForLogin;
      });
      this.failures = 0;
      this.nextAllowedAt = 0;
      const at = this.deps.now().toISOString();
      this.deps.lastSync?.write(at);
      this.set({ lastSuccessAt: at, lastError: null, needsLogin: false });
    } catch (error) {
      if (error instanceof ServerRestored) {
        await this.recover(error);
        // At once, not after a back-off: send the journal again, then download the roster.
        this.again = true;
      } else if (error instanceof DeviceRevoked) {
        // The outbox goes out first where the session allows (the server holds what came after the revocation).
        if (!this.revokedSeen) {
          this.revokedSeen = true;
          await this.withLock(() => this.push()).catch(() => undefined);
        }
        await this.revoked();
        this.set({ lastError: error.message });
      } else if (error instanceof AuthNeeded) {
        this.set({ needsLogin: true, lastError: error.message });
      } else {
        this.failures++;
        this.nextAllowedAt = Date.now() + Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(this.failures, 6));
        this.set({ lastError: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      await this.refreshOutbox();
      this.set({ syncing: false });
      if (this.reached && !this.stopped) await this.reportWaiting();
    }
  }

  /**
   * One sync (push, then pull). Concurrent calls share the run and trigger one more pass after it.
   * `force` (Sync now, a new login, coming online) ignores the back-off.
   */
  syncNow(force = true): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!force && Date.now() < this.nextAllowedAt) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.runOnce();
        } while (this.again && !this.state.needsLogin && !this.stopped);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Before a logout: sends what waits (for up to `timeoutMs`), then answers how many changes are still
   * on this device. They stay after the logout, credited to whoever made them (their author ticket), and
   * go out with the next login on this device.
   */
  async sendBeforeLogout(timeoutMs = 8000): Promise<number> {
    if (this.deps.online()) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([this.syncNow(true), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    }
    return (await this.store.outboxSummary(this.lane)).waiting;
  }

  /**
   * The send-once flush for the service worker's `sync` event: sends the whole outbox (no roster pull),
   * reports what still waits, and rejects when anything is left to send, so the browser retries later.
   */
  async flushOnce(): Promise<void> {
    this.reached = false;
    try {
      await this.withLock(() => this.push());
    } finally {
      if (this.reached) await this.reportWaiting();
    }
    const { waiting } = await this.store.outboxSummary(this.lane);
    if (waiting > 0) throw new Error(`${waiting} check-in changes still waiting`);
  }

  // -------------------------------------------------------------------------------------------------
  // What waits on this device, told to the server (the dashboard shows it apart from the headcount)

  private scheduleReport() {
    clearTimeout(this.reportTimer);
    this.reportTimer = setTimeout(() => void this.reportWaiting(), 500);
  }

  /**
   * `POST /api/checkin/report {deviceId, eventId, waiting}`: the operations of this device still to be
   * delivered, for the event the engine keeps (or, with none chosen, the event of the oldest waiting
   * entry). Never fails: a report that does not arrive is replaced by the next one.
   */
  async reportWaiting(): Promise<void> {
    clearTimeout(this.reportTimer);
    try {
      const forEvent = this.eventId ?? (await this.store.oldestUnsentEvent(this.lane));
      if (!forEvent) return;
      const waiting = await this.store.unsentCount(forEvent, this.lane);
      const userId = tokenClaims(this.deps.token()).sub;
      const ticket = userId ? ((await this.store.authorTicket(userId, this.deps.now())) ?? (await this.signInDevice())) : undefined;
      if (!ticket) return;
      const json = { deviceId: await this.store.deviceId(), eventId: forEvent, waiting, author: ticket.ticket, appVersion: APP_VERSION };
      await this.sendReport(json);
    } catch {
      // offline, logged out or refused: the next sync reports again
    }
  }

  /** `POST /report` of this engine's lane. */
  private sendReport(json: { deviceId: string; eventId: string; waiting: number; author: string; appVersion?: string; replaced?: true }) {
    if (this.lane === 'leads') return this.call((options) => this.api.api.exhibitor.report.$post({ json }, options));
    return this.call((options) => this.checkin.report.$post({ json }, options));
  }

  /**
   * The browser's site data was cleared under this page (device-record's `watchClearedStorage`): the
   * changes still waiting are gone with it. The page says which (storage-loss.ts), and tells the server
   * that the old device is replaced on this browser (decision 072) — with the ticket it still has in
   * memory, once someone is logged in; nothing else of it survives the clearing, IndexedDB included — so
   * the dashboard drops it at once (otherwise its report would count for 2 hours).
   */
  private storageCleared(previous: DeviceInfo) {
    this.store.forgetLoadedIndex();
    const lost = this.lastUnsent;
    this.lastUnsent = [];
    if (lost.length) recordStorageLoss({ at: this.deps.now().toISOString(), changes: lost.map((e) => ({ label: e.label, ...(e.by ? { by: e.by } : {}) })) });
    this.set({ waiting: 0, refused: [] });
    const forEvent = this.eventId ?? lost[0]?.eventId;
    const ticket = Object.values(previous.tickets ?? {}).find((t) => Date.parse(t.expiresAt) > this.deps.now().getTime());
    if (!forEvent || !ticket) return;
    const retire = async () => {
      try {
        const json = { deviceId: previous.id, eventId: forEvent, waiting: 0, author: ticket.ticket, replaced: true as const };
        await this.sendReport(json);
        return true;
      } catch {
        return false;
      }
    };
    void (async () => {
      if (this.deps.token() && (await retire())) return;
      // Clearing site data also ends the login: the report goes with the next one.
      const stop = (this.deps.subscribeToken ?? subscribeToken)((token) => {
        if (token) void retire().then((done) => done && stop());
      });
      this.teardown.push(stop);
    })();
  }

  // -------------------------------------------------------------------------------------------------
  // Lifecycle

  /**
   * Starts the page's triggers (online, focus, visibility, every 15 s, a new login), without choosing an
   * event: screens other than the check-in (the admin panel's lists) that queue changes in the outbox
   * start the engine so their changes are sent too. Pulls only happen once an event is chosen.
   */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    const on = <K extends keyof WindowEventMap>(type: K, listener: () => void, target: Window | Document = window) => {
      target.addEventListener(type, listener);
      this.teardown.push(() => target.removeEventListener(type, listener));
    };
    on('online', () => {
      this.set({ online: true });
      void this.syncNow(true);
    });
    on('offline', () => this.set({ online: false }));
    // The server answers again after requests failed with the device online (Wi-Fi without a way out): send
    // at once, as on 'online', instead of waiting out the back-off those failures earned.
    this.teardown.push(
      onServerReachability(() => {
        if (isServerReachable()) void this.syncNow(true);
      }),
    );
    on('focus', () => void this.syncNow(false));
    on(
      'visibilitychange' as keyof WindowEventMap,
      () => {
        if (document.visibilityState === 'visible') void this.syncNow(false);
      },
      document,
    );
    const interval = setInterval(() => {
      if (this.deps.online()) void this.syncNow(false);
    }, INTERVAL_MS);
    this.teardown.push(() => clearInterval(interval));
    this.teardown.push(
      (this.deps.subscribeToken ?? subscribeToken)((token) => {
        if (!token) return;
        requestPersistence();
        void this.signInDevice().catch(() => undefined);
        // A new login on this page (after cleared site data, say) syncs at once: the back-off earned by the
        // failures before it says nothing about this session, and the roster may have to download again.
        this.failures = 0;
        this.nextAllowedAt = 0;
        this.set({ needsLogin: false });
        void this.syncNow(true);
      }),
    );
    // Another tab changed the outbox or the roster: the counts here follow at once.
    this.teardown.push(onOtherTabs(() => void this.refreshOutbox()));
    this.teardown.push(this.store.watchClearedStorage((previous) => this.storageCleared(previous)));
    if (this.deps.token()) {
      requestPersistence();
      void this.signInDevice().catch(() => undefined);
    }
    void this.refreshOutbox();
  }

  /**
   * Ends this session's engine: no trigger fires any more, requests in flight are aborted, and the
   * answer waits until a sync in flight has ended, so nothing it fetched is stored after the logout's wipe.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const undo of this.teardown.splice(0)) undo();
    clearTimeout(this.reportTimer);
    this.aborts.abort();
    await this.running?.catch(() => undefined);
    await this.signingIn?.catch(() => undefined);
  }
}

/**
 * Asks the browser to keep this site's storage under pressure (the outbox holds changes made nowhere
 * else): at login and whenever a panel screen starts the engine, not only on the door screen.
 */
function requestPersistence() {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return;
  void storage
    .persisted()
    .then((already) => (already ? true : storage.persist()))
    .catch(() => false);
}
