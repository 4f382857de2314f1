/**
 * Search params of every admin list screen (validated in the route; bad values fall back rather than
 * failing the screen). Plain functions, not zod: route search validators are not code-split, so a schema
 * here would put zod into the first load of every page, the public home page included.
 */
export interface ListSearch {
  /** The event whose records the list shows; `all` for every event. Absent: the device's remembered choice, else the featured event. */
  eventId?: string;
  page?: number;
  /** Rows per page: one of `PAGE_SIZES`. */
  size?: PageSize;
  q?: string;
  status?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** Rows per page the lists offer; the first is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
/** `eventId` of a list showing every event's records. */
export const ALL_EVENTS = 'all';

/** A positive whole page number, or nothing. */
export function pageParam(value: unknown): number | undefined {
  const page = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(page) && page >= 1 ? page : undefined;
}

export const textParam = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function listSearchSchema(search: Record<string, unknown>): ListSearch {
  const size = pageParam(search.size);
  return {
    eventId: textParam(search.eventId),
    page: pageParam(search.page),
    size: PAGE_SIZES.find((allowed) => allowed === size),
    q: textParam(search.q),
    status: textParam(search.status),
    sort: textParam(search.sort),
    order: search.order === 'asc' || search.order === 'desc' ? search.order : undefined,
  };
}

/** Route loaders start fetching the list while the screen's code loads (the query code loads on demand). */
export async function prefetchList(queryClient: import('@tanstack/react-query').QueryClient, name: import('./types').ResourceName, search: ListSearch) {
  // Without an event the screen first settles which event to show (and puts it in the URL).
  if (search.eventId === undefined) return;
  const { listQueryOptions } = await import('./resource-api');
  await queryClient.prefetchQuery(listQueryOptions(name, search));
}
