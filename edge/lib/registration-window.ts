// Whether an event's public forms take submissions: the server refuses outside the window, and the forms
// say so before anyone types. Plain code (its one import is the dates module): the PWA uses it too.
import { formatOpening } from '../../pwa/src/lib/dates';

type RegistrationWindowState = 'open' | 'not-yet' | 'closed';

export interface RegistrationWindow {
  /** ISO 8601 UTC; null: no limit on that side. */
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
}

function registrationWindow(event: RegistrationWindow, now: Date): RegistrationWindowState {
  const at = now.toISOString();
  if (event.registrationOpensAt && at < event.registrationOpensAt) return 'not-yet';
  if (event.registrationClosesAt && at >= event.registrationClosesAt) return 'closed';
  return 'open';
}

export const REGISTRATION_CLOSED_MESSAGE = 'Registration for this event has closed.';

/** "Registration opens on 1 September 2025 at 10:00 am." in the event's time zone (India). */
function registrationNotYetMessage(opensAt: string): string {
  return `Registration opens on ${formatOpening(opensAt)}.`;
}

/** What the forms and the API say outside the window; null inside it. */
export function registrationClosedMessage(event: RegistrationWindow, now: Date): string | null {
  const state = registrationWindow(event, now);
  if (state === 'not-yet') return registrationNotYetMessage(event.registrationOpensAt!);
  if (state === 'closed') return REGISTRATION_CLOSED_MESSAGE;
  return null;
}
