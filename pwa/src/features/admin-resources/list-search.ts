/**
 * Search params of every admin list screen (validated in the route; bad values fall back rather than
 * failing the screen). Plain functions, not zod: route search validators are not code-split, so a schema
 * here would put zod into the first load of every page, the public home page included.
 */
export interface ListSearch {
  page?: number;
  q?: string;
  status?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** A positive whole page number, or nothing. */
export function pageParam(value: unknown): number | undefined {
  const page = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(page) && page >= 1 ? page : undefined;
}

export const textParam = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function listSearchSchema(search: Record<string, unknown>): ListSearch {
  return {
    page: pageParam(search.page),
    q: textParam(search.q),
    status: textParam(search.status),
    sort: textParam(search.sort),
    order: search.order === 'asc' || search.order === 'desc' ? search.order : undefined,
  };
}

/** Route loaders start fetching the list while the screen's code loads (the query code loads on demand). */
export async function prefetchList(queryClient: import('@tanstack/react-query').QueryClient, name: import('./types').ResourceName, search: ListSearch) {
  const { listQueryOptions } = await import('./resource-api');
  await queryClient.prefetchQuery(listQueryOptions(name, search));
}
