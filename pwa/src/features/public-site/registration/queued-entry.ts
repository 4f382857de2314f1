import { useEffect, useRef } from 'react';
import type { OutboxEntry } from '@pwa/offline/db';
import { subscribeOutbox } from '@pwa/offline/public-outbox-signal';
import { loadSubmitter } from './registration-types';

/**
 * Follows the submission a form kept on the device (`id`) while the form is open: once it is sent or
 * refused, `onSettled` tells the form (once), which replaces its "will be sent" with what happened.
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
          if (!alive || state === 'waiting') return;
          // Told once: several reads can be under way together (this page's sender and the service worker's
          // report each tell the outbox changed), and a second one would reach the form after it had let the
          // entry go, and word the outcome again without the entry's name.
          alive = false;
          settled.current(state);
        })
        .catch(() => undefined);
    const unsubscribe = subscribeOutbox(check);
    // Read once now as well: the entry may have been sent (or refused) between the form keeping it and this
    // effect running (a network back at once, a busy phone), and that change was told before anyone listened.
    check();
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [id]);
}
