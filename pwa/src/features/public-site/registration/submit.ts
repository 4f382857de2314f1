// Sending a public registration: straight to the API when the network is there, into the outbox when it
// is not (or the request fails for network reasons or times out), with the same `uniqueSubmissionId`
// either way so the server records it once.
import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import type { ClientRequestOptions } from 'hono/client';
import { CONSENT_NOTICES, consentPurposeOf } from '@shared/consent';
import { isLanguage, type Language } from '@shared/languages';
import { apiClient } from '@pwa/lib/api-client';
import { ApiError, serverMessage } from '@pwa/lib/api-error';
import { readEnvelope } from '@pwa/lib/envelope';
import { HUMAN_CHECK_HEADER, humanCheckSiteKey } from '@pwa/lib/human-check';
import { database, type OutboxEntry, type PublicEndpoint, type SavedPass } from '@pwa/offline/db';
import { enqueue, flushOutbox, type FlushReport, type SendOutcome } from '@pwa/offline/public-outbox';
import { type HeldSubmission, heldSubmissions, releaseHeld } from '@pwa/offline/public-outbox-signal';
import type { FormRules, WaitReason } from './registration-types';

const REQUEST_TIMEOUT_MS = 15_000;
const DUPLICATE_MESSAGE = 'You have already registered. Thank you for your interest!';

/** The public pages' client: no token; a request without an answer after 15 s is given up (and queued). */
const publicApi = apiClient({ timeoutMs: REQUEST_TIMEOUT_MS });
const { api } = publicApi;

/** The JSON body a typed route takes. */
type JsonOf<Send> = Send extends (args: { json: infer J }, options?: ClientRequestOptions) => unknown ? J : never;

/**
 * Each public endpoint's typed call. An outbox entry's body was checked by its form's schema when it was
 * queued, and is kept on the device as plain data until sent; the server checks it again.
 */
const sendTo = {
  '/api/visitors/register': (body, options) => api.visitors.register.$post({ json: body as JsonOf<typeof api.visitors.register.$post> }, options),
  '/api/stalls/register': (body, options) => api.stalls.register.$post({ json: body as JsonOf<typeof api.stalls.register.$post> }, options),
  '/api/awards/register': (body, options) => api.awards.register.$post({ json: body as JsonOf<typeof api.awards.register.$post> }, options),
  '/api/sponsors/register': (body, options) => api.sponsors.register.$post({ json: body as JsonOf<typeof api.sponsors.register.$post> }, options),
  '/api/enquiries': (body, options) => api.enquiries.$post({ json: body as JsonOf<typeof api.enquiries.$post> }, options),
  '/api/next-edition': (body, options) => api['next-edition'].$post({ json: body as JsonOf<(typeof api)['next-edition']['$post']> }, options),
} satisfies Record<PublicEndpoint, (body: OutboxEntry['body'], options: ClientRequestOptions) => unknown>;
/** The answer of any of them. */
type SubmitResponse = Awaited<ReturnType<(typeof sendTo)[PublicEndpoint]>>;
const send: Record<PublicEndpoint, (body: OutboxEntry['body'], options: ClientRequestOptions) => Promise<SubmitResponse>> = sendTo;

/** The record a registration's answer carries, with the event's name, dates and place (enquiries have no pass code). */
type CreatedRecord = Awaited<ReturnType<typeof readEnvelope<SubmitResponse>>>['data'];

type Answer =
  | { kind: 'created'; message: string; record: CreatedRecord }
  | { kind: 'duplicate'; message: string }
  | { kind: 'failed'; status: number; message: string; serverMessage: boolean; errors?: Record<string, string> }
  | { kind: 'network'; message: string; reason: WaitReason }
  | { kind: 'human-check'; message: string; siteKey: string };

/** A gateway's answers for a server behind it that is down or restarting: the server is not answering. */
const SERVER_NOT_ANSWERING = new Set([502, 503, 504]);

/**
 * One POST (with the client's time-out, and the human check's token when there is one); never throws. A
 * server under unusual load asking for the human check answers `human-check`: the page shows the widget
 * (submitRegistration); sent from the outbox, it waits for a later try.
 */
