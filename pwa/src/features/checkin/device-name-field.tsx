import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { useEffect, useId, useState } from 'react';
import { deviceInfo, setDeviceName } from '../../offline/device-record';
import { signInDevice } from '../../offline/checkin-sync';
import './device-name-field.css';

/**
 * "This device": the name staff give a tablet ("Gate 2 tablet"), shown in each person's history, the
 * conflict inbox and the dashboard instead of an id. Saved on the device; sent with its next sign-in and
 * every batch.
 */
export function DeviceNameField() {
  const id = useId();
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    void deviceInfo().then((info) => {
      setName(info.name ?? '');
      setSaved(info.name ?? '');
    });
  }, []);
  const save = async () => {
    const info = await setDeviceName(name);
    setName(info.name ?? '');
    setSaved(info.name ?? '');
    if (deviceHasNetwork()) void signInDevice().catch(() => undefined);
  };
  return (
    <form
      className="ci-device-name"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor={id}>This device</label>
      <input id={id} value={name} maxLength={60} placeholder="e.g. Gate 2 tablet" onChange={(e) => setName(e.target.value)} data-testid="device-name" />
      <button type="submit" className="ci-button ci-button--small" disabled={saved === null || name.trim() === saved}>
        Save name
      </button>
    </form>
  );
}
