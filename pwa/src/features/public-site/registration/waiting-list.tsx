import { useEffect, useState } from 'react';
import { database, type OutboxEntry } from '@pwa/offline/db';
import { dismissRefused, pendingEntries, refusedEntries } from '@pwa/offline/public-outbox';
import { heldSubmissions, subscribeOutbox } from '@pwa/offline/public-outbox-signal';
import { useLocale } from '../i18n/locale';
import { refusalAdvice, submissionTitle } from './outbox-report';

type Waiting = Pick<OutboxEntry, 'id' | 'endpoint' | 'name' | 'typeLabel'>;

/**
 * What is saved on this device and still waiting for the server (the outbox, and what a form held before its
 * code loaded), and what the server refused after it waited here, with its words and what to do, until the
 * person dismisses it. Shown on every public page, My passes included.
 */
export default function WaitingList() {
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  const [refused, setRefused] = useState<OutboxEntry[]>([]);
  const { t } = useLocale();
  useEffect(() => {
    let alive = true;
    const load = () => {
      const db = database();
      void Promise.all([pendingEntries(db), refusedEntries(db)]).then(([pending, refusals]) => {
        if (!alive) return;
        const held = heldSubmissions().map(({ id, endpoint, name, typeLabel }) => ({ id, endpoint: endpoint as OutboxEntry['endpoint'], name, typeLabel }));
        setWaiting([...held, ...pending.filter((entry) => !held.some((item) => item.id === entry.id))]);
        setRefused(refusals);
      });
    };
    load();
    const unsubscribe = subscribeOutbox(load);
    return () => {
      alive = false;
      unsubscribe();
    };
  }, []);
  if (waiting.length === 0 && refused.length === 0) return null;
  return (
    <>
      {refused.length > 0 ? (
        <section className="waiting waiting--refused" aria-labelledby="refused-title">
          <h2 id="refused-title">{t('Not accepted ({count})', { count: refused.length })}</h2>
          <ul>
            {refused.map((entry) => {
              const advice = entry.refused ? refusalAdvice(entry.refused) : null;
              return (
                <li key={entry.id}>
                  <p>
                    <strong>{submissionTitle(entry, t)}</strong> {t('was not accepted:')} {t(entry.refused?.message ?? '')}
                    {advice ? ` ${t(advice)}` : null}
                  </p>
                  <button type="button" className="button button--secondary" onClick={() => void dismissRefused(database(), entry.id)}>
                    {t('Dismiss')}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {waiting.length > 0 ? (
        <section className="waiting" aria-labelledby="waiting-title">
          <h2 id="waiting-title">{t('Waiting to be sent ({count})', { count: waiting.length })}</h2>
          <p>{t('Saved on this device. They will be sent automatically as soon as the server can be reached.')}</p>
          <ul>
            {waiting.map((entry) => (
              <li key={entry.id}>
                <strong>{entry.name}</strong> · {t(entry.typeLabel)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
