import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { insertStatement, type SqlStatement, statementTemplate } from '../db/sql-statement';
import { idempotencyKeys } from '../db/tables/system';
import { constraintMessage } from './db-errors';
import { sha256Hex } from '../perf/sha256';

/**
 * Idempotent submissions (contract: `uniqueSubmissionId` or an `Idempotency-Key` header).
 *
 * The key row is written in the same transaction as the record it answers for, already holding the
 * answer (status and body). The primary key therefore does all the work: of concurrent repeats exactly one
 * transaction commits; the others fail on the key and read the committed answer. There is no window in
 * which a key exists without its record or its answer, so a crash can leave neither a record without its
 * key nor a claim that blocks the key forever, and no repeat ever has to wait and poll.
 *
 * A submission whose record cannot be stored (a 409 duplicate, say) rolls its key back with it, so a
 * corrected retry with the same id goes through.
 */
export const KEY_REUSED_MESSAGE = 'This submission id was already used with different details';

/** Longest accepted `Idempotency-Key` header (the same bound as `uniqueSubmissionId`). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;

/** `scope:id` from the body's submission id, else the header; undefined when the caller sent neither. */
export function idempotencyKey(scope: string, submissionId: string | undefined, header: string | undefined): string | undefined {
  const id = submissionId ?? header?.trim();
  return id ? `${scope}:${id}` : undefined;
}

/**
 * SHA-256 (hex) of the canonical JSON of the validated body: key order and formatting do not matter.
 * A cryptographic hash, so nobody can make a different body that passes for a known submission's.
 */
export function requestHash(body: unknown): string {
  return sha256Hex(canonicalJson(body));
}

/** JSON with object keys sorted at every level and `undefined` members left out. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
}

/** An answer as it is stored and sent: its status and the JSON text of its body (written once, sent as it is). */
export interface StoredAnswer {
  status: number;
  json: string;
}

/** The statement that records `key` with its answer; commit it in the same batch as the record. */
export function keyStatement(db: Database, entry: { key: string; scope: string; requestHash: string; answer: StoredAnswer; now: Date }): SqlStatement {
  return insertStatement(db, idempotencyKeys, {
    key: entry.key,
    scope: entry.scope,
    requestHash: entry.requestHash,
    responseStatus: entry.answer.status,
    responseBody: entry.answer.json,
    createdAt: entry.now.toISOString(),
  });
}

/**
 * How long a submission id is remembered. A phone keeps an unsent registration until it is online again
 * (public-outbox), which may be days; a month covers that with room to spare.
 */
export const KEY_RETENTION_DAYS = 30;
/** Keys removed per clean-up at most, so one clean-up never holds up the registrations it rides with. */
export const KEYS_REMOVED_PER_CLEANUP = 500;

const expiredKeys = statementTemplate<{ before: string; limit: number }>((db, p) =>
  db
    .delete(idempotencyKeys)
    .where(
      sql`${idempotencyKeys.key} IN (SELECT ${idempotencyKeys.key} FROM ${idempotencyKeys} WHERE ${idempotencyKeys.createdAt} < ${p('before')} ORDER BY ${idempotencyKeys.createdAt} LIMIT ${p('limit')})`,
    ),
);

/** Removes the oldest keys older than the retention (at most KEYS_REMOVED_PER_CLEANUP of them). */
export function expiredKeysStatement(db: Database, now: Date): SqlStatement {
  const before = new Date(now.getTime() - KEY_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return expiredKeys(db, { before, limit: KEYS_REMOVED_PER_CLEANUP });
}

export type PriorOutcome = { kind: 'none' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'mismatch' };

/**
 * What an earlier submission with `key` answered: nothing yet, its answer (same body), or a mismatch
 * (the key was used with a different body → 422).
 */
export async function priorOutcome(db: Database, key: string, hash: string): Promise<PriorOutcome> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
  if (!row || row.responseStatus === null || row.responseBody === null) return { kind: 'none' };
  if (row.requestHash !== hash) return { kind: 'mismatch' };
  return { kind: 'replay', answer: { status: row.responseStatus, json: row.responseBody } };
}

/** True when `error` is the key's own primary-key conflict (a concurrent repeat won). */
export function isKeyConflict(error: unknown): boolean {
  return constraintMessage(error).includes('idempotency_keys.key');
}
