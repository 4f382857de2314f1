import {
  AUTHOR_TICKET_HEADER,
  DEVICE_SIGNATURE_HEADER,
  devicePublicKey,
  makeDeviceKeyPair,
  signDeviceRequest,
  signedQueryText,
} from '../auth/device-signature';

/**
 * A door device's signing key for tests and benches that drive the API as the PWA does
 * (auth/device-signature.ts): its public half goes with the device's sign-in, and `sign` makes the body
 * and headers of a signed request, at `at` (ms on the server's clock: the test app's clock in API tests).
 */
export async function doorDeviceKey() {
  const pair = await makeDeviceKeyPair();
  const publicKey = await devicePublicKey(pair);
  return {
    publicKey,
    /** The private half (not extractable): a load generator signs with it synchronously (node:crypto's KeyObject.from). */
    privateKey: pair.privateKey,
    async sign(json: unknown, at = Date.now()) {
      const body = JSON.stringify(json);
      const signature = await signDeviceRequest(pair.privateKey, body, at);
      return { body, headers: { 'Content-Type': 'application/json', [DEVICE_SIGNATURE_HEADER]: signature } };
    },
    /** A signed GET of `path` with `query`, as the device pulls its roster: the address and the headers naming its `ticket`. */
    async signGet(path: string, query: Record<string, string>, ticket: string, at = Date.now()) {
      const signature = await signDeviceRequest(pair.privateKey, signedQueryText(query), at);
      return { path: `${path}?${new URLSearchParams(query)}`, headers: { [AUTHOR_TICKET_HEADER]: ticket, [DEVICE_SIGNATURE_HEADER]: signature } };
    },
  };
}
export type DoorDeviceKey = Awaited<ReturnType<typeof doorDeviceKey>>;
