/**
 * Door devices sign what they send with a key they cannot export (decision 053). A device makes an ECDSA
 * P-256 key pair once, with `extractable: false`, and keeps the CryptoKey objects in IndexedDB (they are
 * structured-clonable; the private key's bytes never reach JavaScript). It registers the public key (a JWK)
 * when it signs in; the server binds it into the author ticket (`cnf.jwk`, RFC 7800's proof of possession),
 * so a ticket read off the device speaks for nobody without the key.
 *
 * Each signed request carries `X-Device-Signature: <ms>.<signature>`: an ECDSA/SHA-256 signature (base64url,
 * IEEE P1363) over `<ms>.<the request body as sent>`, where `<ms>` is the server's time as the device
 * estimates it. The server accepts it within SIGNATURE_WINDOW_MS of its own clock; outside, it answers
 * `stale` with its time (the `Date` header) and the device signs again. Resending the same batch is
 * harmless (each operation applies once by its id), so the window only has to stop an old capture.
 *
 * A request without a body (the roster pull, a GET) is signed over its query instead (`signedQueryText`), and
 * names the key it is signed with by the author ticket of the user signed in (`AUTHOR_TICKET_HEADER`): the
 * server proves with it which device asks, so a revoked device's pull is refused whatever its request says.
 *
 * Browser-safe: WebCrypto only, used by the device (pwa/src/offline) and the server (routes/checkin.ts).
 */
export const DEVICE_SIGNATURE_HEADER = 'X-Device-Signature';
/** A signed GET's author ticket (auth/author-ticket.ts): the ticket's `cnf.jwk` is the key that signed it. */
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

/** A device's public key as registered and bound into its tickets. */
export interface DevicePublicKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** A new key pair for this device: the private key can sign and can never be read out. */
export function makeDeviceKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(KEY_ALGORITHM, false, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

/** The public half as the server registers it. */
export async function devicePublicKey(pair: CryptoKeyPair): Promise<DevicePublicKey> {
  const { x, y } = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { kty: 'EC', crv: 'P-256', x: x!, y: y! };
}

const signedBytes = (at: number, body: string) => new TextEncoder().encode(`${at}.${body}`);

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

/** The header value for `body`, signed at `at` (the server's time in ms, as the device estimates it). */
export async function signDeviceRequest(privateKey: CryptoKey, body: string, at: number): Promise<string> {
  const signature = new Uint8Array(await crypto.subtle.sign(SIGNING, privateKey, signedBytes(at, body)));
  return `${at}.${base64url(signature)}`;
}

/** Imported public keys by their coordinates: a gate sends with one key all day. */
const importedKeys = new Map<string, Promise<CryptoKey>>();

function importedKey(key: DevicePublicKey): Promise<CryptoKey> {
  const id = `${key.x}.${key.y}`;
  let imported = importedKeys.get(id);
  if (!imported) {
    if (importedKeys.size >= 10_000) importedKeys.clear();
    imported = crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: key.x, y: key.y }, KEY_ALGORITHM, false, ['verify']);
    imported.catch(() => importedKeys.delete(id));
    importedKeys.set(id, imported);
  }
  return imported;
}

/** Whether a request was signed by the key: `stale` when its time is outside the window of `now`. */
export type SignatureCheck = 'valid' | 'missing' | 'invalid' | 'stale';

export async function verifyDeviceRequest(header: string | undefined, body: string, key: DevicePublicKey, now: number): Promise<SignatureCheck> {
  if (!header) return 'missing';
  const dot = header.indexOf('.');
  const at = Number(header.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(at)) return 'invalid';
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = fromBase64url(header.slice(dot + 1));
  } catch {
    return 'invalid';
  }
  if (signature.length !== 64) return 'invalid';
  try {
    const valid = await crypto.subtle.verify(SIGNING, await importedKey(key), signature, signedBytes(at, body));
    if (!valid) return 'invalid';
  } catch {
    return 'invalid';
  }
  return Math.abs(at - now) > SIGNATURE_WINDOW_MS ? 'stale' : 'valid';
}

/** Whether `value` is a P-256 public key in the shape `devicePublicKey` makes (checked at the edge by the schema). */
export const isDevicePublicKey = (value: unknown): value is DevicePublicKey =>
  typeof value === 'object' &&
  value !== null &&
  (value as DevicePublicKey).kty === 'EC' &&
  (value as DevicePublicKey).crv === 'P-256' &&
  typeof (value as DevicePublicKey).x === 'string' &&
  typeof (value as DevicePublicKey).y === 'string';
