/**
 * Door devices MAC what they send with a key the server issues with each author ticket (decision 086, after
 * 053's per-device ECDSA key, whose verify of every batch was the largest cost of a check-in on the server's
 * JavaScript thread). When a user signs a device in, the server answers the ticket and the ticket's MAC key:
 * HMAC-SHA-256, under the server's secret with a label of its own, of the ticket's text. Nothing is stored;
 * the server derives the key again from the ticket a request names. The device imports the key once with
 * `extractable: false` and keeps the CryptoKey in IndexedDB beside the ticket (structured-clonable; its bytes
 * never reach JavaScript again), so a ticket read off the device speaks for nobody without the key.
 *
 * Each MACed request carries `X-Device-Signature: <ms>.<mac>`: an HMAC-SHA-256 (base64url) over
 * `<ms>.<the request body as sent>`, where `<ms>` is the server's time as the device estimates it. The server
 * accepts it within SIGNATURE_WINDOW_MS of its own clock; outside, it answers `stale` with its time (the
 * `Date` header) and the device MACs again. Resending the same batch is harmless (each operation applies
 * once by its id), so the window only has to stop an old capture.
 *
 * A request without a body (the roster pull, a GET) is MACed over its query instead (`signedQueryText`), and
 * names its ticket in `AUTHOR_TICKET_HEADER`: the server proves with it which device asks, so a revoked
 * device's pull is refused whatever its request says.
 *
 * Browser-safe: WebCrypto only, used by the device (pwa/src/offline) and the server (routes/checkin.ts).
 */
export const DEVICE_SIGNATURE_HEADER = 'X-Device-Signature';
/** A signed GET's author ticket (auth/author-ticket.ts): the key issued with it is the one that MACed the request. */
export const AUTHOR_TICKET_HEADER = 'X-Author-Ticket';

/**
 * What a GET is signed over: its query's parameters sorted by name, `name=value` URI-encoded and joined by
 * `&`: the same text whichever order or encoding the client and proxies give the address.
 */
export function signedQueryText(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(params[name]!)}`)
    .join('&');
}

/** How far a signature's time may be from the server's clock. */
export const SIGNATURE_WINDOW_MS = 10 * 60_000;

const MAC = { name: 'HMAC', hash: 'SHA-256' } as const;
/** HMAC-SHA-256's length: a MAC of any other length is not one of ours. */
const MAC_BYTES = 32;

const encode = (text: string) => new TextEncoder().encode(text);
const signedBytes = (at: number, body: string) => encode(`${at}.${body}`);

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

/** The server's key that derives tickets' MAC keys, by secret (imported once). */
const derivingKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The MAC key of `ticket` (base64url): derived from the ticket's text under `secret` (server only). The
 * sign-in that made the ticket answers it; every check of a request under the ticket derives it again.
 */
export async function ticketMacKey(ticket: string, secret: string): Promise<string> {
  let deriving = derivingKeys.get(secret);
  if (!deriving) {
    deriving = crypto.subtle.importKey('raw', encode(`device-mac:${secret}`), MAC, false, ['sign']);
    derivingKeys.set(secret, deriving);
  }
  return base64url(new Uint8Array(await crypto.subtle.sign(MAC, await deriving, encode(ticket))));
}

/** A MAC key (base64url) as a CryptoKey that can never be read out: to sign with (a device) or verify with (the server). */
export function importMacKey(raw: string, use: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64url(raw), MAC, false, [use]);
}

/** The header value for `body`, MACed at `at` (the server's time in ms, as the device estimates it). */
export async function signDeviceRequest(key: CryptoKey, body: string, at: number): Promise<string> {
  return `${at}.${base64url(new Uint8Array(await crypto.subtle.sign(MAC, key, signedBytes(at, body))))}`;
}

/** Whether a request was MACed with the key: `stale` when its time is outside the window of `now`. */
export type SignatureCheck = 'valid' | 'missing' | 'invalid' | 'stale';

export async function verifyDeviceRequest(header: string | undefined, body: string, key: CryptoKey, now: number): Promise<SignatureCheck> {
  if (!header) return 'missing';
  const dot = header.indexOf('.');
  const at = Number(header.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(at)) return 'invalid';
  let mac: Uint8Array<ArrayBuffer>;
  try {
    mac = fromBase64url(header.slice(dot + 1));
  } catch {
    return 'invalid';
  }
  if (mac.length !== MAC_BYTES) return 'invalid';
  // WebCrypto's verify compares in constant time.
  if (!(await crypto.subtle.verify(MAC, key, mac, signedBytes(at, body)))) return 'invalid';
  return Math.abs(at - now) > SIGNATURE_WINDOW_MS ? 'stale' : 'valid';
}
