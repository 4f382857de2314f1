import { jwtVerify, SignJWT } from 'jose';
import { hmacSha256, hmacSha256Under } from '../perf/sha256';
import { base64url } from './device-signature';
import { VerifiedTokens } from './verified-tokens';

/**
 * Author tickets: who queued a venue device's changes. A device keeps changes for hours without a
 * network, and another person may log in on it before they are sent; the change must still be credited
 * to the one who made it. When a user signs a device in (`POST /api/checkin/device`, with the device's
 * secret), the server hands the device a ticket naming that user and that device; the device stores it
 * with each change it queues and sends it with the batch. The server believes the author only through
 * the ticket's signature, never from a claim in the body.
 *
 * Tickets are signed with a key derived from the token secret under a label of their own and carry their
 * own audience, so a ticket is never accepted as a login token (nor a token as a ticket). They last a
 * week: long enough for a day offline, short enough that a lost tablet's tickets lapse.
 *
 * Each ticket comes with its MAC key (auth/device-signature.ts, decision 086), derived from the ticket under
 * the server's secret and answered once, with the ticket, to the sign-in that made it. The device keeps it as
 * a key it cannot export and MACs what it sends with it, so a ticket read off the device cannot be used from
 * another client. Nothing is stored: the server derives the key again from the ticket it checks.
 */
const ISSUER = 'eventpro';
const AUDIENCE = 'eventpro-checkin-author';
const ALGORITHM = 'HS256';
const AUTHOR_TICKET_TTL_SECONDS = 7 * 24 * 3600;

const keyOf = (secret: string) => new TextEncoder().encode(`author-ticket:${secret}`);

/**
 * The MAC key of `ticket` (auth/device-signature.ts): HMAC-SHA-256 of the ticket's text under the server's
 * secret, with a label of its own. The sign-in that made the ticket answers it; a check derives it again.
 */
const macKeyOf = (ticket: string, secret: string) => hmacSha256(new TextEncoder().encode(`device-mac:${secret}`), new TextEncoder().encode(ticket));

export interface Author {
  userId: string;
  name: string;
  deviceId: string;
}

/** A new ticket for `author`, with its MAC key (base64url) for the device: answered once, to this sign-in only. */
export async function signAuthorTicket(author: Author, secret: string, now: Date): Promise<{ ticket: string; expiresAt: string; macKey: string }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + AUTHOR_TICKET_TTL_SECONDS;
  const ticket = await new SignJWT({ name: author.name, did: author.deviceId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(author.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyOf(secret));
  return { ticket, expiresAt: new Date(expiresAt * 1000).toISOString(), macKey: base64url(macKeyOf(ticket, secret)) };
}

/**
 * A ticket's author and when the server issued it (ms): nothing queued under a ticket can be older. `mac`
 * computes the MAC of what the device sends under it (its key derived once per ticket, then remembered).
 */
export type TicketAuthor = Author & { issuedAtMs: number; mac: (data: Uint8Array | string) => Uint8Array };
export type AuthorCheck = { ok: true; author: TicketAuthor } | { ok: false; message: string };

/** Tickets already verified: a device sends the same ticket with every batch (its expiry and device are checked each time). */
const verified = new VerifiedTokens<TicketAuthor>();

/**
 * The author a ticket names, if it is genuine, unexpired and issued to `deviceId`. Whether its user is
 * still active and its device not revoked is the caller's check (routes/checkin.ts `checkedSender`).
 */
export async function verifyAuthorTicket(ticket: string, deviceId: string, secret: string, now: Date): Promise<AuthorCheck> {
  const known = verified.get(secret, ticket, now);
  if (known) {
    if (known.deviceId !== deviceId) return { ok: false, message: 'The author ticket was issued to another device' };
    return { ok: true, author: known };
  }
  try {
    const { payload } = await jwtVerify(ticket, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.name !== 'string' || typeof payload.did !== 'string') {
      return { ok: false, message: 'The author ticket is not valid' };
    }
    const mac = hmacSha256Under(macKeyOf(ticket, secret));
    const author: TicketAuthor = { userId: payload.sub, name: payload.name, deviceId: payload.did, issuedAtMs: (payload.iat ?? 0) * 1000, mac };
    verified.remember(secret, ticket, author, payload.exp);
    if (payload.did !== deviceId) return { ok: false, message: 'The author ticket was issued to another device' };
    return { ok: true, author };
  } catch (error) {
    const expired = error instanceof Error && error.name === 'JWTExpired';
    return {
      ok: false,
      message: expired ? 'The author ticket has expired: the person who made these changes must log in on this device again' : 'The author ticket is not valid',
    };
  }
}
