import { confirmAction } from '../../components/confirm-host';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIsAdmin, usePanelUser } from '../../components/panel-session';
import { toast } from '../../components/toasts';
import { formatMoment } from '@shared/dates';
import { api, readEnvelope } from '../../lib/api';
import { panelKeys } from '../../lib/resource-keys';
import '../../components/records-list.css';
import './checkin.css';
import './conflicts.css';

/** One row of `GET /api/checkin/devices`. */
type DeviceRow = Awaited<ReturnType<typeof fetchDevices>>[number];

const fetchDevices = async () => (await readEnvelope(api.api.checkin.devices.$get())).data.items;

const devicesQueryOptions = () => queryOptions({ queryKey: panelKeys.devices, queryFn: fetchDevices, refetchInterval: 30_000 });

/** "3 min", "2 h 5 min": how long ago a device was last heard from. */
function age(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ${minutes % 60} min ago` : `${Math.floor(hours / 24)} days ago`;
}

/** A clock offset in words: "on time", "3 h 2 min slow". */
function skew(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  if (minutes < 1) return 'on time';
  const text = minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${text} ${offsetMs > 0 ? 'slow' : 'fast'}`;
}

/** Where a device is used: the door, or an exhibitor's stall (its phones, decision 088). */
function placeOf(d: DeviceRow): string {
  if (!d.exhibitor) return 'The door';
  return `${d.exhibitor.stallNumber ? `Stall ${d.exhibitor.stallNumber}, ` : ''}${d.exhibitor.name || 'an exhibitor'}`;
}

/** A device as another row names it: its name, or the start of its id when it has none. */
function deviceLabel(d: DeviceRow): string {
  return d.name || `Unnamed (${d.deviceId.slice(0, 8)})`;
}

/** Revoke: asked once, then the device's tickets and session end and its next contact wipes it. */
function RevokeButton({ device }: { device: DeviceRow }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => readEnvelope(api.api.checkin.devices[':id'].revoke.$post({ param: { id: device.deviceId } })),
    onSuccess: () => {
      toast.success(`${device.name || 'The device'} is revoked`);
      void queryClient.invalidateQueries({ queryKey: panelKeys.devices });
    },
    onError: (error) => toast.error(`Not revoked: ${error.message}`),
  });
  return (
    <button
      type="button"
      className="ci-button ci-button--small ci-button--danger"
      disabled={revoke.isPending}
      data-testid="revoke-device"
      onClick={async () => {
        const sure = await confirmAction({
          title: `Revoke ${device.name || 'this device'}?`,
          text: 'Its sign-in ends and the changes it makes from now wait for your decision; at its next contact it wipes the roster it keeps. Changes it made before now still count. It can join again only as a new device.',
          confirmLabel: 'Revoke',
          danger: true,
        });
        if (sure) revoke.mutate();
      }}
    >
      {revoke.isPending ? 'Revoking…' : 'Revoke'}
    </button>
  );
}

