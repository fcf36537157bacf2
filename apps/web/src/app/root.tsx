// The root route: applies the guard of spec §2 on every path and every session change. A
// signed-out visitor turned away from a guarded page is remembered, and lands there once every
// sign-in step is done (only a page of their own area); the "Signed in" toast waits until then.
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Navigate, Outlet, useLocation } from 'react-router';
import { forgetReturnTo, readReturnTo, rememberReturnTo, takeSignedInToast } from '@/lib/after-sign-in';
import { useSession } from '@/lib/session';
import { decideRoute, isInOwnArea, needsSession, pendingStep } from './route-guard';

export function GuardedRoot() {
  const { pathname, search, hash } = useLocation();
  const { user } = useSession();
  const signedIn = !!user && pendingStep(user) === null;
  const inArea = signedIn && isInOwnArea(pathname, user);

  useEffect(() => {
    if (!inArea) return;
    const message = takeSignedInToast();
    if (message) toast.success(message);
  }, [inArea]);

  const redirect = decideRoute(pathname, user, readReturnTo());
  if (redirect && redirect !== pathname) {
    if (!user && needsSession(pathname)) rememberReturnTo(`${pathname}${search}${hash}`);
    // Every step done: the remembered page (or the home) is where this redirect goes.
    if (signedIn) forgetReturnTo();
    return <Navigate to={redirect} replace />;
  }
  return <Outlet />;
}
