// Renders the real route table in memory, with a fresh query client and the toaster.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '@/app/routes';
import { AppToaster } from '@/components/ui/toaster';
import { setApiNavigator } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  setApiNavigator((to) => void router.navigate(to));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
