// What the one big action of a person card does, and the words for kinds and statuses.
import { DOOR_FLOW, isDoorHold, type RosterKind } from '@edge/schemas/checkin';
import { statusLabel } from '../../components/panel-format';
import { byDoorKind, doorOf } from '@shared/resources/kinds';

export const KIND_LABELS: Record<RosterKind, string> = byDoorKind((kind) => doorOf(kind).label);

/** A status in the door's words: sentence case ("Checked in"), "No status" when there is none. */
export const doorStatusLabel = (status: string) => statusLabel(status, { sentence: true, empty: 'No status' });

const ACTION_LABELS: Record<string, string> = {
  checked_in: 'Check in',
  reached: 'Mark reached',
  exited_ramp: 'Exited ramp',
  left_venue: 'Left venue',
  registered_at_venue: 'Registered at venue',
  not_visited: 'Mark not visited',
};
export const actionLabel = (status: string) => ACTION_LABELS[status] ?? doorStatusLabel(status);

/**
 * The next sensible status: anyone not yet checked in is checked in; a checked-in visitor has no next
 * step (a second check-in would count them twice); guests, speakers, VIP awardees and contacts move on
 * to exited ramp, then left venue, and may come back in (checked in again). A refused pass has none.
 */
export function nextStatus(kind: RosterKind, status: string): string | null {
  if (isDoorHold(kind, status)) return null;
  const flow = DOOR_FLOW[kind];
  const checkedIn = flow.indexOf('checked_in');
  const at = flow.indexOf(status);
  if (status === 'checked_in') return kind === 'visitors' ? null : (flow[checkedIn + 1] ?? null);
  if (at < checkedIn) return 'checked_in';
  if (kind === 'visitors') return 'checked_in'; // not_visited: they came after all
  return flow[at + 1] ?? 'checked_in';
}

/**
 * The other statuses one may set by hand (less prominent than the big action). A person on hold has none
 * for staff: only an organiser lifts a hold.
 */
export function otherStatuses(kind: RosterKind, status: string, organiser: boolean): string[] {
  if (!organiser && isDoorHold(kind, status)) return [];
  const next = nextStatus(kind, status);
  return DOOR_FLOW[kind].filter((s) => s !== status && s !== next);
}

/**
 * What the door says about a person it has just found: `refused` (an organiser's hold — cancelled,
 * inactive, not attending — `DOOR_HOLDS` in the shared schema, the list the server holds too), `already`
 * (checked in already: a second entry on the same pass), or `ok`. A refused card offers no big action;
 * only an organiser may lift the hold, under "Other status".
 */
export function doorVerdict(kind: RosterKind, status: string): 'ok' | 'already' | 'refused' {
  if (isDoorHold(kind, status)) return 'refused';
  if (status === 'checked_in') return 'already';
  return 'ok';
}
