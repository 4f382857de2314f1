// What the one big action of a person card does, and the words for kinds and statuses.
import { DOOR_FLOW, type RosterKind } from '@edge/schemas/checkin';
import { statusLabel } from '../../components/panel-format';

export const KIND_LABELS: Record<RosterKind, string> = {
  visitors: 'Visitor',
  guests: 'Guest',
  speakers: 'Speaker',
  awardeesvip: 'VIP awardee',
  stalls: 'Stall contact',
  sponsors: 'Sponsor contact',
};

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
 * Statuses whose pass the door does not admit on its own: the registration was cancelled or switched
 * off in the panel. The card says so and offers no big action; staff may still choose a status under
 * "Other status" after checking at the desk.
 */
const REFUSED_STATUSES: ReadonlySet<string> = new Set(['cancelled', 'inactive']);

/**
 * The next sensible status: anyone not yet checked in is checked in; a checked-in visitor has no next
 * step (a second check-in would count them twice); guests, speakers, VIP awardees and contacts move on
 * to exited ramp, then left venue, and may come back in (checked in again). A refused pass has none.
 */
export function nextStatus(kind: RosterKind, status: string): string | null {
  if (REFUSED_STATUSES.has(status)) return null;
  const flow = DOOR_FLOW[kind];
  const checkedIn = flow.indexOf('checked_in');
  const at = flow.indexOf(status);
  if (status === 'checked_in') return kind === 'visitors' ? null : (flow[checkedIn + 1] ?? null);
  if (at < checkedIn) return 'checked_in';
  if (kind === 'visitors') return 'checked_in'; // not_visited: they came after all
  return flow[at + 1] ?? 'checked_in';
}

/** The other statuses staff may set by hand (less prominent than the big action). */
export function otherStatuses(kind: RosterKind, status: string): string[] {
  const next = nextStatus(kind, status);
  return DOOR_FLOW[kind].filter((s) => s !== status && s !== next);
}

/**
 * What the door says about a person it has just found: `refused` (their pass is not to be admitted),
 * `already` (checked in already: a second entry on the same pass), or `ok`.
 */
export function doorVerdict(status: string): 'ok' | 'already' | 'refused' {
  if (REFUSED_STATUSES.has(status)) return 'refused';
  if (status === 'checked_in') return 'already';
  return 'ok';
}
