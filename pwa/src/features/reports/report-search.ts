/**
 * The Reports screen's search params. A plain function, not zod, and no imports: route search validators
 * are not code-split, so anything here lands in the first load of every page, the public home page included.
 */
export function reportSearch(search: Record<string, unknown>): { eventId?: string } {
  return typeof search.eventId === 'string' && search.eventId ? { eventId: search.eventId } : {};
}
