// Build-time rendering of the home page (scripts/prerender-home.ts via pwa/vite.config.ts): the first
// paint of `/` comes with the HTML instead of waiting for the app's JavaScript. Runs in Node.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { routeTree } from './routeTree.gen';

export async function renderPage(path: string): Promise<string> {
  const queryClient = new QueryClient();
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