/** Admins: every door device and exhibitor phone (decision 088), what it last said, and Revoke for a lost or stolen one. */
export function DevicesPage() {
  const user = usePanelUser();
  const isAdmin = useIsAdmin();
  const devices = useQuery({ ...devicesQueryOptions(), enabled: isAdmin });
  /** Revoked devices, and devices replaced on their browser by a new one, are history: shown on request. */
  const [showRetired, setShowRetired] = useState(false);

  if (user && !isAdmin) {
    return (
      <section className="panel-screen">
        <h1>Devices</h1>
        <p className="panel-muted">The devices are shown to administrators.</p>
      </section>
    );
  }
  const rows = (devices.data ?? []).filter((d) => showRetired || (!d.revokedAt && !d.replacedAt));
  // Which device replaced which (decision 086): both ends are rows of the same list, the old one shown on request.
  const byId = new Map((devices.data ?? []).map((d) => [d.deviceId, d]));
  const predecessorOf = new Map((devices.data ?? []).flatMap((d) => (d.replacedBy ? [[d.replacedBy, deviceLabel(d)] as const] : [])));
  /** The new device's name; a device replaced on its open page (decision 072) did not learn which device followed it. */
  const replacementOf = (d: DeviceRow) => {
    const next = d.replacedBy ? byId.get(d.replacedBy) : undefined;
    return next ? deviceLabel(next) : 'a new device';
  };
  const silent = (devices.data ?? []).filter((d) => d.silent);

  return (
    <section className="panel-screen ci-screen panel-records" aria-labelledby="ci-devices-title">
      <header className="ci-head">
        <div className="ci-title">
          <h1 id="ci-devices-title">Devices</h1>
          <Link to="/panel/checkin" className="ci-link">
            Back to check-in
          </Link>
        </div>
        <label className="ci-switch">
          <input type="checkbox" checked={showRetired} onChange={(e) => setShowRetired(e.target.checked)} />
          <span>Show revoked and replaced</span>
        </label>
      </header>
      <p className="ci-muted">
        Every phone and tablet that signed in at the door, and every exhibitor’s phone (used at their stall). “Waiting” is what the device last said it still
        had to send, with the age of that report. Revoke a lost or stolen device: a door device’s changes made before now still count; an exhibitor’s phone is
        signed out and its waiting scans are wiped.
      </p>
      {silent.length > 0 && (
        <p className="ci-note ci-note--warn" role="alert" data-testid="silent-devices">
          {silent.length === 1 ? '1 device has' : `${silent.length} devices have`} changes waiting and no word for over an hour:{' '}
          {silent.map((d) => `${d.name || d.deviceId.slice(0, 8)} (${d.waiting} waiting, ${age(d.ageMs)})`).join(', ')}. Find{' '}
          {silent.length === 1 ? 'it' : 'them'} and connect {silent.length === 1 ? 'it' : 'them'} to a network.
        </p>
      )}
      {devices.isPending && <p className="ci-muted">Loading the devices…</p>}
      {devices.isError && (
        <p className="ci-note ci-note--warn" role="alert">
          Could not load the devices: {devices.error.message}
        </p>
      )}
      {devices.data && rows.length === 0 && <p className="ci-muted ci-empty">No device has signed in at the door yet.</p>}
      {rows.length > 0 && (
        // The admin lists' table (components/records-list.css): one line a device on a laptop, a card a device on a phone.
        <div className="panel-table-wrap">
          <table className="panel-table" data-testid="devices">
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">Used at</th>
                <th scope="col">Last user</th>
                <th scope="col">Last contact</th>
                <th scope="col">Waiting</th>
                <th scope="col">Clock</th>
                <th scope="col">App</th>
                <th scope="col" className="panel-table__actions">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr
                  key={d.deviceId}
                  data-testid="device-row"
                  data-device={d.deviceId}
                  data-revoked={d.revokedAt ? 'yes' : 'no'}
                  data-replaced={d.replacedAt ? 'yes' : 'no'}
                >
                  <td data-label="Device" className="panel-col--p1">
                    <strong>{d.name || <span className="ci-muted">{deviceLabel(d)}</span>}</strong>
                    {d.replacedAt && (
                      <span className="ci-device-link ci-muted" data-testid="device-replaced-by" title={`Replaced by ${replacementOf(d)}`}>
                        Replaced by {replacementOf(d)}
                      </span>
                    )}
                    {predecessorOf.has(d.deviceId) && (
                      <span className="ci-device-link ci-muted" data-testid="device-replaces" title={`Replaces ${predecessorOf.get(d.deviceId)}`}>
                        Replaces {predecessorOf.get(d.deviceId)}
                      </span>
                    )}
                  </td>
                  <td data-label="Used at" className="panel-col--p1" title={placeOf(d)}>
                    {placeOf(d)}
                  </td>
                  <td data-label="Last user">{d.reportedBy || '—'}</td>
                  <td data-label="Last contact" title={formatMoment(d.reportedAt)}>
                    {age(d.ageMs)}
                  </td>
                  <td data-label="Waiting" className={d.silent ? 'ci-cell--warn' : undefined}>
                    {d.waiting.toLocaleString('en-IN')}
                    {d.replacedAt && d.waiting > 0 ? (
                      // Its data was cleared with its queue: the dashboard no longer counts this report (the counts' live devices).
                      <span title="Its site data was cleared: these changes never reached the server, and the dashboard does not count them"> (lost)</span>
                    ) : d.stale && d.waiting > 0 ? (
                      ' (old report)'
                    ) : (
                      ''
                    )}
                  </td>
                  <td data-label="Clock" className={d.clockSkewed ? 'ci-cell--warn' : undefined}>
                    {d.clockCheckedAt ? skew(d.clockOffsetMs) : '—'}
                  </td>
                  <td data-label="App" title={d.appVersion ?? undefined}>
                    {d.appVersion ?? '—'}
                  </td>
                  <td className="panel-table__actions">
                    {d.revokedAt ? (
                      <span className="ci-muted">
                        Revoked {formatMoment(d.revokedAt)}
                        {d.revokedBy ? ` by ${d.revokedBy}` : ''}
                      </span>
                    ) : d.replacedAt ? (
                      // Its site data was cleared and the tablet came back as a new device: its key is gone, nothing to revoke.
                      <span className="ci-muted" title="Its site data was cleared; the tablet signed in again as a new device">
                        Replaced {formatMoment(d.replacedAt)}
                      </span>
                    ) : (
                      <RevokeButton device={d} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
