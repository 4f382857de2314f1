import { useEffect, useRef } from 'react';
import type { OutboxEntry } from '@pwa/offline/db';
import { subscribeOutbox } from '@pwa/offline/public-outbox-signal';
import { loadSubmitter } from './registration-types';

/**
 * Follows the submission a form kept on the device (`id`) while the form is open: once it is sent or
 * refused, `onSettled` tells the form, which replaces its "will be sent" with what happened.
 */
export function useQueuedEntry(id: string | null, onSettled: (state: 'sent' | NonNullable<OutboxEntry['refused']>) => void): void {
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    if (!id) return;
    let alive = true;
    const check = () =>
      void loadSubmitter()
        .then((submitter) => submitter.outboxEntryState(id))
        .then((state) => {
          if (alive && state !== 'waiting') settled.current(state);
        })
        .catch(() => undefined);
    const unsubscribe = subscribeOutbox(check);
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [id]);
}