async function postEntry(entry: OutboxEntry, humanCheckToken?: string): Promise<Answer> {
  try {
    const headers = { Accept: 'application/json', 'Idempotency-Key': entry.id, ...(humanCheckToken ? { [HUMAN_CHECK_HEADER]: humanCheckToken } : {}) };
    const body = await readEnvelope(send[entry.endpoint](entry.body, { headers }));
    return { kind: 'created', message: body.message, record: body.data };
  } catch (error) {
    // The time-out ran out: the server is slow, not the device offline.
    if (error instanceof ApiError && error.isTimeout) return { kind: 'network', message: 'timeout', reason: 'slow' };
    // No answer at all: the device's network is gone, or it is there and the server is not answering.
    if (!(error instanceof ApiError) || error.isNetworkError)
      return { kind: 'network', message: 'network', reason: deviceHasNetwork() ? 'unreachable' : 'offline' };
    if (SERVER_NOT_ANSWERING.has(error.status)) return { kind: 'network', message: `HTTP ${error.status}`, reason: 'unreachable' };
    if (error.status === 409) return { kind: 'duplicate', message: DUPLICATE_MESSAGE };
    const siteKey = humanCheckSiteKey(error);
    if (siteKey) return { kind: 'human-check', message: error.message, siteKey };
    return {
      kind: 'failed',
      status: error.status,
      message: error.message,
      serverMessage: serverMessage(error) !== undefined,
      errors: error.errors,
    };
  }
}

function passOf(
  entry: OutboxEntry,
  record: CreatedRecord,
  fallbackEventName: string,
  holder?: { id: string; passCode: string; fullName: string },
): SavedPass | null {
  const passCode = holder ? holder.passCode : 'passCode' in record ? record.passCode : null;
  if (!passCode) return null;
  return {
    passCode,
    name: holder ? holder.fullName : entry.name,
    typeLabel: entry.typeLabel,
    eventName: record.eventName || fallbackEventName,
    recordId: holder ? holder.id : (record.id ?? ''),
    savedAt: new Date().toISOString(),
    startDateTime: record.eventStartDateTime,
    endDateTime: record.eventEndDateTime,
    venue: record.eventVenue,
    city: record.eventCity,
    ...('language' in record && isLanguage(record.language) ? { language: record.language } : {}),
  };
}

/** The passes of the people registered with the person (a visitor's family), each their own. */
function familyPassesOf(entry: OutboxEntry, record: CreatedRecord, fallbackEventName: string): SavedPass[] {
  const family = 'family' in record && Array.isArray(record.family) ? (record.family as Array<{ id: string; passCode: string; fullName: string }>) : [];
  return family.flatMap((member) => passOf(entry, record, fallbackEventName, member) ?? []);
}

/** How the outbox reads an answer: only the network, 429 and 5xx are worth another try. */
function outcomeOf(answer: Answer, entry: OutboxEntry, eventName: string): SendOutcome {
  switch (answer.kind) {
    case 'created':
      return { kind: 'sent', pass: passOf(entry, answer.record, eventName), family: familyPassesOf(entry, answer.record, eventName) };
    case 'duplicate':
      return { kind: 'duplicate', message: answer.message };
    case 'network':
    case 'human-check':
      return { kind: 'retry', message: answer.message };
    case 'failed':
      return answer.status === 429 || answer.status >= 500 ? { kind: 'retry', message: answer.message } : { kind: 'rejected', message: answer.message };
  }
}

/**
 * The version of the consent line every public form shows above its button (ConsentLine), sent with what
 * the form sends so the server records what the person agreed to (decision 059).
 */
const consentVersionOf = (endpoint: string) => CONSENT_NOTICES[consentPurposeOf(endpoint)].version;

export type SubmitResult =
  | { kind: 'created'; pass: SavedPass | null; family: SavedPass[]; message: string }
  | { kind: 'duplicate'; message: string }
  | { kind: 'failed'; status: number; message: string; serverMessage: boolean; errors?: Record<string, string> }
  /** Kept on the device (under `id`) and sent later: the device is offline, the server not answering, or too slow. */
  | { kind: 'queued'; reason: WaitReason; id: string };

export interface Submission {
  endpoint: OutboxEntry['endpoint'];
  /** The page's language: the record keeps it, and the pass and its e-mails speak it (decision 087). */
  language: Language;
  /** What the form's schema gave (edge/schemas/public-registrations.ts). */
  body: OutboxEntry['body'];
  name: string;
  typeLabel: string;
  eventName: string;
}

