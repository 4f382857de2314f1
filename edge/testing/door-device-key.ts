import { DEVICE_SIGNATURE_HEADER, devicePublicKey, makeDeviceKeyPair, signDeviceRequest } from '../auth/device-signature';

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
  };
}
export type DoorDeviceKey = Awaited<ReturnType<typeof doorDeviceKey>>;
