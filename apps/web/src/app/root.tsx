// The root route: applies the guard of spec §2 on every path and every session change.
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { decideRoute } from './route-guard';

export function GuardedRoot() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const redirect = decideRoute(pathname, user);
  if (redirect && redirect !== pathname) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
