import { formatDayRange } from '@shared/dates';
import { RESOURCES } from '@shared/resources/kinds';
import { eventPlace } from '@edge/lib/event-time';
import type { SavedPass } from '@pwa/offline/db';
import type { FontFiles } from '../pdf-text';
import { badgesPdf } from './badge-pdf';

/** The band a pass prints: its kind's badge word ("Exhibitor"), or the door's ("Visitor"), found by the pass's type. */
function bandOf(typeLabel: string): string {
  for (const kind of Object.values(RESOURCES) as Array<{ pass?: { typeLabel: string }; badge?: string; door?: { label: string } }>) {
    if (kind.pass?.typeLabel === typeLabel) return kind.badge ?? kind.door?.label ?? typeLabel;
  }
  return typeLabel;
}

/**
 * A pass to keep (issue 30): the person's badge as the panel prints it (an A6 page: the event, their name
 * in any script, the QR code and the pass code), made on the device from the pass it holds, so it works
 * offline too. The badges' module and fonts are fetched at the first download, never precached for visitors.
 */
export function passPdf(pass: SavedPass, fontFiles?: FontFiles): Promise<Uint8Array> {
  const place = eventPlace(pass.venue ?? '', pass.city ?? '');
  return badgesPdf(
    [{ name: pass.name, type: bandOf(pass.typeLabel), passCode: pass.passCode }],
    {
      name: pass.eventName,
      ...(pass.startDateTime && pass.endDateTime ? { dates: formatDayRange(pass.startDateTime, pass.endDateTime) } : {}),
      ...(place ? { venue: place } : {}),
    },
    'a6',
    fontFiles,
  );
}
