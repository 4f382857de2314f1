/**
 * The Lead messages screen's states and search params. No imports: route search validators are not
 * code-split, so anything here lands in the first load of every page (report-search.ts says the same).
 */

/** The states of an exhibitor's request (`GET /api/lead-messages?state=`), as the panel names them. */
export const LEAD_MESSAGE_STATES = [
  { value: 'requested', label: 'Waiting' },
  { value: 'sent', label: 'Passed on' },
  { value: 'declined', label: 'Declined' },
] as const;
export type LeadMessageState = (typeof LEAD_MESSAGE_STATES)[number]['value'];

/** `?eventId=&state=`; the default state (waiting) is left out of the address. */
export function leadMessageSearch(search: Record<string, unknown>): { eventId?: string; state?: LeadMessageState } {
  const state = LEAD_MESSAGE_STATES.find((s) => s.value === search.state)?.value;
  return {
    ...(typeof search.eventId === 'string' && search.eventId ? { eventId: search.eventId } : {}),
    ...(state && state !== 'requested' ? { state } : {}),
  };
}