export async function submitRegistration(submission: Submission): Promise<SubmitResult> {
  const id = crypto.randomUUID();
  const entry: OutboxEntry = {
    id,
    endpoint: submission.endpoint,
    body: { ...submission.body, uniqueSubmissionId: id, consentVersion: consentVersionOf(submission.endpoint), language: submission.language },
    name: submission.name,
    typeLabel: submission.typeLabel,
    createdAt: new Date().toISOString(),
    attempts: 0,
  };
  const db = database();
  let answer: Answer = deviceHasNetwork() ? await postEntry(entry) : { kind: 'network', message: 'offline', reason: 'offline' };
  if (answer.kind === 'human-check') {
    // The site is very busy: Cloudflare's widget, then the same submission again with its token. Closed,
    // the submission waits on the device and is sent later.
    const { humanCheckToken } = await import('@pwa/lib/human-check-widget');
    const token = await humanCheckToken(answer.siteKey);
    answer = token ? await postEntry(entry, token) : { kind: 'network', message: answer.message, reason: 'slow' };
  }
  if (answer.kind === 'network' || answer.kind === 'human-check') {
    await enqueue(db, entry);
    registerBackgroundSync();
    return { kind: 'queued', reason: answer.kind === 'network' ? answer.reason : 'slow', id };
  }
  if (answer.kind === 'created') {
    const pass = passOf(entry, answer.record, submission.eventName);
    const family = familyPassesOf(entry, answer.record, submission.eventName);
    await db.passes.bulkPut([...(pass ? [pass] : []), ...family]);
    return { kind: 'created', pass, family, message: answer.message };
  }
  return answer;
}

/**
 * Moves the submissions held before the form's code loaded (public-outbox-signal.ts) into the outbox, each
 * checked now by its form's schema: what the schema accepts waits to be sent under the id it was held with;
 * what it refuses is kept as refused, with the field's message, for the person to see. Page only (the held
 * submissions live in localStorage, which a service worker cannot read).
 */
export async function takeHeldSubmissions(rules: FormRules): Promise<void> {
  const held = heldSubmissions();
  if (held.length === 0) return;
  const db = database();
  for (const item of held) await enqueue(db, outboxEntryOf(item, rules));
  releaseHeld(held.map((item) => item.id));
  registerBackgroundSync();
}

function outboxEntryOf(held: HeldSubmission, rules: FormRules): OutboxEntry {
  const schema =
    held.form === 'inline' && (held.kind === 'visitor' || held.kind === 'stall') ? rules.INLINE_FORM_SCHEMAS[held.kind] : rules.FORM_SCHEMAS[held.kind];
  const checked = rules.checkForm(schema, held.values);
  const entry: OutboxEntry = {
    id: held.id,
    endpoint: held.endpoint as PublicEndpoint,
    body: {
      ...(checked.ok ? checked.body : held.values),
      uniqueSubmissionId: held.id,
      consentVersion: consentVersionOf(held.endpoint),
      language: held.language ?? 'en',
    },
    name: held.name,
    typeLabel: held.typeLabel,
    createdAt: held.createdAt,
    attempts: 0,
  };
  if (checked.ok) return entry;
  const message = Object.values(checked.errors).join(' ');
  return { ...entry, refused: { kind: 'rejected', message, at: new Date().toISOString() } };
}

/** Where a submission kept on this device stands: still waiting, refused (with the server's words), or gone (sent). */
export async function outboxEntryState(id: string): Promise<'waiting' | 'sent' | NonNullable<OutboxEntry['refused']>> {
  if (heldSubmissions().some((item) => item.id === id)) return 'waiting';
  const entry = await database().publicOutbox.get(id);
  if (!entry) return 'sent';
  return entry.refused ?? 'waiting';
}

/** Sends what waits in the outbox now. */
export function flushNow(eventName: string): Promise<FlushReport[]> {
  const db = database();
  return flushOutbox(db, async (entry) => outcomeOf(await postEntry(entry), entry, eventName));
}

/**
 * Asks for a Background Sync where the browser has it: the service worker (src/sw.ts) then sends what
 * waits even after the tab is closed. The page's own triggers (online, app start) send as well.
 */
function registerBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => {
      const sync = (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync;
      return sync?.register('eventpro-public-outbox');
    })
    .catch(() => undefined);
}
