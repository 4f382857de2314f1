import type { Language } from '../../../shared/languages';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { fail, type FieldErrors, jsonText } from '../../http/envelope';
import { cachedEvent, type PublicEvent } from '../../lib/events';
import { REGISTRATION_CLOSED_MESSAGE, registrationClosedMessage } from '../../lib/registration-window';
import { groupCommit } from '../../perf/group-commit';
import type { SqlStatement } from '../../db/sql-statement';
import { consentStatement } from '../../lib/consents';
import { CONSENT_NOTICES, type ConsentPurpose, UNKNOWN_CONSENT_MESSAGE } from '../../../shared/consent';
import { constraintMessage } from '../../lib/db-errors';
import {
  expiredKeysStatement,
  idempotencyKey,
  isKeyConflict,
  KEY_REUSED_MESSAGE,
  keyStatement,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  priorOutcome,
  requestHash,
} from '../../lib/idempotency';
import { newPassCode } from '../../lib/pass-code';
import { uuidv7 } from '../../lib/uuid-v7';
import { passMessageStatements, publicOrigin, type PassHolder } from '../../notifications/outbox';
import type { Channel } from '../../notifications/messages';
import { networkOf } from '../../notifications/message-guard';
import { cachedMessageGuard } from '../../lib/site-settings';
import { refuseWithoutHumanCheck } from './human-check';

/**
 * The part every public submission shares: which event, idempotency, pass code, one atomic write of the
 * record with its idempotency key, and the contract's answers for the ways that write can fail.
 */
const REGISTERED_MESSAGE = 'Registration successful!';
const ALREADY_REGISTERED_MESSAGE = 'You have already registered. Thank you for your interest!';
const UNKNOWN_EVENT_MESSAGE = 'Unknown event';
const IN_PROGRESS_MESSAGE = 'This submission is still being processed. Please try again in a moment.';
const NO_EVENT_MESSAGE = 'No event is open for registration at the moment';
const NEXT_EDITION_OPEN_MESSAGE = 'Registration for this event is open: register instead.';
export { REGISTRATION_CLOSED_MESSAGE };

type SubmissionInput = { eventId?: string; uniqueSubmissionId?: string; consentVersion?: string; language?: Language };

export interface Submission<Input extends SubmissionInput, Row extends object> {
  /** Names the endpoint in idempotency keys, so one submission id used on two forms means two submissions. */
  scope: string;
  input: Input;
  /** Whether the record gets a pass code (enquiries do not: nobody is admitted by an enquiry). */
  passCode: boolean;
  /** The record to store, and the insert statement that stores it. */
  build: (
    base: Base,
    event: PublicEvent,
  ) => {
    record: Row;
    insert: SqlStatement;
  };
  /**
   * What the form's consent line asked for, and the person's resource in the consent record: the version the
   * person saw (`consentVersion`) is recorded with the record, in the same commit (decision 059).
   */
  consent: { purpose: ConsentPurpose; personKind: string };
  /** A purpose the person ticked a box of its own for (`chosen`: the exhibitors box), with the version of its words: recorded as given in the same commit. */
  chosenConsent?: { purpose: ConsentPurpose; version: string } | undefined;
  /** Refuses a submission that does not fit its event (answers to questions it does not ask): the fields' messages, answered 400. */
  refuse?: (event: PublicEvent) => FieldErrors | undefined;
  /** Taken only while registration is closed ("tell me about the next edition"), instead of only while it is open. */
  whenClosed?: boolean;
  /** Who the pass is for: its messages (e-mail, WhatsApp, SMS) are queued in the same commit as the record. */
  holder?: Omit<PassHolder, 'id' | 'passCode'>;
  /**
   * More people registered by the same submission (a visitor's family, decision 077): each a record with a
   * pass code and a consent row of its own, in the same commit; their pass's messages are queued only for
   * those with a `holder` (a mobile number of their own). Answered as `family`.
   */
  companions?: Array<{ build: Submission<Input, Row>['build']; holder?: Omit<PassHolder, 'id' | 'passCode'> }>;
}

