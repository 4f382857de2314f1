import * as z from 'zod/mini';

/**
 * Search params of every admin list screen (validated in the route; bad values fall back rather than
 * failing the screen). Kept tiny: it is part of the route tree every page loads.
 */
export const listSearchSchema = z.object({
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1))), undefined),
  q: z.catch(z.optional(z.string()), undefined),
  status: z.catch(z.optional(z.string()), undefined),
  sort: z.catch(z.optional(z.string()), undefined),
  order: z.catch(z.optional(z.enum(['asc', 'desc'])), undefined),
});
export type ListSearch = z.infer<typeof listSearchSchema>;

/** Route loaders start fetching the list while the screen's code loads (the query code loads on demand). */
export async function prefetchList(queryClient: import('@tanstack/react-query').QueryClient, name: string, search: ListSearch) {
  const { listQueryOptions } = await import('./resource-api');
  await queryClient.prefetchQuery(listQueryOptions(name, search));
}
