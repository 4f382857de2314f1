import { doorDeviceKey } from '../../edge/testing/door-device-key';
import { api } from './panel-helpers';

/**
 * Another venue device, driven through the API as the PWA drives it: signed in with its own secret for
 * `token`'s user (its author ticket), sending operations made on the change it last saw (`base`).
 */
export async function apiDevice(baseUrl: string, token: string, name: string, eventId: string) {
  const id = `e2e-${name.toLowerCase().replace(/\W+/g, '-')}-${crypto.randomUUID().slice(0, 8)}`;
  const secret = `${crypto.randomUUID()}${crypto.randomUUID()}`;
  const signIn = await api<{ data: { ticket: string; macKey: string } }>(baseUrl, token, 'POST', '/checkin/device', { id, secret, name, eventId });
  if (signIn.status !== 200) throw new Error(`device sign-in failed: ${signIn.status}`);
  const author = signIn.body.data.ticket;
  const key = await doorDeviceKey(signIn.body.data.macKey);
  return {
    id,
    name,
    secret,
    /** The MAC key issued with its ticket (what the PWA keeps in IndexedDB): the bench MACs its own requests with it. */
    key,
    /** The author ticket of `token`'s user on this device. */
    author,
    /** Sends one batch; each operation is made on `base` (null: the person had no change yet). */
    async send(operations: Array<{ kind?: string; recordId: string; toStatus: string; base?: string | null; deviceTime?: string; id?: string }>) {
      const signed = await key.sign({
        deviceId: id,
        deviceName: name,
        author,
        sentAt: new Date().toISOString(),
        operations: operations.map((op) => ({
          id: op.id ?? crypto.randomUUID(),
          kind: op.kind ?? 'visitors',
          recordId: op.recordId,
          eventId,
          baseOperationId: op.base ?? null,
          toStatus: op.toStatus,
          deviceTime: op.deviceTime ?? new Date().toISOString(),
        })),
      });
      const answer = await fetch(`${baseUrl}/api/checkin/ops`, {
        method: 'POST',
        headers: { ...signed.headers, Authorization: `Bearer ${token}` },
        body: signed.body,
      });
      const res = {
        status: answer.status,
        body: (await answer.json()) as { data: { results: Array<{ id: string; result: string; person: { statusOperationId: string | null } | null }> } },
      };
      if (res.status !== 200) throw new Error(`ops refused: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.results;
    },
    report: (waiting: number) => api(baseUrl, token, 'POST', '/checkin/report', { deviceId: id, eventId, waiting, author }),
    /** One roster page after `since`, pulled as the PWA pulls it: MACed with its ticket's key, under that ticket. */
    async roster<Item>(since = 0, limit = 2000) {
      const { path, headers } = await key.signGet('/api/checkin/roster', { eventId, deviceId: id, since: String(since), limit: String(limit) }, author);
      const answer = await fetch(`${baseUrl}${path}`, { headers: { ...headers, Authorization: `Bearer ${token}` } });
      if (answer.status !== 200) throw new Error(`roster refused: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { data: { items: Item[]; cursor: number; hasMore: boolean } }).data;
    },
  };
}
