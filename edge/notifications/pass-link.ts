import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { passLinkRevocations } from '../db/tables/notifications';
import { hmacSha256, hmacSha256Under } from '../perf/sha256';
import { isPassHolderKind } from './pass-holders';
import { isMessageKind, MESSAGE_KINDS, type MessageKind, RESOURCES } from '../../shared/resources/kinds';
import { constantTimeEqual, fromBase64Url, toBase64Url } from '../lib/bytes';
import { uuidText } from '../lib/uuid-v7';

/**
 * Pass links (`/p/<token>`) are signed, not stored: the token says whose pass it opens and when it was
 * issued, and carries an HMAC-SHA-256 of that under a key derived from the server's token secret
 * (`JWT_SECRET`), so nobody can make a link to someone else's pass, and a registration writes no link row.
 *
 * Token: 52 base64url characters of 39 bytes —
 *   kind (1 byte: which records the id is of) · the record's id (its UUID's 16 bytes) ·
 *   time of issue (6 bytes, Unix milliseconds) · the first 16 bytes of the HMAC of the 23 bytes before.
 *
 * Changing the secret invalidates every link sent before; links issued before links were signed are
 * stored tokens and still open through `pass_links`.
 */
const SIGNED_PASS_TOKEN_LENGTH = 52;

/** The byte that names each kind of person in a token (the registry's link code). Tokens in sent messages carry it: never renumber. */
const KIND_CODES = Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, RESOURCES[kind].messages.linkCode])) as Record<MessageKind, number>;
const KINDS_BY_CODE = new Map(Object.entries(KIND_CODES).map(([kind, code]) => [code, kind as MessageKind]));

const BODY_BYTES = 1 + 16 + 6;
const MAC_BYTES = 16;
const encoder = new TextEncoder();

/**
 * The signing key of one purpose, derived from the secret (so a link's MAC is never a signature made with
 * the secret itself): pass links, and e-mail confirmation links, whose tokens have the same shape but open
 * nothing of each other (a pass link cannot confirm an address, decision 056).
 */
type TokenPurpose = 'pass link' | 'e-mail confirmation' | 'unsubscribe';
/** Whose links of a purpose may exist: an unsubscribe link for anyone who gets group messages, the others for the public forms' passes. */
const kindFits = (purpose: TokenPurpose, kind: string) => (purpose === 'unsubscribe' ? isMessageKind(kind) : isPassHolderKind(kind));
const keys = new Map<string, (data: Uint8Array) => Uint8Array>();
/** The MAC of one purpose's links: its key derived once, then kept ready (hmacSha256Under). */
function linkMac(secret: string, purpose: TokenPurpose = 'pass link'): (data: Uint8Array) => Uint8Array {
  let mac = keys.get(`${purpose}|${secret}`);
  if (!mac) {
    mac = hmacSha256Under(hmacSha256(encoder.encode(secret), encoder.encode(`eventpro ${purpose} v1`)));
    keys.set(`${purpose}|${secret}`, mac);
  }
  return mac;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token of a new link to the pass of record `id` of `kind`, issued at `issuedAt`. */
export function passLinkToken(secret: string, kind: string, id: string, issuedAt: Date, purpose: TokenPurpose = 'pass link'): string {
  if (!kindFits(purpose, kind)) throw new Error(`No ${purpose} links for ${kind}`);
  if (!UUID.test(id)) throw new Error(`A pass link needs a UUID record id, not ${id}`);
  const bytes = new Uint8Array(BODY_BYTES + MAC_BYTES);
  bytes[0] = KIND_CODES[kind as MessageKind];
  const hex = id.replace(/-/g, '');
  for (let i = 0; i < 16; i++) bytes[1 + i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  const ms = issuedAt.getTime();
  for (let i = 0; i < 6; i++) bytes[17 + i] = Math.floor(ms / 2 ** (8 * (5 - i))) & 0xff;
  bytes.set(linkMac(secret, purpose)(bytes.subarray(0, BODY_BYTES)).subarray(0, MAC_BYTES), BODY_BYTES);
  return toBase64Url(bytes);
}

/** Whose pass a signed token opens; undefined when it is not one or its signature does not match. */
export function readPassLinkToken(
  secret: string,
  token: string,
  purpose: TokenPurpose = 'pass link',
): { personKind: MessageKind; personId: string; issuedAt: Date } | undefined {
  if (token.length !== SIGNED_PASS_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const bytes = fromBase64Url(token);
  const mac = linkMac(secret, purpose)(bytes.subarray(0, BODY_BYTES)).subarray(0, MAC_BYTES);
  const personKind = KINDS_BY_CODE.get(bytes[0]!);
  if (!constantTimeEqual(mac, bytes.subarray(BODY_BYTES)) || !personKind || !kindFits(purpose, personKind)) return undefined;
  const personId = uuidText(bytes, 1);
  let ms = 0;
  for (let i = 17; i < BODY_BYTES; i++) ms = ms * 256 + bytes[i]!;
  return { personKind, personId, issuedAt: new Date(ms) };
}

/**
 * Whether a link to the pass of `personKind`/`personId` issued at `issuedAt` has been revoked: an admin
 * re-issued the pass after it (`POST /api/<resource>/:id/pass-link`), and only newer links open it.
 */
export async function isRevoked(db: Database, personKind: string, personId: string, issuedAt: Date): Promise<boolean> {
  const [row] = await db
    .select({ revokedBefore: passLinkRevocations.revokedBefore })
    .from(passLinkRevocations)
    .where(and(eq(passLinkRevocations.personKind, personKind), eq(passLinkRevocations.personId, personId)))
    .limit(1);
  return Boolean(row && issuedAt.toISOString() < row.revokedBefore);
}

/** The statement that revokes every link to this pass issued before `at` (a re-issue). */
export function revokeLinksStatement(db: Database, personKind: string, personId: string, at: Date) {
  const revokedBefore = at.toISOString();
  return db
    .insert(passLinkRevocations)
    .values({ personKind, personId, revokedBefore })
    .onConflictDoUpdate({ target: [passLinkRevocations.personKind, passLinkRevocations.personId], set: { revokedBefore } });
}

/** The token of the link that confirms the e-mail address a confirmation message (queued at `issuedAt`) went to. */
export const emailConfirmationToken = (secret: string, kind: string, id: string, issuedAt: Date) =>
  passLinkToken(secret, kind, id, issuedAt, 'e-mail confirmation');
export const readEmailConfirmationToken = (secret: string, token: string) => readPassLinkToken(secret, token, 'e-mail confirmation');
export const readUnsubscribeToken = (secret: string, token: string) => readPassLinkToken(secret, token, 'unsubscribe');
