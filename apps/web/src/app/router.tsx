import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setApiNavigator } from '@/lib/api-client';
import { setRouterNavigate } from '@/lib/app-navigation';
import { appRoutes } from './routes';

export const router = createBrowserRouter(appRoutes);

// The API client's redirects (401 → /, 403 → /403, 500 → /500, 503 → /503) stay in the SPA.
setApiNavigator((to) => {
  if (router.state.location.pathname !== to) void router.navigate(to);
});
// The sign-in page's links, once the router is here.
setRouterNavigate((to) => void router.navigate(to));

export function AppRouter() {
  return <RouterProvider router={router} />;
}
