// Every route but the login page and the error pages sits under this pathless layout: the
// query client (emptied whenever the signed-in user changes) comes with it, in its own chunk,
// so the login page loads without it (issue 16). Under a provider already (the tests' own
// client), that one is kept.
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { Outlet } from 'react-router';
import { clearOnUserChange, queryClient } from '@/lib/query-client';

export function QueryLayout() {
  const outer = useContext(QueryClientContext);
  useEffect(() => (outer ? undefined : clearOnUserChange(queryClient)), [outer]);
  if (outer) return <Outlet />;
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
