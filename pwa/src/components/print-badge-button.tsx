import { useState } from 'react';
import { api, readEnvelope } from '../lib/api';
import { errorMessage } from '../lib/api-error';
import type { BadgeEvent, BadgeLayout, BadgePerson } from '../lib/badges/badge-pdf';
import { formatDayRange } from '../lib/dates';
import { saveFile } from '../lib/save-file';
import { toast } from './toasts';

/** The event a badge names: the person's own, or the featured one when the record has none. */
async function badgeEvent(eventId: string | null | undefined): Promise<BadgeEvent> {
  // Event records are the generic resource shape (untyped rows); the site's featured event is typed.
  const event = (
    eventId ? (await readEnvelope(api.api.events[':id'].$get({ param: { id: eventId } }))).data : (await readEnvelope(api.api.public.site.$get())).data.event
  ) as Partial<Record<'eventName' | 'venue' | 'city' | 'startDateTime' | 'endDateTime', string | null>> | null;
  if (!event?.eventName) return { name: 'EventPro' };
  const place = [event.venue, event.city].filter(Boolean).join(', ');
  return { name: event.eventName, dates: formatDayRange(event.startDateTime, event.endDateTime), ...(place ? { venue: place } : {}) };
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'badge';

/**
 * "Print badge": a PDF of the people's badges (A6 cards, or A4 sheets of eight labels) with name,
 * organisation, type and the pass's QR code, made on this device — pdf-lib is loaded on the first press.
 */
export function PrintBadgeButton({
  people,
  eventId,
  event,
  layout = 'a6',
  label = 'Print badge',
  className = 'button button--ghost',
}: {
  people: BadgePerson[];
  eventId: string | null | undefined;
  /** The event as the screen already knows it (the door, offline): then nothing is fetched. */
  event?: BadgeEvent;
  layout?: BadgeLayout;
  label?: string;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      const [{ badgesPdf }, named] = await Promise.all([import('../lib/badges/badge-pdf'), event ?? badgeEvent(eventId)]);
      const bytes = await badgesPdf(people, named, layout);
      saveFile(new Blob([bytes as BlobPart], { type: 'application/pdf' }), people.length === 1 ? `badge-${slug(people[0]!.name)}.pdf` : `badges-${slug(named.name)}-${people.length}.pdf`);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to make the badge. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={() => void print()} disabled={busy || people.length === 0} aria-busy={busy}>
      {busy ? 'Making badge ...' : label}
    </button>
  );
}
