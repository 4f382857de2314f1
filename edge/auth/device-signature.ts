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
 * Browser-safe: the device MACs with WebCrypto (pwa/src/offline); the server derives keys and checks MACs
 * with its synchronous HMAC (auth/author-ticket.ts, routes/checkin.ts).
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

/** What a MAC covers: the time it was made at and the body as sent. */
const signedText = (at: number, body: string) => `${at}.${body}`;
const signedBytes = (at: number, body: string) => new TextEncoder().encode(signedText(at, body));

/** Bytes as base64url without padding: the MACs in the header, and the keys the sign-in answers. */
export const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
/** A MAC as the header carries it: 32 bytes are 43 base64url characters, unpadded. */
const MAC_TEXT = /^[A-Za-z0-9_-]{43}$/;
/**
 * Node's Buffer, where the runtime has one (the server): it decodes base64url natively, where atob and a
 * byte-by-byte copy were a tenth of checking a one-person batch's MAC. Browsers and Workers use `fromBase64url`.
 */
const nodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'base64url'): Uint8Array } }).Buffer;
const macFromText = (text: string): Uint8Array | undefined => {
  if (!MAC_TEXT.test(text)) return undefined;
  return nodeBuffer ? nodeBuffer.from(text, 'base64url') : fromBase64url(text);
};

/** The MAC key the sign-in answered (base64url), as the device keeps it: a CryptoKey that can never be read out. */
export function importMacKey(raw: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64url(raw), MAC, false, ['sign']);
}

/** The header value for `body`, MACed at `at` (the server's time in ms, as the device estimates it). */
export async function signDeviceRequest(key: CryptoKey, body: string, at: number): Promise<string> {
  return `${at}.${base64url(new Uint8Array(await crypto.subtle.sign(MAC, key, signedBytes(at, body))))}`;
}

/** Whether a request was MACed with the key: `stale` when its time is outside the window of `now`. */
export type SignatureCheck = 'valid' | 'missing' | 'invalid' | 'stale';

/**
 * Checks a request's MAC with `mac`, the key's HMAC-SHA-256 as the server computes it: synchronously
 * (edge/perf/sha256.ts `hmacSha256`), since on Node a WebCrypto verify is a job sent to the thread pool and
 * back, which a profile of one-person batches put first on the server's thread again.
 */
export function verifyDeviceRequest(header: string | undefined, body: string, mac: (data: Uint8Array | string) => Uint8Array, now: number): SignatureCheck {
  if (!header) return 'missing';
  const dot = header.indexOf('.');
  const at = Number(header.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(at)) return 'invalid';
  const given = macFromText(header.slice(dot + 1));
  if (given?.length !== MAC_BYTES) return 'invalid';
  const expected = mac(signedText(at, body));
  // Compared in constant time: every byte, whatever the first difference.
  let difference = 0;
  for (let i = 0; i < MAC_BYTES; i++) difference |= given[i]! ^ expected[i]!;
  if (difference !== 0) return 'invalid';
  return Math.abs(at - now) > SIGNATURE_WINDOW_MS ? 'stale' : 'valid';
}
