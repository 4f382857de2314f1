import { type ComponentType, useEffect, useState } from 'react';
import type { SavedPass } from '@pwa/offline/db';
import { databaseMayExist } from '@pwa/offline/db-name';
import { useLocale } from '../i18n/locale';

type DevicePasses = { kind: 'reading' } | { kind: 'none' } | { kind: 'some'; passes: SavedPass[]; PassCard: ComponentType<{ pass: SavedPass }> };

/**
 * Every pass saved on this device, newest first, with the code that draws them when there are any. A device
 * without the app's database has none: the database's code (Dexie) is not loaded and no database is created.
 */
async function readDevicePasses(loadFormTexts: () => Promise<void>): Promise<DevicePasses> {
  if (!(await databaseMayExist())) return { kind: 'none' };
  const { database } = await import('@pwa/offline/db');
  const passes = await database().passes.orderBy('savedAt').reverse().toArray();
  if (passes.length === 0) return { kind: 'none' };
  // A pass speaks the forms' words (catalogue.ts).
  const [{ PassCard }] = await Promise.all([import('./pass-card'), loadFormTexts()]);
  return { kind: 'some', passes, PassCard };
}

/**
 * "My passes": every pass saved on this device, newest first; works offline. The page is hydrated first:
 * the device's database and the pass cards' code load after it, so they never hold up its first taps.
 */
export function PassesList() {
  const [device, setDevice] = useState<DevicePasses>({ kind: 'reading' });
  const { t, href, loadFormTexts } = useLocale();
  useEffect(() => {
    void readDevicePasses(loadFormTexts).then(setDevice, () => setDevice({ kind: 'none' }));
  }, [loadFormTexts]);
  if (device.kind === 'reading') {
    // The server's page and the app's first render: the passes are read from this device just after.
    return <p className="passes__empty">{t('Looking for passes saved on this device…')}</p>;
  }
  if (device.kind === 'none') {
    return (
      <p className="passes__empty">
        {t('No passes on this device yet.')} <a href={href('/visitor-registration')}>{t('Register as a visitor')}</a> {t('and your pass will be kept here.')}
      </p>
    );
  }
  const { passes, PassCard } = device;
  return (
    <ul className="passes">
      {passes.map((pass) => (
        <li key={pass.passCode}>
          <PassCard pass={pass} />
        </li>
      ))}
    </ul>
  );
}
