import { AUTHOR_TICKET_HEADER, DEVICE_SIGNATURE_HEADER, importMacKey, signDeviceRequest, signedQueryText } from '../auth/device-signature';

/**
 * A door device's MAC key for tests and benches that drive the API as the PWA does
 * (auth/device-signature.ts): made from the `macKey` its sign-in answered with its ticket; `sign` makes the
 * body and headers of a MACed request, at `at` (ms on the server's clock: the test app's clock in API tests).
 */
export async function doorDeviceKey(macKey: string) {
  const key = await importMacKey(macKey);
  return {
    /** The key's bytes (base64url), as the sign-in answered them: a load generator MACs with them synchronously (node:crypto). */
    raw: macKey,
    async sign(json: unknown, at = Date.now()) {
      const body = JSON.stringify(json);
      const signature = await signDeviceRequest(key, body, at);
      return { body, headers: { 'Content-Type': 'application/json', [DEVICE_SIGNATURE_HEADER]: signature } };
    },
    /** A MACed GET of `path` with `query`, as the device pulls its roster: the address and the headers naming its `ticket`. */
    async signGet(path: string, query: Record<string, string>, ticket: string, at = Date.now()) {
      const signature = await signDeviceRequest(key, signedQueryText(query), at);
      return { path: `${path}?${new URLSearchParams(query)}`, headers: { [AUTHOR_TICKET_HEADER]: ticket, [DEVICE_SIGNATURE_HEADER]: signature } };
    },
  };
}
export type DoorDeviceKey = Awaited<ReturnType<typeof doorDeviceKey>>;
