/**
 * Search params of every admin list screen (validated in the route; bad values fall back rather than
 * failing the screen). Plain functions, not zod: route search validators are not code-split, so a schema
 * here would put zod into the first load of every page, the public home page included.
 */
export interface ListSearch {
  /** The event whose records the list shows; `all` for every event. Absent: the device's remembered choice, else the featured event. */
  eventId?: string;
  page?: number;
  /** Rows per page: one of the screen's page sizes (`PAGE_SIZES` unless it has its own). */
  size?: PageSize;
  q?: string;
  status?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  /** Visitors by their answers: `looking-for:villa` (shared/registration-questions.ts). */
  answer?: string;
}

/** Rows per page the lists offer; the first is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;
/** Every page size a screen may offer (the events list starts at 10). */
const ANY_PAGE_SIZE = [10, 25, 50, 100] as const;
export type PageSize = (typeof ANY_PAGE_SIZE)[number];
/** `eventId` of a list showing every event's records. */
export const ALL_EVENTS = 'all';

/** A positive whole page number, or nothing. */
function pageParam(value: unknown): number | undefined {
  const page = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(page) && page >= 1 ? page : undefined;
}

const textParam = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function listSearchSchema(search: Record<string, unknown>): ListSearch {
  const size = pageParam(search.size);
  return {
    eventId: textParam(search.eventId),
    page: pageParam(search.page),
    size: ANY_PAGE_SIZE.find((allowed) => allowed === size),
    q: textParam(search.q),
    status: textParam(search.status),
    sort: textParam(search.sort),
    order: search.order === 'asc' || search.order === 'desc' ? search.order : undefined,
    answer: textParam(search.answer),
  };
}

/**
 * The list's filter as the screen reads it from the URL: a list not narrowed to one event (the events
 * themselves) always shows every event's records, and a page size the screen does not offer is its first.
 */
export function screenSearch(config: Pick<import('./types').ResourceConfig, 'eventFilter' | 'pageSizes'>, search: ListSearch): ListSearch {
  const sizes: readonly PageSize[] = config.pageSizes ?? PAGE_SIZES;
  return {
    ...search,
    ...(config.eventFilter === false ? { eventId: ALL_EVENTS } : {}),
    size: search.size !== undefined && sizes.includes(search.size) ? search.size : sizes[0],
  };
}

/** Route loaders start fetching the list while the screen's code loads (the query code loads on demand). */
export async function prefetchList(queryClient: import('@tanstack/react-query').QueryClient, name: import('./types').ResourceName, search: ListSearch) {
  // Without an event the screen first settles which event to show (and puts it in the URL).
  if (search.eventId === undefined) return;
  const { listQueryOptions } = await import('./resource-api');
  await queryClient.prefetchQuery(listQueryOptions(name, search));
}
