/**
 * A venue tablet back online, as its own process: sends 500-operation batches to `/api/checkin/ops` one
 * after another until it is stopped, and reports each batch's time to its parent. The bench runs it apart
 * from the load generator because a real tablet is another device: in the same process its request
 * building and its 190 KB answers would hold up the measured crowd's requests on the client side.
 *
 * Run by `benchDoorLoad` (bench/checkin.ts) with: url, login token, event id, and a file listing the ids of
 * the people it checks in (one per line).
 */
import { readFileSync } from 'node:fs';
import { apiDevice } from '../tests/e2e/door-device';

const [url, token, eventId, peopleFile] = process.argv.slice(2) as [string, string, string, string];
const people = readFileSync(peopleFile, 'utf8').split('\n').filter(Boolean);
const tablet = await apiDevice(url, token, 'Bench syncing tablet', eventId);
process.send!({ ready: true });
let next = 0;
let stopped = false;
process.on('message', () => (stopped = true));
while (!stopped) {
  const start = performance.now();
  await tablet.send(Array.from({ length: 500 }, () => ({ recordId: people[next++ % people.length]!, toStatus: 'checked_in' })));
  process.send!({ batchMs: performance.now() - start });
}
process.disconnect();
