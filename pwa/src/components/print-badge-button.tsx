import { useState } from 'react';
import { api, readEnvelope } from '../lib/api';
import { errorMessage } from '../lib/api-error';
import type { BadgeEvent, BadgeLayout, BadgePerson } from '../lib/badges/badge-pdf';
import { formatDayRange } from '@shared/dates';
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

/** A reason not to print that the person should read as it is (e.g. too many badges at once). */
export class BadgeRefusal extends Error {}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'badge';

/**
 * "Print badge": a PDF of the people's badges (A6 cards, or A4 sheets of eight labels) with name,
 * organisation, type and the pass's QR code, made on this device — pdf-lib, fontkit and the fonts of the
 * names' scripts are loaded on the first press (precached by the service worker for the door offline).
 */
export function PrintBadgeButton({
  people,
  eventId,
  event,
  layout = 'a6',
  label = 'Print badge',
  className = 'button button--ghost',
}: {
  /** The people, or how to fetch them when pressed (every record of a filter). */
  people: BadgePerson[] | (() => Promise<BadgePerson[]>);
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
      const [{ badgesPdf }, named, chosen] = await Promise.all([
        import('../lib/badges/badge-pdf'),
        event ?? badgeEvent(eventId),
        typeof people === 'function' ? people() : people,
      ]);
      const printed = chosen.filter((person) => person.passCode);
      if (printed.length === 0) throw new BadgeRefusal('None of these records has a pass yet');
      const bytes = await badgesPdf(printed, named, layout);
      saveFile(
        new Blob([bytes as BlobPart], { type: 'application/pdf' }),
        printed.length === 1 ? `badge-${slug(printed[0]!.name)}.pdf` : `badges-${slug(named.name)}-${printed.length}.pdf`,
      );
    } catch (failure) {
      toast.error(failure instanceof BadgeRefusal ? failure.message : errorMessage(failure, 'Failed to make the badge. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={() => void print()} disabled={busy || (Array.isArray(people) && people.length === 0)} aria-busy={busy}>
      {busy ? 'Making badge ...' : label}
    </button>
  );
}
