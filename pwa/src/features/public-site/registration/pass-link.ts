// The pass by link (`/p/<token>`): the copy kept on this device first (so it opens offline), then the
// server's, which is saved to "My passes". Knows no screen.
import { apiClient } from '@pwa/lib/api-client';
import { ApiError } from '@pwa/lib/api-error';
import { readEnvelope } from '@pwa/lib/envelope';
import { database, type SavedPass } from '@pwa/offline/db';

export type PassLinkState = { kind: 'loading' } | { kind: 'pass'; pass: SavedPass; fresh: boolean } | { kind: 'invalid' } | { kind: 'offline' };

export async function storedPassOf(token: string): Promise<SavedPass | undefined> {
  // A device keeps a handful of passes: a scan is cheaper than an index of its own.
  return database()
    .passes.filter((pass) => pass.linkToken === token)
    .first();
}

/** Asks the server for the pass; saves it on this device. */
export async function fetchPassByLink(token: string): Promise<PassLinkState> {
  try {
    const { data } = await readEnvelope(apiClient().api.public.passes[':token'].$get({ param: { token: encodeURIComponent(token) } }));
    const pass: SavedPass = {
      passCode: data.passCode,
      name: data.name,
      typeLabel: data.typeLabel,
      eventName: data.eventName,
      recordId: data.recordId,
      savedAt: new Date().toISOString(),
      startDateTime: data.startDateTime,
      endDateTime: data.endDateTime,
      venue: data.venue,
      city: data.city,
      linkToken: token,
      language: data.language,
    };
    const db = database();
    const kept = await db.passes.get(pass.passCode);
    // A pass already in "My passes" keeps its place in the list.
    await db.passes.put(kept ? { ...pass, savedAt: kept.savedAt } : pass);
    return { kind: 'pass', pass, fresh: true };
  } catch (error) {
    // 410: the registration was cancelled, the link replaced by a newer one, or the event is over.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 410)) return { kind: 'invalid' };
    return { kind: 'offline' };
  }
}