/** What every record of a submission starts from: the language is the page's, the same for everyone it registers. */
type Base = { id: string; eventId: string; passCode: string | null; language: Language; createdAt: string; updatedAt: string };

/** The share of submissions that also clean up expired idempotency keys (about one in a thousand). */
const KEY_CLEANUP_SHARE = 0.001;

/** Write attempts per submission: a pass-code collision (60-bit codes: near impossible) or a vanished key is retried. */
const WRITE_ATTEMPTS = 3;

export async function submit<Input extends SubmissionInput, Row extends object>(c: Context<AppEnv>, submission: Submission<Input, Row>) {
  // c.get, not c.var: Hono builds a new object of all variables on every read of c.var (on every request's path).
  const { db, writeBatch, now, messaging, clientAddress } = c.get('deps');
  const { input } = submission;

  const header = c.req.header('Idempotency-Key');
  if (header !== undefined && header.trim().length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    const message = `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`;
    return fail(c, 400, message, { 'Idempotency-Key': message });
  }
  // A version of another purpose's words (an enquiry's line on a registration) is not this form's consent.
  if (input.consentVersion !== undefined && !CONSENT_NOTICES[submission.consent.purpose].versions.includes(input.consentVersion)) {
    return fail(c, 400, UNKNOWN_CONSENT_MESSAGE, { consentVersion: UNKNOWN_CONSENT_MESSAGE });
  }
  // Under unusual load, nothing is written (nor any message queued) without a passed human check.
  const refused = await refuseWithoutHumanCheck(c);
  if (refused) return refused;
  const key = idempotencyKey(submission.scope, input.uniqueSubmissionId, header);
  const { uniqueSubmissionId: _, ...hashed } = input;
  const hash = key ? requestHash({ scope: submission.scope, ...hashed }) : '';

  // The guard of paid messages is read with the event (both cached for a second: a crowd reads each once a second).
  const [event, guard] = await Promise.all([cachedEvent(db, input.eventId), submission.holder ? cachedMessageGuard(db) : undefined]);
  if (!event) {
    return input.eventId ? fail(c, 400, UNKNOWN_EVENT_MESSAGE, { eventId: UNKNOWN_EVENT_MESSAGE }) : fail(c, 400, NO_EVENT_MESSAGE);
  }
  const misfit = submission.refuse?.(event);
  if (misfit) return fail(c, 400, Object.values(misfit)[0] ?? 'Invalid request', misfit);
  const closed = registrationClosedMessage(event, now());
  if (submission.whenClosed && !closed) return fail(c, 403, NEXT_EDITION_OPEN_MESSAGE);
  if (closed && !submission.whenClosed) {
    // A submission accepted while the window was open, sent again for its lost answer, still gets it.
    const prior = key ? await priorOutcome(db, key, hash) : undefined;
    if (prior?.kind === 'replay') return jsonText<Created<Row>, 201>(c, prior.answer.json, prior.answer.status as 201);
    return fail(c, 403, closed);
  }

  for (let attempt = 1; ; attempt++) {
    const at = now().toISOString();
    const newBase = (): Base => ({
      id: uuidv7(),
      eventId: event.id,
      passCode: submission.passCode ? newPassCode() : null,
      language: input.language ?? 'en',
      createdAt: at,
      updatedAt: at,
    });
    const base = newBase();
    const { record, insert } = submission.build(base, event);
    const companions = (submission.companions ?? []).map((companion) => {
      const own = newBase();
      return { base: own, holder: companion.holder, ...companion.build(own, event) };
    });
    // The event's date, time and place come with the answer: the pass shows them, offline too.
    const eventFields = {
      eventName: event.eventName,
      eventStartDateTime: event.startDateTime,
      eventEndDateTime: event.endDateTime,
      eventVenue: event.venue,
      eventCity: event.city,
    };
    const body: Created<Row> = {
      success: true,
      message: REGISTERED_MESSAGE,
      data: { ...record, ...eventFields, ...(submission.companions ? { family: companions.map((companion) => companion.record) } : {}) },
    };
    // Written once: the idempotency key stores this text and the answer sends it.
    const json = JSON.stringify(body);
    const statements = key
      ? [keyStatement(db, { key, scope: submission.scope, requestHash: hash, answer: { status: 201, json }, now: now() }), insert]
      : [insert];
    // Now and then a submission also removes expired keys (so the table stays a month of submissions).
    if (key && Math.random() < KEY_CLEANUP_SHARE) statements.push(expiredKeysStatement(db, now()));
    const messagesOf = (holder: Omit<PassHolder, 'id' | 'passCode'> | undefined, own: Base) =>
      holder && own.passCode && guard
        ? passMessageStatements(db, {
            holder: { ...holder, id: own.id, passCode: own.passCode },
            eventId: event.id,
            template: 'pass',
            channels: messaging?.channels ?? {},
            origin: publicOrigin(c),
            guard,
            network: networkOf(clientAddress(c)),
            now: now(),
          })
        : undefined;
    statements.push(...companions.map((companion) => companion.insert));
    const everyone = [{ base, holder: submission.holder }, ...companions];
    let queued = 0;
    const queuedOn = new Set<Channel>();
    for (const person of everyone) {
      // One consent line above the button covers everyone the submission registers: each gets its row.
      if (input.consentVersion) {
        const { personKind, purpose } = submission.consent;
        statements.push(consentStatement(db, { personKind, personId: person.base.id, purpose, textVersion: input.consentVersion, given: true, at }));
      }
      const messages = messagesOf(person.holder, person.base);
      if (messages) {
        statements.push(...messages.statements);
        queued += messages.queued;
        for (const channel of messages.channels) queuedOn.add(channel);
      }
    }
    // A box ticked by the person who filled the form (the exhibitors one) is their own choice, not their family's.
    if (submission.chosenConsent) {
      const { purpose, version } = submission.chosenConsent;
      statements.push(consentStatement(db, { personKind: submission.consent.personKind, personId: base.id, purpose, textVersion: version, given: true, at }));
    }
    try {
      await groupCommit(writeBatch, statements);
      // Sent after the answer, never before it (Node: the sender loop; Workers: waitUntil). Only the lanes of
      // the channels it queued on: in a flood, waking the others after every registration kept them claiming nothing.
      if (queued) messaging?.dispatch(c, [...queuedOn]);
      return jsonText<Created<Row>, 201>(c, json, 201);
    } catch (error) {
      const constraint = constraintMessage(error);
      if (key && isKeyConflict(error)) {
        // A concurrent repeat committed first: answer what it answered (or 422 if its body differed).
        const prior = await priorOutcome(db, key, hash);
        if (prior.kind === 'mismatch') return fail(c, 422, KEY_REUSED_MESSAGE);
        if (prior.kind === 'replay') return jsonText<Created<Row>, 201>(c, prior.answer.json, prior.answer.status as 201);
        if (attempt < WRITE_ATTEMPTS) continue;
        // The key is held without an answer (not something this code writes): never a 500 for a repeat.
        c.header('Retry-After', '1');
        return fail(c, 409, IN_PROGRESS_MESSAGE);
      } else if (/\.pass_code\b/.test(constraint) && attempt < WRITE_ATTEMPTS) {
        continue;
      } else if (/UNIQUE constraint failed/i.test(constraint) && !/\.pass_code\b/.test(constraint)) {
        return fail(c, 409, ALREADY_REGISTERED_MESSAGE);
      } else if (/FOREIGN KEY constraint failed/i.test(constraint)) {
        // The event was deleted between the look-up and the write.
        return fail(c, 400, UNKNOWN_EVENT_MESSAGE, { eventId: UNKNOWN_EVENT_MESSAGE });
      }
      throw error;
    }
  }
}

interface Created<Row> {
  success: true;
  message: string;
  data: Row & {
    eventName: string;
    eventStartDateTime: string;
    eventEndDateTime: string;
    eventVenue: string;
    eventCity: string;
    /** The people registered with this one (a visitor's family), each with their own pass code. */
    family?: Row[];
  };
}
