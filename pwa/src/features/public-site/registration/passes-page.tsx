import { useEffect, useState } from 'react';
import { database, type SavedPass } from '../../../offline/db';
import { PassCard } from './pass-card';
import './registration.css';

/** "My passes": every pass saved on this device, newest first; works offline. */
export function PassesList() {
  const [passes, setPasses] = useState<SavedPass[] | null>(null);
  useEffect(() => {
    void database()
      .passes.orderBy('savedAt')
      .reverse()
      .toArray()
      .then(setPasses, () => setPasses([]));
  }, []);
  return (
    <>
      {passes === null ? (
        // The server's page and the app's first render: the passes are read from this device just after.
        <p className="passes__empty">Looking for passes saved on this device…</p>
      ) : passes.length === 0 ? (
        <p className="passes__empty">
          No passes on this device yet. <a href="/visitor-registration">Register as a visitor</a> and your pass will be kept here.
        </p>
      ) : (
        <ul className="passes">
          {passes.map((pass) => (
            <li key={pass.passCode}>
              <PassCard pass={pass} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
