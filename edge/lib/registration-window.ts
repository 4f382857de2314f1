// Whether an event's public forms take submissions: the server refuses outside the window, and the forms
// say so before anyone types. Plain code (its one import is the dates module): the PWA uses it too.
import { formatOpening } from '../../shared/dates';

type RegistrationWindowState = 'open' | 'not-yet' | 'closed';

export interface RegistrationWindow {
  /** ISO 8601 UTC; null: no limit before (opens) or the event's end (closes). */
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  /** The event's end: registration closes then unless the organiser set another close (decision 048). */
  endDateTime: string;
}

/** When registration closes: the organiser's close, else the event's end. */
export const registrationClosesAt = (event: RegistrationWindow): string => event.registrationClosesAt || event.endDateTime;

function registrationWindow(event: RegistrationWindow, now: Date): RegistrationWindowState {
  const at = now.toISOString();
  if (event.registrationOpensAt && at < event.registrationOpensAt) return 'not-yet';
  // Compared as instants: an end stored with another offset or precision still closes on time.
  if (now.getTime() >= Date.parse(registrationClosesAt(event))) return 'closed';
  return 'open';
}

export const REGISTRATION_CLOSED_MESSAGE = 'Registration for this event has closed.';

/** Before the window: `{date}` is its opening, in the event's time zone (India); the site's pages word it in their language. */
export const REGISTRATION_NOT_YET_MESSAGE = 'Registration opens on {date}.';

/** "Registration opens on 1 September 2025 at 10:00 am." */
function registrationNotYetMessage(opensAt: string): string {
  return REGISTRATION_NOT_YET_MESSAGE.replace('{date}', formatOpening(opensAt));
}

/** What the forms and the API say outside the window; null inside it. */
export function registrationClosedMessage(event: RegistrationWindow, now: Date): string | null {
  const state = registrationWindow(event, now);
  if (state === 'not-yet') return registrationNotYetMessage(event.registrationOpensAt!);
  if (state === 'closed') return REGISTRATION_CLOSED_MESSAGE;
  return null;
}
