// Changes the server refused for good (a validation failure, a person no longer on the roster): they
// stay in the outbox with the server's reason until staff choose. "Retry" puts one back in its original
// place in the queue; "Discard" drops it, and the next roster pull brings the server's state.
import { database } from './db';
import { announce } from './store-broadcast';

/** "Retry" on a refused entry: it goes back to the queue, in its original place. */
export async function retryRefused(seq: number): Promise<void> {
  await database().checkinOutbox.update(seq, { state: 'waiting', reason: undefined });
  announce({ type: 'outbox' });
}

/** "Discard" on a refused entry: the server's state is taken at the next pull. */
export async function discardRefused(seq: number): Promise<void> {
  await database().checkinOutbox.delete(seq);
  announce({ type: 'outbox' });
}
