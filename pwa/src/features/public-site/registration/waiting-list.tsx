import { useEffect, useState } from 'react';
import { database, type OutboxEntry } from '@pwa/offline/db';
import { pendingEntries } from '@pwa/offline/public-outbox';
import { subscribeOutbox } from '@pwa/offline/public-outbox-signal';

/** What is saved on this device and still waiting for the network. */
export default function WaitingList() {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    let alive = true;
    const load = () => void pendingEntries(database()).then((items) => alive && setEntries(items));
    load();
    const unsubscribe = subscribeOutbox(load);
    return () => {
      alive = false;
      unsubscribe();
    };
  }, []);
  if (entries.length === 0) return null;
  return (
    <section className="waiting" aria-labelledby="waiting-title">
      <h2 id="waiting-title">Waiting to be sent ({entries.length})</h2>
      <p>Saved on this device. They will be sent automatically when you are back online.</p>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <strong>{entry.name}</strong> · {entry.typeLabel}
          </li>
        ))}
      </ul>
    </section>
  );
}
